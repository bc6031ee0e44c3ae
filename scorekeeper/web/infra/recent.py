"""The games and tables recently opened on this device: the cookie holds a random device id, the server
the lists (scorekeeper.services.devices: capped, pruned, links sealed).

The lists used to live in the signed (not encrypted) session cookie: the games' passed 4 KB after
four games with long names and was then dropped by the browser, and the tables' showed their edit
links to anyone who read the cookie. A list still in an old cookie moves to the server the first
time it is read. A first visit's link waits in the cookie sealed with the server's secret.
"""

from __future__ import annotations

import hashlib
import logging
from datetime import UTC, datetime

from flask import current_app, request, session
from sqlalchemy.exc import SQLAlchemyError

from scorekeeper import storage
from scorekeeper.services import devices
from scorekeeper.storage import tokens
from scorekeeper.storage.engine import Unavailable

DEVICE_KEY = "device"
TOP_KEY = "recent_top"  # which game is first already, so reopening it writes nothing
PENDING_KEY = "recent_first"  # a first visit's game, stored once the next request shows a kept cookie
LEGACY_KEY = "recent"  # the list as old cookies hold it: [[token, players, title, at], …]
LEGACY_TABLES_KEY = "tables"  # the tables' list as old cookies hold it: [[token, name], …], newest first
TABLE_TOP_KEY = "recent_table_top"  # which table is first already
PENDING_TABLE_KEY = "recent_table_first"  # a first visit's table, as PENDING_KEY for games

log = logging.getLogger(__name__)


def remember(token: str) -> None:
    """Put this game first in the device's recent list."""
    hint = _short(token)
    if session.get(TOP_KEY) == hint and isinstance(session.get(DEVICE_KEY), str):
        return  # already first: no write on every page load and every live refresh
    if not isinstance(session.get(DEVICE_KEY), str) and request.method == "GET":
        # A first visit writes nothing: a client that keeps no cookie (a bot, a link preview)
        # would otherwise add a device to the database on every page it reads. The game waits
        # in the cookie (sealed) and joins the server's list on the device's next request.
        session[PENDING_KEY] = _sealed(_device(), "game", token)
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
        session.pop(TABLE_TOP_KEY, None)
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
    """Store what a first visit left in the cookie, now that the device has shown it keeps one."""
    game = _unsealed(device, "game", session.pop(PENDING_KEY, None))
    if game is not None:
        devices.remember(storage.get_db(), device, game)
    table = _unsealed(device, "table", session.pop(PENDING_TABLE_KEY, None))
    if table is not None:
        devices.remember_table(storage.get_db(), device, table)


def _sealed(device: str, kind: str, token: str) -> str:
    return devices.seal_pending(str(current_app.config["SECRET_KEY"]), device, kind, token)


def _unsealed(device: str, kind: str, value: object) -> str | None:
    """The link a first visit left, sealed (or in the clear, as cookies from before held it)."""
    if not isinstance(value, str):
        return None
    token = devices.unseal_pending(str(current_app.config["SECRET_KEY"]), device, kind, value)
    return token if token is not None else value if tokens.token_hash(value) is not None else None


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
    device = session.get(DEVICE_KEY)
    try:
        if isinstance(session.get(LEGACY_TABLES_KEY), list):
            device = _device()
            _move_legacy_tables(device)
        if not isinstance(device, str):
            return []
        _move_pending(device)
        found = devices.recent_tables(storage.get_db(), device)
    except (SQLAlchemyError, Unavailable) as error:
        log.warning("recent tables not read: %s", type(error).__name__)
        return []
    return [{"token": table.token, "name": table.name} for table in found]


def remember_table(token: str) -> None:
    """Put this table first in the phone's list (kept on the server, as the games are)."""
    hint = _short(token)
    if session.get(TABLE_TOP_KEY) == hint and isinstance(session.get(DEVICE_KEY), str):
        return  # already first: no write on every visit
    if not isinstance(session.get(DEVICE_KEY), str) and request.method == "GET":
        session[PENDING_TABLE_KEY] = _sealed(_device(), "table", token)  # as remember() does
        return
    device = _device()
    try:
        _move_legacy_tables(device)
        _move_pending(device)
        if devices.remember_table(storage.get_db(), device, token):
            session[TABLE_TOP_KEY] = hint
    except (SQLAlchemyError, Unavailable) as error:
        log.warning("recent tables not saved: %s", type(error).__name__)


def forget_table(token: str) -> None:
    """A link that opens no table any more: the server's list never holds one (a deleted table's rows
    go with it), so only the hint of which table is first is dropped."""
    if session.get(TABLE_TOP_KEY) == _short(token):
        session.pop(TABLE_TOP_KEY)


def _move_legacy_tables(device: str) -> None:
    """Move the tables of an old cookie's list to the server, keeping their order, then drop it."""
    items = session.pop(LEGACY_TABLES_KEY, None)
    if not isinstance(items, list):
        return
    db = storage.get_db()
    for item in reversed(items):  # oldest first, so the newest ends up first
        if isinstance(item, list) and item and isinstance(item[0], str):
            devices.remember_table(db, device, item[0])
