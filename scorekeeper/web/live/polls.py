"""The one layer in front of Flask: a poll that finds nothing new is answered from the change stamps."""

from __future__ import annotations

import re
import time
import urllib.parse
from collections.abc import Callable, Iterable
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from scorekeeper.services import games
from scorekeeper.storage import tokens

from ..infra.security import PRIVATE_HEADERS, SECURITY_HEADERS
from .changes import Changes, slot_of

# A game's link is one path segment (a little longer than any real one: tokens.token_hash decides).
LIVE_PATH = re.compile(r"/g/([A-Za-z0-9_-]{1,99})(/poll)?")
# live_etag()'s form W/"<version>-<language>"; one made while the coach waits (W/"<version>-<language>-wait")
# is not matched: Flask asks whether the coach's tables came meanwhile.
ETAG = re.compile(r'(?:W/)?"(\d+)-[A-Za-z_]{1,20}"')
MAX_LINKS = 50_000  # links remembered per process (a few MB at most), forgotten all at once beyond
# Every answer of this layer: never stored by a cache, and the headers every page of a game has.
HEADERS = [("Cache-Control", "no-store"), *SECURITY_HEADERS.items(), *PRIVATE_HEADERS.items()]

StartResponse = Callable[..., Any]
WSGIApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


def live_etag(version: int, language: str, *, coach_waits: bool = False) -> str:
    """The live fragment's ETag: the game's version and the language of the page showing it, marked
    if the coach was getting ready (its tables come with no new version: static/js/live.js)."""
    return f'W/"{version}-{language}{"-wait" if coach_waits else ""}"'


def poll_answer(version: int, asked: object) -> tuple[int, list[tuple[str, str]], bytes]:
    """``GET /g/<link>/poll?v=<n>``: 204 while the game is at version n, else 200 {"version": <now>}."""
    if asked == str(version):
        return 204, list(HEADERS), b""
    body = b'{"version":%d}\n' % version
    return 200, [*HEADERS, ("Content-Type", "application/json"), ("Content-Length", str(len(body)))], body


class Versions:
    """Per-process memory of each link's game stamp, trusted while its change stamp is unchanged."""

    def __init__(self, db: Any, changes: Changes, *, remember: bool = True) -> None:
        self.db, self.changes, self.remember = db, changes, remember
        self._links: dict[str, tuple[int, tuple[int, int], games.GameStamp, float]] = {}

    def current(self, token: str) -> games.GameStamp:
        """The game's stamp: from memory while no write may have changed it, else one read (GameNotFound)."""
        known = self._links.get(token) if self.remember else None
        if known is not None:
            slot, mark, stamp, read_at = known
            if time.monotonic() - read_at < self.changes.trust_for() and self.changes.mark(slot) == mark:
                return stamp
        digest = tokens.token_hash(token)
        if digest is None:
            raise games.GameNotFound
        slot = slot_of(digest)
        mark, read_at = self.changes.mark(slot), time.monotonic()  # before the read: a later write shows
        stamp = games.game_stamp(self.db, token)
        if len(self._links) >= MAX_LINKS:
            self._links.clear()
        self._links[token] = (slot, mark, stamp, read_at)
        return stamp


class Polls:
    """WSGI middleware: answers the live polls of a game it can vouch for; anything else goes to Flask."""

    def __init__(self, app: WSGIApp, versions: Versions) -> None:
        self.app, self.versions = app, versions

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        found = LIVE_PATH.fullmatch(environ.get("PATH_INFO", ""))
        etag = ETAG.fullmatch(environ.get("HTTP_IF_NONE_MATCH", "").strip())
        conditional = etag is not None and environ.get("HTTP_HX_REQUEST") == "true"
        if found is None or environ.get("REQUEST_METHOD") != "GET" or not (found.group(2) or conditional):
            return self.app(environ, start_response)
        try:
            version = self.versions.current(found.group(1)).version
        except (games.GameNotFound, SQLAlchemyError):  # Flask answers: the game's 404, or a 503
            return self.app(environ, start_response)
        if found.group(2):  # ?v=<n>: the poll's own question
            asked = dict(urllib.parse.parse_qsl(environ.get("QUERY_STRING", ""))).get("v")
            status, headers, body = poll_answer(version, asked)
            start_response(f"{status} {'OK' if body else 'No Content'}", headers)
            return [body] if body else []
        if etag is not None and etag.group(1) == str(version):  # the page shows this version: nothing new
            start_response("304 Not Modified", [*HEADERS, ("ETag", etag.group(0))])
            return []
        return self.app(environ, start_response)  # news: Flask sends the fragment
