"""The games and tables recently opened on this device: the cookie holds a random device id, the server
the list of games; the tables are listed in the signed session cookie itself.

The list used to live in the signed session cookie, which passed 4 KB after four games with
long names and was then dropped by the browser: games 5-8 never appeared, and the list is
often the only copy of a game's edit link. scorekeeper.services.devices keeps it now (capped, pruned,
links sealed); a list still in an old cookie moves to the server the first time it is read.
"""

from __future__ import annotations

import hashlib
import logging
from datetime import UTC, datetime

from flask import request, session
from sqlalchemy.exc import SQLAlchemyError

from scorekeeper import storage
from scorekeeper.services import devices
from scorekeeper.storage.engine import Unavailable

DEVICE_KEY = "device"
TOP_KEY = "recent_top"  # which game is first already, so reopening it writes nothing
PENDING_KEY = "recent_first"  # a first visit's game, stored once the next request shows a kept cookie
LEGACY_KEY = "recent"  # the list as old cookies hold it: [[token, players, title, at], …]
TABLES_KEY = "tables"  # [[token, name], …] of the tables opened on this phone, newest first
TABLES_MAX = 5

log = logging.getLogger(__name__)


def remember(token: str) -> None:
    """Put this game first in the device's recent list."""
    hint = _short(token)
    if session.get(TOP_KEY) == hint and isinstance(session.get(DEVICE_KEY), str):
        return  # already first: no write on every page load and every live refresh
    if not isinstance(session.get(DEVICE_KEY), str) and request.method == "GET":
        # A first visit writes nothing: a client that keeps no cookie (a bot, a link preview)
        # would otherwise add a device to the database on every page it reads. The game waits
        # in the cookie and joins the server's list on the device's next request.
        _device()
        session[PENDING_KEY] = token
        return
    device = _device()
    try:
        _move_legacy_list(device)
        _move_pending(device)
        if devices.remember(storage.get_db(), device, token):
            session[TOP_KEY] = hint
    except (SQLAlchemyError, Unavailable) as error:
        # The page matters more than the list (a read-only database still shows games): it is
        # tried again on the next page load.
        log.warning("recent games not saved: %s", type(error).__name__)


def recent_games() -> list[dict]:
    """The remembered games, newest first, as the home page lists them."""
    device = session.get(DEVICE_KEY)
    try:
        if isinstance(session.get(LEGACY_KEY), list):
            device = _device()
            _move_legacy_list(device)
        if not isinstance(device, str):
            return []
        _move_pending(device)
        found = devices.recent(storage.get_db(), device)
    except (SQLAlchemyError, Unavailable) as error:
        log.warning("recent games not read: %s", type(error).__name__)  # the home page still opens
        return []
    return [
        {
            "token": game.token,
            "players": list(game.players),
            "title": game.title,
            "at": game.opened_at.strftime("%Y-%m-%dT%H:%M:%SZ"),
        }
        for game in found
    ]


def forget(token: str) -> None:
    """A link that opens nothing: the server's list never holds one (deleted games leave it with
    their rows), so only the hint of which game is first is dropped."""
    if session.get(TOP_KEY) == _short(token):
        session.pop(TOP_KEY)


def _device() -> str:
    """This device's id, made on first need."""
    device = session.get(DEVICE_KEY)
    if not isinstance(device, str) or not 0 < len(device) <= 64:
        device = devices.new_device_id()
        session[DEVICE_KEY] = device
        session.pop(TOP_KEY, None)
    return device


def _move_legacy_list(device: str) -> None:
    """Move the games of an old cookie's list to the server, keeping their order, then drop it."""
    items = session.pop(LEGACY_KEY, None)
    if not isinstance(items, list):
        return
    db = storage.get_db()
    for item in reversed(items):  # oldest first, so the newest ends up first
        if isinstance(item, list) and item and isinstance(item[0], str):
            devices.remember(db, device, item[0], _when(item[-1]))


def _move_pending(device: str) -> None:
    """Store the game a first visit left in the cookie, now that the device has shown it keeps one."""
    token = session.get(PENDING_KEY)
    if isinstance(token, str):
        devices.remember(storage.get_db(), device, token)
    session.pop(PENDING_KEY, None)


def _when(value: object) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        return datetime.strptime(value, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
    except ValueError:
        return None


def _short(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()[:12]


def recent_tables() -> list[dict[str, str]]:
    """The tables opened on this phone, newest first, as the home page lists them."""
    return [{"token": token, "name": name} for token, name in _tables()]


def remember_table(token: str, name: str) -> None:
    """Put this table first in the phone's list (once; the oldest falls off)."""
    items = _tables()
    if items and items[0] == [token, name]:
        return  # already first: the cookie is not rewritten on every visit
    session[TABLES_KEY] = [[token, name]] + [item for item in items if item[0] != token][: TABLES_MAX - 1]


def forget_table(token: str) -> None:
    """A link that opens no table any more leaves the phone's list."""
    items = _tables()
    if any(item[0] == token for item in items):
        session[TABLES_KEY] = [item for item in items if item[0] != token]


def _tables() -> list[list[str]]:
    """[token, name] of the tables opened on this phone; anything malformed is skipped."""
    items = session.get(TABLES_KEY)
    if not isinstance(items, list):
        return []
    return [
        item
        for item in items[:TABLES_MAX]
        if isinstance(item, list) and len(item) == 2 and all(isinstance(part, str) for part in item)
    ]
