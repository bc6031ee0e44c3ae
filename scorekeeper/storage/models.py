"""The tables: games, their players, their ordered entries and their history."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, Literal

from sqlalchemy import JSON, DateTime, ForeignKey, Integer, MetaData, String
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

# Named constraints keep migrations stable across SQLite and PostgreSQL.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class UTCDateTime(TypeDecorator[datetime]):
    """A timestamp stored in UTC and always read back in UTC (SQLite forgets the zone)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime: store UTC-aware datetimes only")
        return value.astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        # PostgreSQL hands timestamptz back in the session's TimeZone, which may be local.
        return value.astimezone(UTC)


class Base(DeclarativeBase):
    """Declarative base sharing one metadata with a naming convention."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


class GameRow(Base):
    """A game's settings; everything else about it is derived from its entries."""

    __tablename__ = "games"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    # Only sha256 hex digests of the capability tokens are stored.
    edit_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    view_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    title: Mapped[str] = mapped_column(String(100), default="")
    # The language its sheet prints in and its TV board shows ("de"); None: each phone's own.
    language: Mapped[str | None] = mapped_column(String(8), nullable=True, default=None)
    edition: Mapped[str] = mapped_column(String(20))  # a ruleset id, e.g. "hasbro-1996"
    coach: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
    version: Mapped[int] = mapped_column(Integer, default=0)  # +1 on every change
    # The table the game was played at, if any (a game belongs to at most one); deleting the
    # table deletes its games (the use case deletes them itself too, see scorekeeper/tables.py).
    table_id: Mapped[int | None] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), nullable=True, index=True, default=None
    )
    # The game's edit and view links sealed for its table (services/game_seals.py), so the table's
    # list opens each game; None where not known (a game put at its table before they were kept).
    table_edit_seal: Mapped[str | None] = mapped_column(String(64), nullable=True, default=None)
    table_view_seal: Mapped[str | None] = mapped_column(String(64), nullable=True, default=None)


class PlayerRow(Base):
    """A seat at the table, in turn order."""

    __tablename__ = "players"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(24))


class EntryRow(Base):
    """One recorded turn: its place in the game, the final dice, the box, its column and the rolls used.

    The primary key (game_id, position) is the UNIQUE guard that makes a second
    insert of the same turn fail even if every other check was bypassed.
    """

    __tablename__ = "entries"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    dice: Mapped[str] = mapped_column(String(6))  # str(Dice): sorted faces, e.g. "22456" or "224566"
    box: Mapped[str] = mapped_column(String(20))  # a box key of the game's ruleset
    # The column (from 1) where the sheet has several; NULL on a one-column sheet.
    # Not "column": a reserved word in SQL.
    sheet_column: Mapped[int | None] = mapped_column(Integer, nullable=True, default=None)
    # The rolls the turn used where the rules count them (a bank of saved rolls); else NULL.
    rolls: Mapped[int | None] = mapped_column(Integer, nullable=True, default=None)


# What a history row records; stored as its name (String(10)), so a new kind needs no migration.
HistoryKind = Literal["undo", "correct", "coach"]


class HistoryRow(Base):
    """An undo, a correction or a coach switch, kept so players can see what changed."""

    __tablename__ = "history"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime)
    kind: Mapped[HistoryKind] = mapped_column(String(10))
    details: Mapped[dict[str, Any]] = mapped_column(JSON)


class TableRow(Base):
    """A group that plays together: its own capability links and a name; its games point at it."""

    __tablename__ = "tables"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    # Only sha256 hex digests of the capability tokens are stored, as for games.
    edit_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    view_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    name: Mapped[str] = mapped_column(String(100), default="")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
    version: Mapped[int] = mapped_column(Integer, default=0)  # +1 on every change at the table


# What a table history row records; stored as its name, so a new kind needs no migration.
TableHistoryKind = Literal["rename", "merge", "move", "delete"]


class TableHistoryRow(Base):
    """A rename or merge of a player's name, a game moved in or deleted: what changed at a table."""

    __tablename__ = "table_history"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime)
    kind: Mapped[TableHistoryKind] = mapped_column(String(10))
    details: Mapped[dict[str, Any]] = mapped_column(JSON)


class GameTotalsRow(Base):
    """The statistics' cache: a game's engine totals as JSON, valid while the game is at `version`.

    Derived data, never the truth: it may be emptied at any time and is rebuilt from the entries.
    """

    __tablename__ = "game_totals"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer)
    totals: Mapped[dict[str, Any]] = mapped_column(JSON)


class DeviceRow(Base):
    """A phone with a recent-games list, known by the sha256 hex digest of the random id its cookie holds."""

    __tablename__ = "devices"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    device_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    seen_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)  # lists unused for long are pruned


class RecentGameRow(Base):
    """A game opened on a phone; its link is stored sealed with the phone's id, never in the clear."""

    __tablename__ = "recent_games"

    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"), primary_key=True)
    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    access: Mapped[str] = mapped_column(String(4))  # "edit" or "view": the link the phone opened
    sealed_link: Mapped[str] = mapped_column(String(100))
    opened_at: Mapped[datetime] = mapped_column(UTCDateTime)


class RecentTableRow(Base):
    """A table opened on a phone; its link is stored sealed with the phone's id, as a game's is."""

    __tablename__ = "recent_tables"

    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"), primary_key=True)
    table_id: Mapped[int] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    access: Mapped[str] = mapped_column(String(4))  # "edit" or "view": the link the phone opened
    sealed_link: Mapped[str] = mapped_column(String(100))
    opened_at: Mapped[datetime] = mapped_column(UTCDateTime)
