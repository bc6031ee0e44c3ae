"""Records of phones' recent lists: devices by the hash of their id, their games and tables newest first."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, or_, select
from sqlalchemy.orm import Session

from .models import DeviceRow, GameRow, PlayerRow, RecentGameRow, RecentTableRow, TableRow


@dataclass(frozen=True)
class RecentRecord:
    """One game of a phone's list as stored: the sealed link and the game's title and players."""

    game_id: int
    access: str
    sealed_link: str
    opened_at: datetime
    title: str
    players: tuple[str, ...]


def find_device(session: Session, device_hash: str) -> int | None:
    """The id of the device with this hash, or None."""
    return session.scalar(select(DeviceRow.id).where(DeviceRow.device_hash == device_hash))


def add_device(session: Session, device_hash: str, now: datetime) -> int:
    """Store a new device; returns its id."""
    row = DeviceRow(device_hash=device_hash, seen_at=now)
    session.add(row)
    session.flush()
    return row.id


def touch_device(session: Session, device_id: int, now: datetime) -> None:
    """Note that the device used its list now (lists unused for long are pruned)."""
    session.get_one(DeviceRow, device_id).seen_at = now


def prune_devices(session: Session, before: datetime) -> int:
    """Delete the lists of devices not seen since `before` (their games stay); how many."""
    result = session.execute(delete(DeviceRow).where(DeviceRow.seen_at < before))
    return int(getattr(result, "rowcount", 0) or 0)


def game_for(session: Session, token_hash: str) -> tuple[int, str, str] | None:
    """The id of the game whose edit or view hash this is, with its edit and view hashes."""
    row = session.execute(
        select(GameRow.id, GameRow.edit_hash, GameRow.view_hash).where(
            or_(GameRow.edit_hash == token_hash, GameRow.view_hash == token_hash)
        )
    ).first()
    return None if row is None else (row[0], row[1], row[2])


def put_recent(
    session: Session, device_id: int, game_id: int, access: str, sealed_link: str, now: datetime
) -> None:
    """Put a game first on the device's list (an edit link is never replaced by a view link)."""
    row = session.get(RecentGameRow, (device_id, game_id))
    if row is None:
        session.add(
            RecentGameRow(
                device_id=device_id, game_id=game_id, access=access, sealed_link=sealed_link, opened_at=now
            )
        )
        return
    row.opened_at = now
    if access == "edit" or row.access != "edit":
        row.access, row.sealed_link = access, sealed_link


def trim_recent(session: Session, device_id: int, keep: int) -> None:
    """Keep only the device's `keep` most recently opened games."""
    kept = (
        select(RecentGameRow.game_id)
        .where(RecentGameRow.device_id == device_id)
        .order_by(RecentGameRow.opened_at.desc(), RecentGameRow.game_id.desc())
        .limit(keep)
    )
    session.execute(
        delete(RecentGameRow).where(
            RecentGameRow.device_id == device_id, RecentGameRow.game_id.not_in(kept.scalar_subquery())
        )
    )


def load_recent(session: Session, device_id: int, limit: int) -> list[RecentRecord]:
    """The device's games, most recently opened first, with their titles and players (two queries)."""
    rows = session.execute(
        select(RecentGameRow, GameRow.title)
        .join(GameRow, GameRow.id == RecentGameRow.game_id)
        .where(RecentGameRow.device_id == device_id)
        .order_by(RecentGameRow.opened_at.desc(), RecentGameRow.game_id.desc())
        .limit(limit)
    ).all()
    ids = [recent.game_id for recent, _ in rows]
    players: dict[int, list[str]] = {game_id: [] for game_id in ids}
    for game_id, name in session.execute(
        select(PlayerRow.game_id, PlayerRow.name).where(PlayerRow.game_id.in_(ids)).order_by(PlayerRow.seat)
    ):
        players[game_id].append(name)
    return [
        RecentRecord(
            game_id=recent.game_id,
            access=recent.access,
            sealed_link=recent.sealed_link,
            opened_at=recent.opened_at,
            title=title,
            players=tuple(players[recent.game_id]),
        )
        for recent, title in rows
    ]


@dataclass(frozen=True)
class RecentTableRecord:
    """One table of a phone's list as stored: the sealed link and the table's name now."""

    table_id: int
    access: str
    sealed_link: str
    opened_at: datetime
    name: str


def table_for(session: Session, token_hash: str) -> tuple[int, str, str] | None:
    """The id of the table whose edit or view hash this is, with its edit and view hashes."""
    row = session.execute(
        select(TableRow.id, TableRow.edit_hash, TableRow.view_hash).where(
            or_(TableRow.edit_hash == token_hash, TableRow.view_hash == token_hash)
        )
    ).first()
    return None if row is None else (row[0], row[1], row[2])


def put_recent_table(
    session: Session, device_id: int, table_id: int, access: str, sealed_link: str, now: datetime
) -> None:
    """Put a table first on the device's list (an edit link is never replaced by a view link)."""
    row = session.get(RecentTableRow, (device_id, table_id))
    if row is None:
        session.add(
            RecentTableRow(
                device_id=device_id, table_id=table_id, access=access, sealed_link=sealed_link, opened_at=now
            )
        )
        return
    row.opened_at = now
    if access == "edit" or row.access != "edit":
        row.access, row.sealed_link = access, sealed_link


def trim_recent_tables(session: Session, device_id: int, keep: int) -> None:
    """Keep only the device's `keep` most recently opened tables."""
    kept = (
        select(RecentTableRow.table_id)
        .where(RecentTableRow.device_id == device_id)
        .order_by(RecentTableRow.opened_at.desc(), RecentTableRow.table_id.desc())
        .limit(keep)
    )
    session.execute(
        delete(RecentTableRow).where(
            RecentTableRow.device_id == device_id, RecentTableRow.table_id.not_in(kept.scalar_subquery())
        )
    )


def load_recent_tables(session: Session, device_id: int, limit: int) -> list[RecentTableRecord]:
    """The device's tables, most recently opened first, with their names as they are now."""
    rows = session.execute(
        select(RecentTableRow, TableRow.name)
        .join(TableRow, TableRow.id == RecentTableRow.table_id)
        .where(RecentTableRow.device_id == device_id)
        .order_by(RecentTableRow.opened_at.desc(), RecentTableRow.table_id.desc())
        .limit(limit)
    ).all()
    return [
        RecentTableRecord(
            table_id=recent.table_id,
            access=recent.access,
            sealed_link=recent.sealed_link,
            opened_at=recent.opened_at,
            name=name,
        )
        for recent, name in rows
    ]
