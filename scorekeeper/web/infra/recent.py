"""The games recently opened on this device, kept in the signed session cookie (no server list)."""

from __future__ import annotations

from datetime import UTC, datetime

from flask import session

RECENT_KEY = "recent"
RECENT_MAX = 8


def remember(token: str, players: list[str], title: str) -> None:
    """Put this game first in the device's recent list (once; the oldest falls off)."""
    recent = [item for item in recent_games() if item["token"] != token]
    entry = {
        "token": token,
        "players": list(players),
        "title": title,
        "at": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
    }
    current = session.get(RECENT_KEY)
    if current and isinstance(current, list) and current[0] == _pack(entry, keep_time=current[0]):
        return  # already first: don't rewrite the cookie on every page load
    session[RECENT_KEY] = [_pack(entry)] + [_pack(item) for item in recent][: RECENT_MAX - 1]


def recent_games() -> list[dict]:
    """The remembered games, newest first; anything malformed in the cookie is skipped."""
    items = session.get(RECENT_KEY)
    if not isinstance(items, list):
        return []
    games = []
    for item in items:
        if (
            isinstance(item, list)
            and len(item) == 4
            and isinstance(item[0], str)
            and isinstance(item[1], list)
            and all(isinstance(name, str) for name in item[1])
            and isinstance(item[2], str)
            and isinstance(item[3], str)
        ):
            games.append({"token": item[0], "players": item[1], "title": item[2], "at": item[3]})
    return games


def forget(token: str) -> None:
    """Drop a game that no longer opens (deleted, or a bad token)."""
    items = recent_games()
    kept = [item for item in items if item["token"] != token]
    if len(kept) != len(items):
        session[RECENT_KEY] = [_pack(item) for item in kept]


def _pack(entry: dict, keep_time: list | None = None) -> list:
    """A compact list form for the cookie (it is sent with every request)."""
    at = keep_time[3] if keep_time and len(keep_time) == 4 else entry["at"]
    return [entry["token"], entry["players"], entry["title"], at]
