"""Live games: a cheap poll that tells a phone whether the game changed since its page was made.

``GET /g/<token>/poll?v=<version>`` answers 204 with no body while the game is still at that
version, and 200 ``{"version": n}`` once it moved on; then static/js/live.js fetches the fresh
sheet. Any token works (edit or view); a wrong one is 404. An idle poll costs no transaction
and, in the common case, never reaches Flask (web/infra/poll_cache.py: a per-process memory of
versions, kept right across processes and hosts by the change stamps of storage/changes.py).
The fresh fragment the phones then fetch is rendered once per version and language and shared
(web/infra/fragment_cache.py): ``cached_fragment`` answers from it, ``shared_fragment`` fills it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from flask import Blueprint, Flask, Response, current_app, request
from flask.blueprints import BlueprintSetupState
from flask_babel import get_locale

from scorekeeper import games, storage

from ..infra.compression import compress_response
from ..infra.extensions import limiter
from ..infra.fast_fragments import SHARED_ANSWER, FastFragments
from ..infra.fragment_cache import FragmentCache, Packed, Shown, finished, shared_render
from ..infra.fragment_files import FragmentFiles
from ..infra.i18n import speak_game_language
from ..infra.poll_cache import FastPolls, PollCache, news_body
from ..infra.recent import remember
from .coach import advisor_for
from .rendering import is_htmx

bp = Blueprint("live", __name__, url_prefix="/g/<token>")
CACHE_KEY = "scorekeeper.poll_cache"
FRAGMENTS_KEY = "scorekeeper.fragment_cache"


def _setting(app: Flask, name: str) -> bool:
    return str(app.config.get(name, True)).lower() not in ("false", "0", "no", "off")


@bp.record_once
def _install(state: BlueprintSetupState) -> None:
    """One version memory and one fragment memory per app; idle polls and repeated live refreshes
    answered in front of Flask."""
    app = cast(Flask, state.app)  # registered on a flask.Flask, typed as its sansio base
    # LIVE_POLL_CACHE=false: every poll reads the database (to measure what the memory saves).
    enabled = _setting(app, "LIVE_POLL_CACHE")
    cache = PollCache(storage.get_changes(app), enabled=enabled)
    app.extensions[CACHE_KEY] = cache
    # LIVE_FRAGMENT_CACHE=false: every live refresh renders its fragment again (to measure it).
    # The processes of one server run (scorekeeper.serve names it; files outlive a restart, memory
    # does not) share what each renders, in files beside the change stamps.
    run = str(app.config.get("SERVER_RUN") or "")
    files = FragmentFiles(storage.get_changes(app).stamps.path + "-fragments", run) if run else None
    fragments = FragmentCache(enabled=_setting(app, "LIVE_FRAGMENT_CACHE"), files=files)
    app.extensions[FRAGMENTS_KEY] = fragments
    if enabled:
        app.wsgi_app = FastPolls(app.wsgi_app, cache)  # type: ignore[method-assign]
    if enabled and fragments.enabled:
        app.wsgi_app = FastFragments(app.wsgi_app, cache, fragments)  # type: ignore[method-assign]


@bp.get("/poll")
@limiter.exempt  # eight phones polling every second and a half are not an attack
def poll(token: str) -> Response:
    """204 while the game is at version `v`, else 200 with the current version."""
    cache: PollCache = current_app.extensions[CACHE_KEY]
    version = cache.version(storage.get_db(), token)  # GameNotFound: 404 (errors.py)
    if request.args.get("v") == str(version):
        response = current_app.response_class(status=204)
        del response.headers["Content-Type"]  # no body, nothing to type: fewer bytes per poll
    else:  # {"version": n}, the very bytes FastPolls answers when it knows the version already
        response = current_app.response_class(news_body(version), mimetype="application/json")
    response.headers["Cache-Control"] = "no-store"
    return response


def cached_fragment(token: str) -> Response | None:
    """The live fragment (htmx GET of the game page) from memory, if this link showed this version
    in this language already; None: render it (GameNotFound for a token that opens nothing)."""
    fragments: FragmentCache = current_app.extensions[FRAGMENTS_KEY]
    if not fragments.enabled or not is_htmx():
        return None
    version = current_app.extensions[CACHE_KEY].version(storage.get_db(), token)
    shown = fragments.shown(token, version)
    if shown is None and fragments.wait_for_render(token):  # the table's phones ask at once: one renders
        shown = fragments.shown(token, version)
    if shown is None:
        return None
    if shown.access != "edit":
        speak_game_language(shown.language)  # as the view below: the board speaks the table's language
    locale = str(get_locale())
    if fragments.body(token, shown, locale) is None:
        return None
    packed = shown.answer(locale, request.headers.get("Accept-Encoding", ""), _pack)
    if packed is None:
        return None
    remember(token, shown.players, shown.title)
    request.environ[SHARED_ANSWER] = True  # FastFragments learns its headers from this answer
    encoding, data = packed
    response = current_app.response_class(data, mimetype="text/html")
    if encoding:  # compressed already: Flask-Compress leaves an encoded answer alone
        response.headers["Content-Encoding"] = encoding
    response.vary.update(("HX-Request", "Accept-Encoding"))
    return response


def _pack(body: str) -> Packed:
    """The answer's bytes as Flask-Compress encodes them for this request's Accept-Encoding."""
    response = compress_response(current_app.response_class(body, mimetype="text/html"))
    return response.headers.get("Content-Encoding"), response.get_data()


def shared_fragment(
    loaded: games.LoadedGame, token: str, render: Callable[[], Response], confirm: str = ""
) -> Response:
    """`render()`'s answer with `confirm` in its slot, if it has one; for the live fragment, also
    kept (its slot a placeholder, no CSRF field) to share."""
    fragments: FragmentCache = current_app.extensions[FRAGMENTS_KEY]
    if not fragments.enabled or not is_htmx():
        response = render()
        if is_htmx():  # the live fragment not kept (LIVE_FRAGMENT_CACHE=false): its slot still filled
            response.set_data(finished(response.get_data(as_text=True), confirm))
        return response
    # Kept (and encoded) before the phones waiting for this render are let go (wait_for_render).
    with fragments.rendering(token):
        # Asked before rendering: a table that comes during the render must not leave a fragment
        # saying "getting ready" kept for this version (the page asks again when it comes).
        waits = _coach_waits(loaded)
        with shared_render():
            response = render()
        body = response.get_data(as_text=True)
        if response.status_code == 200 and not waits:
            shown = Shown(
                loaded.version, loaded.access, loaded.language, list(loaded.game.players), loaded.title
            )
            locale = str(get_locale())
            fragments.keep(token, shown, locale, body)
            kept = fragments.remembered(token, loaded.version)
            if kept is not None:  # encoded for this phone's kind: the table's others get it at once
                kept.answer(locale, request.headers.get("Accept-Encoding", ""), _pack)
    response.set_data(finished(body, confirm))
    return response


def _coach_waits(loaded: games.LoadedGame) -> bool:
    """The coach is on but its tables are still being built: its advice and chances come unversioned."""
    if not (loaded.coach and loaded.game.rules.has_coach):
        return False
    advisor = advisor_for(loaded.game.edition)
    return advisor is None or advisor.distributions() is None
