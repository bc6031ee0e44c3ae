"""The rules engine: editions as rulesets, dice, scoring, the joker, totals and turn order (stdlib only).

Every edition is a Ruleset registered by a module in ``editions/``; see ``ruleset.py``.
"""

from . import editions  # registers every edition
from .boxes import LOWER, UPPER, Box, BoxSpec, Cell
from .column import Column
from .dice import Dice, all_rolls
from .errors import BadDice, RuleViolation
from .game import MAX_PLAYERS, MIN_PLAYERS, Game, Standing, Turn
from .interchange import totals_record, turn_record
from .joker import ExtraYahtzee
from .message import N_, Message
from .order import FREE_ORDER, TOP_TO_BOTTOM, FreeOrder, OrderRule, TopToBottom
from .rolls import NO_BANK, NoBank, RollBank, SavedRolls
from .ruleset import (
    DEFAULT_EDITION,
    EDITIONS,
    FIGURES,
    Ruleset,
    TotalRow,
    UpperBonus,
    every_edition,
    find_edition,
)
from .scorecard import Scorecard

__all__ = [
    "DEFAULT_EDITION",
    "EDITIONS",
    "FIGURES",
    "FREE_ORDER",
    "LOWER",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NO_BANK",
    "N_",
    "TOP_TO_BOTTOM",
    "UPPER",
    "BadDice",
    "Box",
    "BoxSpec",
    "Cell",
    "Column",
    "Dice",
    "ExtraYahtzee",
    "FreeOrder",
    "Game",
    "Message",
    "NoBank",
    "OrderRule",
    "RollBank",
    "RuleViolation",
    "Ruleset",
    "SavedRolls",
    "Scorecard",
    "Standing",
    "TopToBottom",
    "TotalRow",
    "Turn",
    "UpperBonus",
    "all_rolls",
    "editions",
    "every_edition",
    "find_edition",
    "totals_record",
    "turn_record",
]
