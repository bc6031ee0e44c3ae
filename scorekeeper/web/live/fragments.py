"""The live fragment of a link, rendered once per game version and language and kept for every phone."""

from __future__ import annotations

import logging
import os
import stat
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from flask import Flask, current_app, request
from flask_babel import get_locale
from flask_caching import Cache

from scorekeeper.storage import tokens

from ..infra.compression import compress_response

WAIT_S = 0.5  # longest a refresh waits for another thread's render of the same fragment before its own
log = logging.getLogger(__name__)
cache = Cache()
_guard = threading.Lock()
_rendering: dict[str, threading.Lock] = {}
Packed = tuple[str | None, bytes]  # (Content-Encoding or None, the answer's bytes)


def init_app(app: Flask) -> None:
    """Keep fragments in LIVE_CACHE_DIR, shared by the processes of one server run, else in memory."""
    folder = app.config.get("LIVE_CACHE_DIR")
    config = {"CACHE_TYPE": "SimpleCache", "CACHE_THRESHOLD": 2000, "CACHE_DEFAULT_TIMEOUT": 600}
    if folder and _private(folder):
        config.update(CACHE_TYPE="FileSystemCache", CACHE_DIR=folder, CACHE_THRESHOLD=1000)
    cache.init_app(app, config)


def key(token: str, version: int) -> str:
    """Which fragment: the game (a hash of its link, which also tells the access), its version, the
    request's language."""
    return f"{tokens.token_hash(token)}:{version}:{get_locale()}"


def kept(name: str) -> Packed | None:
    """The fragment kept under this key, encoded for this request's Accept-Encoding (as Flask-Compress
    encodes it once per kind); None if nobody rendered it yet."""
    if not current_app.config.get("LIVE_FRAGMENT_CACHE", True):
        return None
    accepted = f"{name}:{request.headers.get('Accept-Encoding', '')}"
    found: Packed | None = cache.get(accepted)
    if found is None:
        body = cache.get(name)
        if body is None:
            return None
        response = compress_response(current_app.response_class(body, mimetype="text/html"))
        found = (response.headers.get("Content-Encoding"), response.get_data())
        cache.set(accepted, found)
    return found


def keep(name: str, body: str) -> None:
    """Keep a fragment for every phone that asks for it (a fragment of a version never changes)."""
    if current_app.config.get("LIVE_FRAGMENT_CACHE", True):
        cache.set(name, body)


@contextmanager
def rendering(name: str) -> Iterator[None]:
    """One thread of this process renders a fragment; the others asking for it meanwhile wait for it."""
    with _guard:
        busy = _rendering.setdefault(name, threading.Lock())
    waited = busy.acquire(timeout=WAIT_S)
    try:
        yield
    finally:
        if waited:
            busy.release()
        with _guard:
            _rendering.pop(name, None)


def _private(folder: str) -> bool:
    """Make the folder (0700) if missing; usable only if it is this server's own and nobody else's."""
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        status = os.stat(folder)
        if status.st_uid == os.getuid() and not status.st_mode & (stat.S_IRWXG | stat.S_IRWXO):
            return True
        log.warning("live fragments kept per process: %s is not this server's own", folder)
    except OSError as error:
        log.warning("live fragments kept per process (%s): %s", folder, error)
    return False
