"""The live-refresh fragment rendered once per game version and language, shared by a table's phones.

Every phone of a table asks for the same fragment (``GET /g/<token>`` with HX-Request) after each
turn; rendering it (replay, sheet view model, templates) costs more CPU than anything else the
server does. ``FragmentCache`` keeps, per link, the last fragment rendered for each language, keyed
by the game version it shows: the version comes from the poll cache (web/infra/poll_cache.py,
exact across processes), so a fragment of an older version is never served. Nothing in it belongs
to one phone: no CSRF field (its forms get the page's token from app.js, htmx sends it as a header),
and the recording phone's own "✓ recorded" line has a placeholder, filled for the turn's answer
(which is the table's next fragment too: one render per turn) and emptied for the others. So every
phone of the link gets the same bytes, compressed once per Accept-Encoding.
Keyed by the link itself: an edit link's fragment (with its edit forms) is never shown to a view link.
What one process renders, the host's other processes read from disk (web/infra/fragment_files.py).
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from flask import g
from markupsafe import Markup

from ..infra.fragment_files import FragmentFiles, Marks

WAIT_S = 0.5  # longest a refresh waits for another thread's render of the same link before its own
MAX_LINKS = 2_000  # links remembered per process (a fragment is 18-35 kB: <= ~70 MB); then all forgotten
MAX_PACKED = 8  # encoded answers kept per fragment (one per Accept-Encoding its phones send)
# Random per process: no player name or title can contain it, so only the slot is filled.
CONFIRM_PLACEHOLDER = Markup(f"<!--confirm-{secrets.token_hex(16)}-->")
MARKS = Marks(CONFIRM_PLACEHOLDER)
# (Content-Encoding or None, the answer's bytes) of a fragment for one Accept-Encoding.
Packed = tuple[str | None, bytes]


@dataclass
class Shown:
    """A link's fragments for one game version: what a request needs before choosing a language."""

    version: int
    access: str
    language: str | None  # the game's own language (the view link's board speaks it), if any
    players: list[str]
    title: str
    by_locale: dict[str, str] = field(default_factory=dict)
    packed: dict[tuple[str, str], Packed] = field(default_factory=dict)  # (locale, Accept-Encoding)

    def answer(self, locale: str, accepted: str, pack: Callable[[str], Packed]) -> Packed | None:
        """The fragment as other phones get it (the slot empty), encoded as `pack` does once."""
        key = (locale, accepted)
        found = self.packed.get(key)
        if found is None:
            body = self.by_locale.get(locale)
            if body is None:
                return None
            if len(self.packed) >= MAX_PACKED:
                self.packed.clear()
            found = self.packed[key] = pack(finished(body))
        return found


class FragmentCache:
    """Per-process memory of token -> Shown (the latest version rendered through that link)."""

    def __init__(self, *, enabled: bool = True, files: FragmentFiles | None = None) -> None:
        self.enabled = enabled
        self.files = files if enabled else None
        self._links: dict[str, Shown] = {}
        self._lock = threading.Lock()
        self._rendering: dict[str, threading.Lock] = {}  # links a thread of this process renders now

    @contextmanager
    def rendering(self, token: str) -> Iterator[None]:
        """Marks this link's fragment as being rendered by this thread (see `wait_for_render`)."""
        with self._lock:
            busy = self._rendering.setdefault(token, threading.Lock())
        with busy:
            try:
                yield
            finally:
                with self._lock:
                    self._rendering.pop(token, None)

    def wait_for_render(self, token: str) -> bool:
        """Wait (a little) while another thread renders this link; True if one was rendering."""
        busy = self._rendering.get(token) if self.enabled else None
        if busy is None or not busy.acquire(timeout=WAIT_S):
            return False
        busy.release()
        return True

    def shown(self, token: str, version: int) -> Shown | None:
        """What this link last showed, if it is of this very version (from memory, else from disk)."""
        found = self.remembered(token, version)
        if found is not None:
            return found
        meta = self.files.read_meta(token) if self.files is not None else None
        if meta is None or meta.get("version") != version:
            return None
        try:
            shown = Shown(version, meta["access"], meta["language"], list(meta["players"]), meta["title"])
        except (KeyError, TypeError):
            return None
        with self._lock:
            current = self._links.get(token)
            if current is None or current.version < version:
                self._remember(token, shown)
                return shown
            return current if current.version == version else None

    def remembered(self, token: str, version: int) -> Shown | None:
        """What this process itself holds of this link at this very version (memory only)."""
        found = self._links.get(token) if self.enabled else None
        return found if found is not None and found.version == version else None

    def body(self, token: str, shown: Shown, locale: str) -> str | None:
        """The fragment of `shown`'s version in this language (from memory, else from disk)."""
        body = shown.by_locale.get(locale)
        if body is None and self.files is not None:
            body = self.files.read_body(token, shown.version, locale, MARKS)
            if body is not None:
                shown.by_locale[locale] = body
        return body

    def keep(self, token: str, shown: Shown, locale: str, body: str) -> None:
        """Remember a fragment (with the placeholders) of `shown`'s version in this language."""
        if not self.enabled:
            return
        with self._lock:
            current = self._links.get(token)
            if current is None or current.version < shown.version:
                current = self._remember(token, shown)
            if current.version == shown.version:
                current.by_locale[locale] = body
        if self.files is not None:
            meta = {
                "version": shown.version,
                "access": shown.access,
                "language": shown.language,
                "players": shown.players,
                "title": shown.title,
            }
            self.files.write(token, meta, locale, body, MARKS)

    def _remember(self, token: str, shown: Shown) -> Shown:
        if len(self._links) >= MAX_LINKS:
            self._links.clear()
        self._links[token] = shown
        return shown


@contextmanager
def shared_render() -> Iterator[None]:
    """Within: the templates render no CSRF field (see _macros.html's csrf())."""
    g.shared_fragment = True
    try:
        yield
    finally:
        g.pop("shared_fragment", None)


def finished(body: str, confirm: str = "") -> str:
    """The fragment with `confirm` (the recording phone's line) in its slot."""
    return body.replace(CONFIRM_PLACEHOLDER, confirm, 1)


__all__ = ["CONFIRM_PLACEHOLDER", "MARKS", "FragmentCache", "Packed", "Shown", "finished", "shared_render"]
