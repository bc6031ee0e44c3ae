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

from flask import Blueprint, Flask, Response, current_app, jsonify, request
from flask.blueprints import BlueprintSetupState
from flask_babel import get_locale

from scorekeeper import games, storage

from ..infra.extensions import limiter
from ..infra.fragment_cache import FragmentCache, Shown, finished, placeholder_csrf
from ..infra.fragment_files import FragmentFiles
from ..infra.i18n import speak_game_language
from ..infra.poll_cache import FastPolls, PollCache
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
    """One version memory per app; idle polls answered in front of Flask."""
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
    app.extensions[FRAGMENTS_KEY] = FragmentCache(enabled=_setting(app, "LIVE_FRAGMENT_CACHE"), files=files)
    if enabled:
        app.wsgi_app = FastPolls(app.wsgi_app, cache)  # type: ignore[method-assign]


@bp.get("/poll")
@limiter.exempt  # eight phones polling every second and a half are not an attack
def poll(token: str) -> Response:
    """204 while the game is at version `v`, else 200 with the current version."""
    cache: PollCache = current_app.extensions[CACHE_KEY]
    version = cache.version(storage.get_db(), token)  # GameNotFound: 404 (errors.py)
    if request.args.get("v") == str(version):
        response = current_app.response_class(status=204)
        del response.headers["Content-Type"]  # no body, nothing to type: fewer bytes per poll
    else:
        response = jsonify(version=version)
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
    body = fragments.body(token, shown, str(get_locale()))
    if body is None:
        return None
    remember(token, shown.players, shown.title)
    response = current_app.response_class(finished(body), mimetype="text/html")
    response.vary.add("HX-Request")
    return response


def shared_fragment(
    loaded: games.LoadedGame, token: str, render: Callable[[], Response], confirm: str = ""
) -> Response:
    """`render()`'s answer with `confirm` in its slot, if it has one; for the live fragment, also
    kept (with placeholders for the CSRF token and the slot) to share."""
    fragments: FragmentCache = current_app.extensions[FRAGMENTS_KEY]
    if not fragments.enabled or not is_htmx():
        response = render()
        if is_htmx():  # the live fragment not kept (LIVE_FRAGMENT_CACHE=false): its slot still filled
            response.set_data(finished(response.get_data(as_text=True), confirm))
        return response
    with fragments.rendering(token), placeholder_csrf():
        response = render()
    body = response.get_data(as_text=True)
    if response.status_code == 200 and not _coach_waits(loaded):
        shown = Shown(loaded.version, loaded.access, loaded.language, list(loaded.game.players), loaded.title)
        fragments.keep(token, shown, str(get_locale()), body)
    response.set_data(finished(body, confirm))
    return response


def _coach_waits(loaded: games.LoadedGame) -> bool:
    """The coach is on but its tables are still being built: its advice and chances come unversioned."""
    if not (loaded.coach and loaded.game.rules.has_coach):
        return False
    advisor = advisor_for(loaded.game.edition)
    return advisor is None or advisor.distributions() is None
