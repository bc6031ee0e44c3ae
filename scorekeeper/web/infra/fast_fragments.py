"""A phone's live refresh answered before Flask: the link's shared fragment, already encoded.

After each turn every phone of a table fetches the fresh fragment (``GET /g/<token>`` with
HX-Request). The fragment is the same bytes for every phone of the link (web/infra/fragment_cache.py:
no CSRF field, nothing of one session), so once this process has answered it through Flask for a
language and an Accept-Encoding, ``FastFragments`` answers the same request again without routing,
session cookie, hooks or compression (measured: ~1.2 ms of CPU through Flask, ~0.1 ms here). It
answers only when sure: the link's version is the one the poll cache vouches for (exact across
processes), the fragment of that version is in memory, the language is the one Flask would choose
(the same rule: a view link's game language, the phone's choice, the browser's), and it replays the
headers Flask itself sent with such an answer. Anything else goes to Flask, which fills the memory.
What it skips: moving the game to the top of the phone's recent list, which the page itself did
when it was opened.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header, parse_cookie

from ..live.fragments import FragmentCache
from ..live.polls import PollCache, StartResponse, learning
from .i18n import COOKIE, choose_language, language_of

GAME_PATH = re.compile(r"/g/([A-Za-z0-9_-]{1,99})")  # as POLL_PATH: longer than any real link
SHARED_ANSWER = "scorekeeper.shared_answer"  # environ key: Flask answered from the shared fragment


class FastFragments:
    """WSGI middleware: answers a live refresh from the shared fragment with Flask's own headers."""

    def __init__(
        self,
        app: Callable[[dict[str, Any], StartResponse], Iterable[bytes]],
        polls: PollCache,
        fragments: FragmentCache,
    ) -> None:
        self.app = app
        self.polls = polls
        self.fragments = fragments
        self.headers: list[tuple[str, str]] | None = None

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        if environ.get("REQUEST_METHOD") != "GET" or environ.get("HTTP_HX_REQUEST") != "true":
            return self.app(environ, start_response)
        found = GAME_PATH.fullmatch(environ.get("PATH_INFO", ""))
        if found is None or environ.get("QUERY_STRING"):
            return self.app(environ, start_response)
        learned = self.headers
        answer = self._answer(found.group(1), environ) if learned is not None else None
        if learned is None or answer is None:
            return self.app(environ, learning(start_response, lambda *answer: self._learn(environ, *answer)))
        encoding, data = answer
        headers = [*learned, ("Content-Length", str(len(data)))]
        if encoding:
            headers.append(("Content-Encoding", encoding))
        start_response("200 OK", headers)
        return [data]

    def _answer(self, token: str, environ: dict[str, Any]) -> tuple[str | None, bytes] | None:
        """The encoded fragment this process already answered for this link, version, language and
        Accept-Encoding; None when any of them is not sure."""
        version = self.polls.fresh(token)
        if version is None:
            return None
        shown = self.fragments.remembered(token, version)
        if shown is None:
            return None
        game_language = shown.language if shown.access != "edit" else None
        phone_choice = parse_cookie(environ).get(COOKIE)
        browser = parse_accept_header(environ.get("HTTP_ACCEPT_LANGUAGE"), LanguageAccept)
        language = choose_language(language_of(game_language), phone_choice, browser)
        return shown.packed.get((language, environ.get("HTTP_ACCEPT_ENCODING", "")))

    def _learn(
        self, environ: dict[str, Any], status: str, headers: list[tuple[str, str]], _names: set[str]
    ) -> None:
        """Keep the headers of Flask's answer from the shared fragment to replay them."""
        if environ.get(SHARED_ANSWER) and status.startswith("200"):
            self.headers = headers


__all__ = ["SHARED_ANSWER", "FastFragments"]
