"""A table's games as its lists show them: counted, their players, any stretch of them as lines.

Read from the statistics' cached totals when there are any (one row per game, nothing replayed),
else every game is replayed by the engine (no statistics module, or reading it failed).
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..rules import Ruleset
from .games import Db
from .player_names import TablePlayer, players_of_games
from .tables import PlayedGame, TableContents, open_table

log = logging.getLogger(__name__)
PLAYER_LISTS = 16  # tables whose player list each process keeps while their statistics are unchanged
_PLAYERS: OrderedDict[int, tuple[Sequence[Any], list[TablePlayer]]] = OrderedDict()
_PLAYERS_LOCK = threading.Lock()


@dataclass(frozen=True)
class Score:
    """One player's place in one game."""

    name: str
    total: int
    rank: int
    winner: bool


@dataclass(frozen=True)
class GameLine:
    """A game as the table's list shows it."""

    id: int
    title: str
    created_at: datetime
    edition: Ruleset
    over: bool
    scores: tuple[Score, ...]  # in standings order, winners first

    @property
    def winners(self) -> list[str]:
        """The names holding first place (none before the game is over)."""
        return [score.name for score in self.scores if score.winner] if self.over else []


def game_line(played: PlayedGame) -> GameLine:
    """The list's line of one game replayed here: every figure is the engine's standings."""
    game = played.game
    scores = tuple(
        Score(name=standing.name, total=standing.total, rank=standing.rank, winner=standing.rank == 1)
        for standing in game.standings()
    )
    return GameLine(played.id, played.title, played.created_at, game.edition, game.is_over, scores)


def game_lines(contents: TableContents) -> list[GameLine]:
    """Every game of the table, newest first, from the games replayed in `contents`."""
    return [game_line(played) for played in reversed(contents.games)]


def lines_from_totals(played: Sequence[Any]) -> list[GameLine]:
    """Every game, newest first, from the statistics' cached engine totals (scorekeeper.statistics'
    PlayedGame: players, and totals.over / totals.seats with each seat's total and rank)."""
    lines = []
    for game in reversed(played):
        seats = sorted(
            zip(game.players, game.totals.seats, strict=True), key=lambda pair: (pair[1].rank, pair[0])
        )
        scores = tuple(Score(name, seat.total, seat.rank, seat.rank == 1) for name, seat in seats)
        lines.append(GameLine(game.id, game.title, game.created_at, game.edition, game.totals.over, scores))
    return lines


class TableGames:
    """A table's games for its lists: counted, their players, and any stretch of them as lines.

    From the statistics' cached totals (`played`, oldest first, or read here) when there are any,
    else every game is replayed by the engine (no statistics module, or it failed).
    """

    def __init__(self, db: Db, token: str, table_id: int, played: Sequence[Any] | None = None) -> None:
        self.played = played if played is not None else _cached_games(db, table_id)
        self.replayed = None if self.played is not None else open_table(db, token)
        self.count = len(self.played) if self.played is not None else len(self.replayed.games)  # type: ignore[union-attr]

    def lines(self, start: int, stop: int) -> list[GameLine]:
        """The games from the `start`-th newest up to (not including) the `stop`-th, newest first."""
        if self.played is not None:
            count = self.count
            return lines_from_totals(self.played[max(count - stop, 0) : max(count - start, 0)])
        assert self.replayed is not None
        return game_lines(self.replayed)[start:stop]

    def line(self, game_id: int) -> GameLine | None:
        """The line of this game of the table (None if it is not at the table)."""
        if self.played is not None:
            return next(iter(lines_from_totals([g for g in self.played if g.id == game_id])), None)
        return next((line for line in self.lines(0, self.count) if line.id == game_id), None)

    def players(self) -> list[TablePlayer]:
        """The table's players, matched by name, from these games' names."""
        if self.played is not None:
            return _players_of(self.played)
        assert self.replayed is not None
        return self.replayed.players


def _players_of(played: Sequence[Any]) -> list[TablePlayer]:
    """The players of these games, made once per statistics result (the statistics hand out the
    same immutable tuple of games while none changed; a fresh list is simply made again)."""
    with _PLAYERS_LOCK:
        found = _PLAYERS.get(id(played))
    if found is not None and found[0] is played:  # the same object, not a reused id
        return found[1]
    players = players_of_games((game.id, game.players) for game in played)
    if isinstance(played, tuple):
        with _PLAYERS_LOCK:
            _PLAYERS[id(played)] = (played, players)  # kept with its games, so their id stays theirs
            while len(_PLAYERS) > PLAYER_LISTS:
                _PLAYERS.popitem(last=False)
    return players


def _cached_games(db: Db, table_id: int) -> Sequence[Any] | None:
    """Every game at the table with its engine totals from the statistics' cache, oldest first
    (None without the statistics module, or if reading it failed: the caller replays instead)."""
    try:
        from scorekeeper.statistics.cache import table_games
    except ImportError:
        return None
    try:
        return table_games(db, table_id)
    except Exception:
        log.exception("cached totals of table %d failed; its games are replayed instead", table_id)
        return None
