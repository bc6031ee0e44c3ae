"""Load and save tables (groups that play together) inside a session the caller's transaction owns.

``games_of_table(session, table_id)`` is the query statistics are computed from: every game
at the table with its players and entries, oldest first, in three queries.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, func, insert, or_, select, update
from sqlalchemy.orm import Session

from .engine import CHANGED_KEY
from .models import EntryRow, GameRow, HistoryRow, PlayerRow, TableHistoryKind, TableHistoryRow, TableRow
from .records import ENTRY_COLUMNS, Entry


@dataclass(frozen=True, slots=True)
class TableRecord:
    """A table's stored row."""

    id: int
    edit_hash: str
    view_hash: str
    name: str
    created_at: datetime
    updated_at: datetime
    version: int


@dataclass(frozen=True, slots=True)
class TableGame:
    """A game at a table as stored: settings, players in seat order, entries in play order.

    Nothing derived is stored: replay `entries` through `Game.replay(players, edition, ...)`.
    """

    id: int
    title: str
    edition: str  # a ruleset id, e.g. "hasbro-1996"
    created_at: datetime
    updated_at: datetime
    version: int
    players: tuple[str, ...]
    entries: tuple[Entry, ...]


@dataclass(frozen=True, slots=True)
class TableHistoryRecord:
    """One stored table history event."""

    at: datetime
    kind: TableHistoryKind
    details: dict[str, Any]


_TABLE_COLUMNS = (
    TableRow.id,
    TableRow.edit_hash,
    TableRow.view_hash,
    TableRow.name,
    TableRow.created_at,
    TableRow.updated_at,
    TableRow.version,
)


def insert_table(session: Session, *, edit_hash: str, view_hash: str, name: str, now: datetime) -> int:
    """Store a new table; returns its id."""
    return session.execute(
        insert(TableRow)
        .values(
            edit_hash=edit_hash, view_hash=view_hash, name=name, created_at=now, updated_at=now, version=0
        )
        .returning(TableRow.id)
    ).scalar_one()


def find_table(session: Session, token_hash: str, *, lock: bool = False) -> TableRecord | None:
    """The table whose edit or view hash is this one, or None (lock: SELECT … FOR UPDATE)."""
    query = select(*_TABLE_COLUMNS).where(
        or_(TableRow.edit_hash == token_hash, TableRow.view_hash == token_hash)
    )
    if lock:
        query = query.with_for_update()
    row = session.execute(query).first()
    return None if row is None else TableRecord(*row)


def table_by_id(session: Session, table_id: int) -> TableRecord | None:
    """The table with this id, or None."""
    row = session.execute(select(*_TABLE_COLUMNS).where(TableRow.id == table_id)).first()
    return None if row is None else TableRecord(*row)


def mark_table_changed(session: Session, table_id: int, now: datetime, **values: Any) -> int:
    """Bump the table's version (and set any other columns); returns the new version."""
    return session.execute(
        update(TableRow)
        .where(TableRow.id == table_id)
        .values(version=TableRow.version + 1, updated_at=now, **values)
        .returning(TableRow.version)
    ).scalar_one()


def games_of_table(session: Session, table_id: int) -> list[TableGame]:
    """Every game at this table with its players and entries, oldest first (three queries)."""
    games = session.execute(
        select(
            GameRow.id,
            GameRow.title,
            GameRow.edition,
            GameRow.created_at,
            GameRow.updated_at,
            GameRow.version,
        )
        .where(GameRow.table_id == table_id)
        .order_by(GameRow.created_at, GameRow.id)
    ).all()
    players: dict[int, list[str]] = {row[0]: [] for row in games}
    entries: dict[int, list[Entry]] = {row[0]: [] for row in games}
    at_table = select(GameRow.id).where(GameRow.table_id == table_id).scalar_subquery()
    for game_id, name in session.execute(
        select(PlayerRow.game_id, PlayerRow.name)
        .where(PlayerRow.game_id.in_(at_table))
        .order_by(PlayerRow.game_id, PlayerRow.seat)
    ):
        players[game_id].append(name)
    for game_id, dice, box, column, rolls in session.execute(
        select(EntryRow.game_id, *ENTRY_COLUMNS)
        .where(EntryRow.game_id.in_(at_table))
        .order_by(EntryRow.game_id, EntryRow.position)
    ):
        entries[game_id].append(Entry(dice, box, column, rolls))
    return [
        TableGame(
            id=game_id,
            title=title,
            edition=edition,
            created_at=created_at,
            updated_at=updated_at,
            version=version,
            players=tuple(players[game_id]),
            entries=tuple(entries[game_id]),
        )
        for game_id, title, edition, created_at, updated_at, version in games
    ]


