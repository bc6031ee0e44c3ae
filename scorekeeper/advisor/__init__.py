"""The coach: exact optimal-play tables (numpy) for any ruleset, and the advice and reviews read from them."""

from .advisor import TIE_DECIMALS, Advisor, card_state, ranked_boxes, ranked_keeps
from .distribution import win_chances
from .review import PlayerReview, TurnReview, chance_series, review_game
from .storage import DIRECTORY_ENV, default_directory

__all__ = [
    "DIRECTORY_ENV",
    "TIE_DECIMALS",
    "Advisor",
    "PlayerReview",
    "TurnReview",
    "card_state",
    "chance_series",
    "default_directory",
    "ranked_boxes",
    "ranked_keeps",
    "review_game",
    "win_chances",
]
