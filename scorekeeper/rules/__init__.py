"""The Yahtzee rules engine: boxes, scoring, the joker, totals and turn order (stdlib only)."""

from .boxes import BOXES, LOWER_BOXES, UPPER_BOXES, Box, Edition
from .errors import RuleViolation
from .game import MAX_PLAYERS, MIN_PLAYERS, ROUNDS, Game, Standing, Turn
from .scorecard import Scorecard
from .scoring import ALL_ROLLS, normalize_dice

__all__ = [
    "ALL_ROLLS", "BOXES", "LOWER_BOXES", "MAX_PLAYERS", "MIN_PLAYERS", "ROUNDS", "UPPER_BOXES",
    "Box", "Edition", "Game", "RuleViolation", "Scorecard", "Standing", "Turn", "normalize_dice",
]
