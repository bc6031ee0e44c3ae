"""Load and save a game's rows inside a session the caller's transaction owns."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple, cast

from sqlalchemy import BindParameter, Select, Table, bindparam, delete, insert, or_, select, update
from sqlalchemy.orm import Session

from .engine import CHANGED_KEY
from .models import EntryRow, GameRow, HistoryKind, HistoryRow, PlayerRow


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game's stored settings and its players in seat order."""

    id: int
    edit_hash: str
    view_hash: str
    title: str
    edition: str
    coach: bool
    created_at: datetime
    version: int
    players: tuple[str, ...]
    language: str | None = None  # the game's own language code, if it has one


class Entry(NamedTuple):
    """One stored turn as the database holds it (the engine's Turn.entry, in stored form)."""

    dice: str  # sorted faces, e.g. "22456"
    box: str  # a box key of the game's ruleset
    column: int | None = None  # from 1 where the sheet has several columns, else None
    rolls: int | None = None  # the rolls used where the rules count them, else None


@dataclass(frozen=True, slots=True)
class HistoryRecord:
    """One stored history event."""

    at: datetime
    kind: HistoryKind
    details: dict[str, Any]


# The statements of every turn, built once (building one costs about as much as running it) on
# the tables themselves, not the ORM classes: nothing here loads ORM objects, and a Core statement
# skips the ORM's compile and result steps (about a third of each query's time). Each call binds
# its values.
_GAME_TABLE, _PLAYER_TABLE, _ENTRY_TABLE = (
    cast(Table, row.__table__) for row in (GameRow, PlayerRow, EntryRow)
)
_GAMES, _PLAYERS, _ENTRY_ROWS = _GAME_TABLE.c, _PLAYER_TABLE.c, _ENTRY_TABLE.c
_GAME_COLUMNS = (
    _GAMES.id,
    _GAMES.edit_hash,
    _GAMES.view_hash,
    _GAMES.title,
    _GAMES.edition,
    _GAMES.coach,
    _GAMES.created_at,
    _GAMES.version,
    _GAMES.language,
)
_HASH: BindParameter[str] = bindparam("token_hash")
_GAME_BY_HASH = (
    select(*_GAME_COLUMNS, _PLAYERS.name)
    .join(_PLAYER_TABLE, _PLAYERS.game_id == _GAMES.id)
    .where(or_(_GAMES.edit_hash == _HASH, _GAMES.view_hash == _HASH))
    .order_by(_PLAYERS.seat)
)
_GAME_BY_HASH_LOCKED = _GAME_BY_HASH.with_for_update(of=_GAME_TABLE)
_VERSION_BY_HASH = select(_GAMES.edit_hash, _GAMES.view_hash, _GAMES.version, _GAMES.language).where(
    or_(_GAMES.edit_hash == _HASH, _GAMES.view_hash == _HASH)
)
# What an Entry is read from, in its order.
ENTRY_COLUMNS = (EntryRow.dice, EntryRow.box, EntryRow.sheet_column, EntryRow.rolls)
_ENTRIES = (
    select(_ENTRY_ROWS.dice, _ENTRY_ROWS.box, _ENTRY_ROWS.sheet_column, _ENTRY_ROWS.rolls)
    .where(_ENTRY_ROWS.game_id == bindparam("game_id"))
    .order_by(_ENTRY_ROWS.position)
)
_ADD_ENTRY = insert(_ENTRY_TABLE).values(
    game_id=bindparam("game_id"),
    position=bindparam("position"),
    dice=bindparam("dice"),
    box=bindparam("box"),
    sheet_column=bindparam("sheet_column"),
    rolls=bindparam("rolls"),
)
_BUMP_IF_AT = (
    update(_GAME_TABLE)
    .where(_GAMES.id == bindparam("game_id"), _GAMES.version == bindparam("version"))
    .values(version=_GAMES.version + 1, updated_at=bindparam("now"))
    .returning(_GAMES.version, _GAMES.edit_hash, _GAMES.view_hash)
)


def game_query(
    token_hash: str, *, lock: bool = False
) -> Select[int, str, str, str, str, bool, datetime, int, str | None, str]:
    """The game whose edit or view hash is this one, joined with its players in seat order.

    With lock=True the game row is locked (SELECT … FOR UPDATE on PostgreSQL; SQLite
    already holds the write lock from BEGIN IMMEDIATE and renders no clause).
    """
    return (_GAME_BY_HASH_LOCKED if lock else _GAME_BY_HASH).params(token_hash=token_hash)


