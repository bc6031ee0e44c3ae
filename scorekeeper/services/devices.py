"""Use cases of a phone's recent games and tables, kept on the server (one transaction each).

A cookie listing the games overflowed its 4 KB after four games with long names and was
silently dropped, and that list is often the only copy of a game's edit link; a table's edit links
sat readable in the (signed, not encrypted) cookie. Now the cookie holds only a random device id;
the server keeps the lists, capped at RECENT_MAX games and RECENT_TABLES_MAX tables per phone, and
drops lists unused for PRUNE_AFTER. Only the sha256 of the device id is stored, and each link is
stored sealed with a key derived from the id (HMAC-SHA256 as a one-time pad per game or table and
link kind): the database alone opens nothing, as with the links' own hashes. A link waiting in a
first visit's cookie is sealed with the server's secret (``seal_pending``).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy.orm import Session, sessionmaker

from ..storage import devices as records
from ..storage import tokens
from ..storage.engine import reading, writing
from .access import access_of, digest_of
from .clock import now as clock_now

Db = sessionmaker[Session]

RECENT_MAX = 50  # games per phone: a season of game nights
RECENT_TABLES_MAX = 10  # tables per phone: the groups one plays with
PRUNE_AFTER = timedelta(days=400)  # a list nobody opened for over a year goes


@dataclass(frozen=True)
class RecentGame:
    """A game on a phone's list: its link (as the phone opened it), title, players and when."""

    token: str
    access: str
    title: str
    players: tuple[str, ...]
    opened_at: datetime


def new_device_id() -> str:
    """A fresh device id for a phone's cookie: 192 random bits."""
    return secrets.token_urlsafe(24)


def _device_hash(device_id: str) -> str:
    return hashlib.sha256(b"scorekeeper-device:" + device_id.encode()).hexdigest()


def _pad(key: str, label: str, length: int) -> bytes:
    """Key stream for one label (a game or table and link kind) of one key: each seals one link, ever."""
    stream = b""
    block = 0
    while len(stream) < length:
        stream += hmac.new(key.encode(), f"{label}:{block}".encode(), hashlib.sha256).digest()
        block += 1
    return stream[:length]


def _seal(key: str, label: str, token: str) -> str:
    raw = token.encode()
    sealed = bytes(a ^ b for a, b in zip(raw, _pad(key, label, len(raw)), strict=True))
    return base64.urlsafe_b64encode(sealed).decode()


def _unseal(key: str, label: str, sealed: str) -> str | None:
    try:
        raw = base64.urlsafe_b64decode(sealed.encode())
        token = bytes(a ^ b for a, b in zip(raw, _pad(key, label, len(raw)), strict=True)).decode()
    except (ValueError, UnicodeDecodeError):
        return None
    return token if tokens.token_hash(token) is not None else None


def seal(device_id: str, game_id: int, access: str, token: str) -> str:
    """The link as stored: XORed with the device's key stream for this game, in URL-safe base64."""
    return _seal(device_id, f"recent:{game_id}:{access}", token)


def unseal(device_id: str, game_id: int, access: str, sealed: str) -> str | None:
    """The link back, or None if it does not decode to one (another device's row, damage)."""
    return _unseal(device_id, f"recent:{game_id}:{access}", sealed)


def seal_pending(secret: str, device_id: str, kind: str, token: str) -> str:
    """A link a first visit keeps in its cookie until the device shows it keeps cookies: sealed with a
    key only the server has (its secret and the device id), so the cookie shows no link."""
    return _seal(_pending_key(secret, device_id), f"pending:{kind}", token)


def unseal_pending(secret: str, device_id: str, kind: str, sealed: str) -> str | None:
    """The link seal_pending sealed; None if it is not one."""
    return _unseal(_pending_key(secret, device_id), f"pending:{kind}", sealed)


def _pending_key(secret: str, device_id: str) -> str:
    return hmac.new(secret.encode(), b"pending:" + device_id.encode(), hashlib.sha256).hexdigest()


def remember(db: Db, device_id: str, token: str, now: datetime | None = None) -> bool:
    """Put the game this link opens first on the device's list; False if it opens no game."""
    digest = digest_of(token)
    if digest is None:
        return False
    now = now or clock_now()
    with writing(db) as session:
        game = records.game_for(session, digest)
        access = None if game is None else access_of(game[1], game[2], digest)
        if game is None or access is None:
            return False
        game_id = game[0]
        found = records.find_device(session, _device_hash(device_id))
        if found is None:
            records.prune_devices(session, now - PRUNE_AFTER)
            found = records.add_device(session, _device_hash(device_id), now)
        else:
            records.touch_device(session, found, now)
        records.put_recent(session, found, game_id, access, seal(device_id, game_id, access, token), now)
        records.trim_recent(session, found, RECENT_MAX)
    return True


def recent(db: Db, device_id: str) -> list[RecentGame]:
    """The device's games, most recently opened first (empty for an unknown device)."""
    with reading(db) as session:
        found = records.find_device(session, _device_hash(device_id))
        if found is None:
            return []
        stored = records.load_recent(session, found, RECENT_MAX)
    games = []
    for item in stored:
        token = unseal(device_id, item.game_id, item.access, item.sealed_link)
        if token is not None:
            games.append(RecentGame(token, item.access, item.title, item.players, item.opened_at))
    return games


@dataclass(frozen=True)
class RecentTable:
    """A table on a phone's list: its link (as the phone opened it), its name now, and when."""

    token: str
    access: str
    name: str
    opened_at: datetime


def remember_table(db: Db, device_id: str, token: str, now: datetime | None = None) -> bool:
    """Put the table this link opens first on the device's list; False if it opens no table."""
    digest = digest_of(token)
    if digest is None:
        return False
    now = now or clock_now()
    with writing(db) as session:
        table = records.table_for(session, digest)
        access = None if table is None else access_of(table[1], table[2], digest)
        if table is None or access is None:
            return False
        table_id = table[0]
        found = records.find_device(session, _device_hash(device_id))
        if found is None:
            records.prune_devices(session, now - PRUNE_AFTER)
            found = records.add_device(session, _device_hash(device_id), now)
        else:
            records.touch_device(session, found, now)
        sealed = _seal(device_id, f"recent-table:{table_id}:{access}", token)
        records.put_recent_table(session, found, table_id, access, sealed, now)
        records.trim_recent_tables(session, found, RECENT_TABLES_MAX)
    return True


def recent_tables(db: Db, device_id: str) -> list[RecentTable]:
    """The device's tables, most recently opened first (empty for an unknown device)."""
    with reading(db) as session:
        found = records.find_device(session, _device_hash(device_id))
        if found is None:
            return []
        stored = records.load_recent_tables(session, found, RECENT_TABLES_MAX)
    kept = []
    for item in stored:
        token = _unseal(device_id, f"recent-table:{item.table_id}:{item.access}", item.sealed_link)
        if token is not None:
            kept.append(RecentTable(token, item.access, item.name, item.opened_at))
    return kept
