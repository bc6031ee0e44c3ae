"""Idle polls without a transaction: each process remembers the version it last read per link.

``PollCache.version(db, token)`` answers from memory while the game's change stamp
(scorekeeper/storage/changes.py) is the one taken before that version was read, else reads the
database. ``FastPolls`` answers a poll (``GET /g/<token>/poll?v=<n>``) of a remembered link before
Flask sees it: no routing, no session cookie to verify, no hooks. An idle one (n is the version)
gets 204 with the headers Flask itself sent on a 204 poll; one that missed a change (after a turn,
the table's other phones) gets 200 ``{"version":<the version>}`` with the headers of Flask's 200:
byte for byte what Flask answers.
"""

from __future__ import annotations

import re
import time
import urllib.parse
from collections.abc import Callable, Iterable
from typing import Any

from scorekeeper.services import games
from scorekeeper.storage import tokens

from .changes import Changes, slot_of

# A link's characters, a little longer than any real one (tokens.token_hash has the last word).
POLL_PATH = re.compile(r"/g/([A-Za-z0-9_-]{1,99})/poll")
MAX_ENTRIES = 50_000  # links remembered per process (a few MB at most), forgotten all at once beyond
# Headers the server writes itself, or that belong to one answer only.
PER_ANSWER = frozenset({"date", "server", "content-length", "content-encoding", "set-cookie", "connection"})


class PollCache:
    """Per-process memory of token -> (stamp slot, stamp mark, version, when read)."""

    def __init__(self, changes: Changes, *, enabled: bool = True) -> None:
        self.changes = changes
        self.enabled = enabled
        self._entries: dict[str, tuple[int, tuple[int, int], int, float]] = {}

    def fresh(self, token: str) -> int | None:
        """The remembered version, if no write may have changed the game since it was read."""
        entry = self._entries.get(token) if self.enabled else None
        if entry is None:
            return None
        slot, mark, version, read_at = entry
        if time.monotonic() - read_at >= self.changes.trust_for() or self.changes.mark(slot) != mark:
            return None
        return version

    def version(self, db: Any, token: str) -> int:
        """The game's version: from memory when still sure, else one read (GameNotFound as usual)."""
        known = self.fresh(token)
        if known is not None:
            return known
        digest = tokens.token_hash(token)
        if digest is None:
            raise games.GameNotFound
        slot = slot_of(digest)
        # The mark is taken before the read: a write committed after it changes the stamp.
        mark, read_at = self.changes.mark(slot), time.monotonic()
        version = games.game_version(db, token)
        if len(self._entries) >= MAX_ENTRIES:
            self._entries.clear()
        self._entries[token] = (slot, mark, version, read_at)
        return version


StartResponse = Callable[..., Any]


class FastPolls:
    """WSGI middleware: answers an idle poll from the cache with Flask's own 204 headers."""

    def __init__(self, app: Callable[[dict[str, Any], StartResponse], Iterable[bytes]], cache: PollCache):
        self.app = app
        self.cache = cache
        self.idle_headers: list[tuple[str, str]] | None = None
        self.news_headers: list[tuple[str, str]] | None = None

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        found = POLL_PATH.fullmatch(environ.get("PATH_INFO", ""))
        if found is None or environ.get("REQUEST_METHOD") != "GET":
            return self.app(environ, start_response)
        learned = self.idle_headers is not None or self.news_headers is not None
        version = self.cache.fresh(found.group(1)) if learned else None
        if version is not None:
            idle = _asked_version(environ) == str(version)
            if idle and self.idle_headers is not None:
                start_response("204 NO CONTENT", list(self.idle_headers))
                return []
            if not idle and self.news_headers is not None:
                body = news_body(version)
                start_response("200 OK", [*self.news_headers, ("Content-Length", str(len(body)))])
                return [body]
        return self.app(environ, learning(start_response, self._learn))

    def _learn(self, status: str, headers: list[tuple[str, str]], names: set[str]) -> None:
        """Keep the headers of Flask's idle answer and of its news (an unencoded 200) to replay them."""
        if status.startswith("204"):
            self.idle_headers = headers
        elif status.startswith("200") and "content-encoding" not in names:
            self.news_headers = headers


Learn = Callable[[str, list[tuple[str, str]], set[str]], None]


def learning(start_response: StartResponse, learn: Learn) -> StartResponse:
    """start_response that first shows Flask's answer to `learn` (its status, the headers worth
    sending again, and all its header names), when it set no cookie (a cookie is one phone's)."""

    def wrapped(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
        names = {name.lower() for name, _ in headers}
        if "set-cookie" not in names:
            learn(status, [(n, v) for n, v in headers if n.lower() not in PER_ANSWER], names)
        return start_response(status, headers, exc_info) if exc_info else start_response(status, headers)

    return wrapped


def news_body(version: int) -> bytes:
    """What Flask's jsonify(version=...) answers (compact JSON and a newline)."""
    return b'{"version":%d}\n' % version


def _asked_version(environ: dict[str, Any]) -> str | None:
    query = environ.get("QUERY_STRING", "")
    if query.startswith("v=") and "&" not in query:
        return query[2:]  # the page's own form: ?v=<digits>
    return dict(urllib.parse.parse_qsl(query)).get("v")