def find_game(session: Session, token_hash: str, *, lock: bool = False) -> GameRecord | None:
    """The game with this edit or view hash and its players (one query), or None."""
    statement = _GAME_BY_HASH_LOCKED if lock else _GAME_BY_HASH
    rows = session.execute(statement, {"token_hash": token_hash}).all()
    if not rows:
        return None
    game_id, edit_hash, view_hash, title, edition, coach, created_at, version, language, _ = rows[0]
    return GameRecord(
        id=game_id,
        edit_hash=edit_hash,
        view_hash=view_hash,
        title=title,
        edition=edition,
        coach=coach,
        created_at=created_at,
        version=version,
        players=tuple(row.name for row in rows),
        language=language,
    )


def find_version(session: Session, token_hash: str) -> tuple[str, str, int, str | None] | None:
    """(edit_hash, view_hash, version, language) of the game with this hash, without its players."""
    row = session.execute(_VERSION_BY_HASH, {"token_hash": token_hash}).first()
    return None if row is None else (row[0], row[1], row[2], row[3])


def load_entries(session: Session, game_id: int) -> list[Entry]:
    """The game's entries in play order."""
    rows = session.execute(_ENTRIES, {"game_id": game_id})
    return [Entry(*row) for row in rows]


def insert_game(
    session: Session,
    *,
    edit_hash: str,
    view_hash: str,
    title: str,
    edition: str,
    coach: bool,
    players: Sequence[str],
    now: datetime,
    language: str | None = None,
) -> int:
    """Store a new game and its players; returns its id."""
    game_id = session.execute(
        insert(GameRow)
        .values(
            edit_hash=edit_hash,
            view_hash=view_hash,
            title=title,
            edition=edition,
            coach=coach,
            language=language,
            created_at=now,
            updated_at=now,
            version=0,
        )
        .returning(GameRow.id)
    ).scalar_one()
    session.execute(
        insert(PlayerRow),
        [{"game_id": game_id, "seat": seat, "name": name} for seat, name in enumerate(players)],
    )
    return game_id


def _entry_values(entry: Entry) -> dict[str, object]:
    return {"dice": entry.dice, "box": entry.box, "sheet_column": entry.column, "rolls": entry.rolls}


def add_entry(session: Session, game_id: int, position: int, entry: Entry) -> None:
    """Append an entry; raises IntegrityError if that position is already taken."""
    session.execute(_ADD_ENTRY, {"game_id": game_id, "position": position, **_entry_values(entry)})


def add_entries(session: Session, game_id: int, entries: Sequence[Entry]) -> None:
    """Append a game's entries from the first position in one statement (an import holds the write lock)."""
    if entries:
        rows = [
            {"game_id": game_id, "position": position, **_entry_values(entry)}
            for position, entry in enumerate(entries)
        ]
        session.execute(insert(EntryRow), rows)


def remove_entry(session: Session, game_id: int, position: int) -> None:
    """Delete the entry at this position."""
    session.execute(delete(EntryRow).where(EntryRow.game_id == game_id, EntryRow.position == position))


def replace_entry(session: Session, game_id: int, position: int, entry: Entry) -> None:
    """Change the dice, box, column and rolls of the entry at this position."""
    session.execute(
        update(EntryRow)
        .where(EntryRow.game_id == game_id, EntryRow.position == position)
        .values(**_entry_values(entry))
    )


def mark_changed(session: Session, game_id: int, now: datetime, **values: Any) -> int:
    """Bump the game's version (and set any other columns); returns the new version."""
    version, edit_hash, view_hash = session.execute(
        update(GameRow)
        .where(GameRow.id == game_id)
        .values(version=GameRow.version + 1, updated_at=now, **values)
        .returning(GameRow.version, GameRow.edit_hash, GameRow.view_hash)
    ).one()
    return _changed(session, version, edit_hash, view_hash)


def mark_changed_if_at(session: Session, game_id: int, version: int, now: datetime) -> int | None:
    """Bump the game's version if it still is `version` (compare and set); the new one, or None."""
    row = session.execute(_BUMP_IF_AT, {"game_id": game_id, "version": version, "now": now}).first()
    return None if row is None else _changed(session, row[0], row[1], row[2])


def _changed(session: Session, version: int, edit_hash: str, view_hash: str) -> int:
    """After the commit, engine.writing tells the polls of both links (live-update stamps)."""
    session.info.setdefault(CHANGED_KEY, set()).update((edit_hash, view_hash))
    return version


def add_history(
    session: Session, game_id: int, at: datetime, kind: HistoryKind, details: dict[str, Any]
) -> None:
    """Keep one history event."""
    session.execute(insert(HistoryRow).values(game_id=game_id, at=at, kind=kind, details=details))


def load_history(session: Session, game_id: int) -> list[HistoryRecord]:
    """The game's history events, oldest first."""
    rows = session.execute(
        select(HistoryRow.at, HistoryRow.kind, HistoryRow.details)
        .where(HistoryRow.game_id == game_id)
        .order_by(HistoryRow.id)
    )
    return [HistoryRecord(row[0], row[1], row[2]) for row in rows]