def game_count(session: Session, table_id: int) -> int:
    """How many games are at this table."""
    return session.execute(select(func.count()).where(GameRow.table_id == table_id)).scalar_one()


def table_of_game(session: Session, game_id: int) -> int | None:
    """The id of the table the game is at, or None."""
    return session.execute(select(GameRow.table_id).where(GameRow.id == game_id)).scalar_one_or_none()


def set_game_table(session: Session, game_id: int, table_id: int | None) -> None:
    """Put the game at this table (None: at no table); the game's version is the caller's to bump."""
    session.execute(update(GameRow).where(GameRow.id == game_id).values(table_id=table_id))


def player_names(session: Session, table_id: int) -> list[tuple[int, int, str]]:
    """(game_id, seat, name) of every seat at every game of this table."""
    rows = session.execute(
        select(PlayerRow.game_id, PlayerRow.seat, PlayerRow.name)
        .join(GameRow, GameRow.id == PlayerRow.game_id)
        .where(GameRow.table_id == table_id)
        .order_by(PlayerRow.game_id, PlayerRow.seat)
    )
    return [(row[0], row[1], row[2]) for row in rows]


def latest_game_players(session: Session, table_id: int) -> tuple[str, ...]:
    """The names of the table's latest game (by date, then id) in seat order; () without a game."""
    latest = session.execute(
        select(GameRow.id)
        .where(GameRow.table_id == table_id)
        .order_by(GameRow.created_at.desc(), GameRow.id.desc())
        .limit(1)
    ).scalar_one_or_none()
    if latest is None:
        return ()
    names = session.execute(
        select(PlayerRow.name).where(PlayerRow.game_id == latest).order_by(PlayerRow.seat)
    ).scalars()
    return tuple(names)


def rename_seats(session: Session, seats: Iterable[tuple[int, int]], name: str) -> None:
    """Give these (game_id, seat) seats this name."""
    for game_id, seat in seats:
        session.execute(
            update(PlayerRow).where(PlayerRow.game_id == game_id, PlayerRow.seat == seat).values(name=name)
        )


def bump_games(session: Session, game_ids: Iterable[int], now: datetime) -> None:
    """+1 on these games' versions (their pages and caches were made for the old names)."""
    ids = list(game_ids)
    if ids:
        links = session.execute(
            update(GameRow)
            .where(GameRow.id.in_(ids))
            .values(version=GameRow.version + 1, updated_at=now)
            .returning(GameRow.edit_hash, GameRow.view_hash)
        )
        # As records.mark_changed: after the commit, the polls of both links learn of it at once.
        session.info.setdefault(CHANGED_KEY, set()).update(
            digest for pair in links for digest in pair if digest
        )


def add_table_history(
    session: Session, table_id: int, at: datetime, kind: TableHistoryKind, details: dict[str, Any]
) -> None:
    """Keep one table history event."""
    session.execute(insert(TableHistoryRow).values(table_id=table_id, at=at, kind=kind, details=details))


def load_table_history(session: Session, table_id: int) -> list[TableHistoryRecord]:
    """The table's history events, oldest first."""
    rows = session.execute(
        select(TableHistoryRow.at, TableHistoryRow.kind, TableHistoryRow.details)
        .where(TableHistoryRow.table_id == table_id)
        .order_by(TableHistoryRow.id)
    )
    return [TableHistoryRecord(row[0], row[1], row[2]) for row in rows]


def delete_games(session: Session, game_ids: Sequence[int]) -> None:
    """Delete these games and their players, entries and history rows (really, not hidden).

    The rows that hang off a game are deleted here by name, so nothing is left even where
    foreign keys are not enforced; any other table referring to games goes by its cascade.
    """
    ids = list(game_ids)
    if not ids:
        return
    # After the commit, engine.writing stamps both links of each: a poll or a shared live fragment
    # remembered in any process is not trusted any more (the links then answer 404).
    links = session.execute(select(GameRow.edit_hash, GameRow.view_hash).where(GameRow.id.in_(ids)))
    session.info.setdefault(CHANGED_KEY, set()).update(digest for pair in links for digest in pair if digest)
    for child in (EntryRow, PlayerRow, HistoryRow):
        session.execute(delete(child).where(child.game_id.in_(ids)))
    session.execute(delete(GameRow).where(GameRow.id.in_(ids)))


def delete_table(session: Session, table_id: int) -> None:
    """Delete the table, its history and every game at it."""
    ids = list(session.execute(select(GameRow.id).where(GameRow.table_id == table_id)).scalars())
    delete_games(session, ids)
    session.execute(delete(TableHistoryRow).where(TableHistoryRow.table_id == table_id))
    session.execute(delete(TableRow).where(TableRow.id == table_id))
