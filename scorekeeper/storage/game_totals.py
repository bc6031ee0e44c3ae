"""The statistics' cache of each game's engine totals, valid for one game version (derived data).

A row says: at this version, the engine's totals of the game were these. A game whose version
moved on (a turn, an undo, a correction, a rename) no longer matches its row, so it is replayed
and its row replaced. Emptying the table loses nothing: every row is rebuilt on demand.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Select, delete, func, insert, select
from sqlalchemy.orm import Session

from .models import EntryRow, GameRow, GameTotalsRow, PlayerRow
from .records import ENTRY_COLUMNS, Entry


@dataclass(frozen=True, slots=True)
class StatsGame:
    """A game's settings, players, and the version its cached totals were made for (None: none)."""

    id: int
    title: str
    edition: str
    created_at: datetime
    version: int
    players: tuple[str, ...]
    cached_version: int | None

    @property
    def cached(self) -> bool:
        """The cache holds this game's totals for its current version."""
        return self.cached_version == self.version


def games_for_statistics(session: Session, game_ids: Select[Any] | Sequence[int]) -> list[StatsGame]:
    """These games (ids, or a SELECT of ids) with their players and their cache row's version.

    Two queries, whatever the number of games; no entry and no cached totals are read. They go
    through the session's connection (Core): a table page asks this of every game each time, and
    the ORM's row handling doubled the cost of thousands of plain tuples.
    """
    connection = session.connection()
    rows = connection.execute(
        select(
            GameRow.id,
            GameRow.title,
            GameRow.edition,
            GameRow.created_at,
            GameRow.version,
            GameTotalsRow.version,
        )
        .outerjoin(GameTotalsRow, GameTotalsRow.game_id == GameRow.id)
        .where(GameRow.id.in_(game_ids))
        .order_by(GameRow.created_at, GameRow.id)
    ).all()
    players: dict[int, list[str]] = {row[0]: [] for row in rows}
    for game_id, name in connection.execute(
        select(PlayerRow.game_id, PlayerRow.name)
        .where(PlayerRow.game_id.in_(game_ids))
        .order_by(PlayerRow.game_id, PlayerRow.seat)
    ):
        players[game_id].append(name)
    return [
        StatsGame(
            id=game_id,
            title=title,
            edition=edition,
            created_at=created_at,
            version=version,
            players=tuple(players[game_id]),
            cached_version=cached_version,
        )
        for game_id, title, edition, created_at, version, cached_version in rows
    ]


def cached_totals(session: Session, game_ids: Iterable[int]) -> dict[int, dict[str, Any]]:
    """The cached totals of these games, as stored (check their versions first: games_for_statistics)."""
    ids = list(game_ids)
    if not ids:
        return {}
    rows = session.execute(
        select(GameTotalsRow.game_id, GameTotalsRow.totals).where(GameTotalsRow.game_id.in_(ids))
    )
    return {row[0]: row[1] for row in rows}


def entries_of(session: Session, game_ids: Iterable[int]) -> dict[int, list[Entry]]:
    """The entries of these games in play order, in one query."""
    ids = list(game_ids)
    found: dict[int, list[Entry]] = {game_id: [] for game_id in ids}
    if ids:
        for game_id, dice, box, column, rolls in session.execute(
            select(EntryRow.game_id, *ENTRY_COLUMNS)
            .where(EntryRow.game_id.in_(ids))
            .order_by(EntryRow.game_id, EntryRow.position)
        ):
            found[game_id].append(Entry(dice, box, column, rolls))
    return found


def store_totals(session: Session, rows: Sequence[tuple[int, int, dict[str, Any]]]) -> None:
    """Replace the cached totals of these (game_id, version, totals)."""
    if rows:
        session.execute(delete(GameTotalsRow).where(GameTotalsRow.game_id.in_([row[0] for row in rows])))
        session.execute(
            insert(GameTotalsRow),
            [{"game_id": game_id, "version": version, "totals": totals} for game_id, version, totals in rows],
        )


def clear_totals(session: Session) -> int:
    """Empty the cache; returns how many rows it held."""
    count = session.execute(select(func.count()).select_from(GameTotalsRow)).scalar_one()
    session.execute(delete(GameTotalsRow))
    return count
