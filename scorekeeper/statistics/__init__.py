"""A table's records and statistics, per edition, from the engine's replay of the stored entries.

- ``names``: the one key that matches a player's spellings within a table ("Zoé" = "zoe").
- ``totals``: what the engine says about one game (per seat: total, boxes, bonuses, rank),
  the figure cached once per game version.
- ``figures``: the statistics of a list of games (pure: no database).
- ``cache``: the per-game totals read from the cache, replayed and stored again when stale.
- ``optimal``: the coach's points per box under optimal play, when its tables are built.
"""

from .cache import drop_cache, statistics_of_games, table_statistics
from .figures import (
    EditionFigures,
    GameLine,
    HeadToHead,
    HighScore,
    PlayedGame,
    PlayerFigures,
    TableStatistics,
    compute,
)
from .names import player_key
from .totals import GameTotals, SeatTotals, five_box, totals_of

__all__ = [
    "EditionFigures",
    "GameLine",
    "GameTotals",
    "HeadToHead",
    "HighScore",
    "PlayedGame",
    "PlayerFigures",
    "SeatTotals",
    "TableStatistics",
    "compute",
    "drop_cache",
    "five_box",
    "player_key",
    "statistics_of_games",
    "table_statistics",
    "totals_of",
]
