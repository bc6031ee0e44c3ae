"""The rules engine: editions as rulesets, dice, scoring, the joker, totals and turn order (stdlib only).

Every edition is a Ruleset registered by a module in ``editions/``; see ``ruleset.py``.
"""

from . import editions  # registers every edition
from .boxes import LOWER, UPPER, Box, BoxSpec
from .dice import ALL_ROLLS, Dice, normalize_dice
from .errors import BadDice, RuleViolation
from .game import MAX_PLAYERS, MIN_PLAYERS, Game, Standing, Turn
from .joker import ExtraYahtzee
from .message import N_, Message
from .ruleset import DEFAULT_EDITION, EDITIONS, Edition, Ruleset, TotalRow, UpperBonus, find_edition
from .scorecard import Scorecard

__all__ = [
    "ALL_ROLLS",
    "DEFAULT_EDITION",
    "EDITIONS",
    "LOWER",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "N_",
    "UPPER",
    "BadDice",
    "Box",
    "BoxSpec",
    "Dice",
    "Edition",
    "ExtraYahtzee",
    "Game",
    "Message",
    "RuleViolation",
    "Ruleset",
    "Scorecard",
    "Standing",
    "TotalRow",
    "Turn",
    "UpperBonus",
    "editions",
    "find_edition",
    "normalize_dice",
]
