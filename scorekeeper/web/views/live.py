"""Live games: a cheap poll that tells a phone whether the game changed since its page was made.

``GET /g/<token>/poll?v=<version>`` answers 204 with no body while the game is still at that
version, and 200 ``{"version": n}`` once it moved on; then static/js/live.js fetches the fresh
sheet. Any token works (edit or view); a wrong one is 404. An idle poll costs no transaction
and, in the common case, never reaches Flask (web/infra/poll_cache.py: a per-process memory of
versions, kept right across processes and hosts by the change stamps of storage/changes.py).
"""

from __future__ import annotations

from typing import cast

from flask import Blueprint, Flask, Response, current_app, jsonify, request
from flask.blueprints import BlueprintSetupState

from scorekeeper import storage

from ..infra.extensions import limiter
from ..infra.poll_cache import FastPolls, PollCache

bp = Blueprint("live", __name__, url_prefix="/g/<token>")
CACHE_KEY = "scorekeeper.poll_cache"


@bp.record_once
def _install(state: BlueprintSetupState) -> None:
    """One version memory per app; idle polls answered in front of Flask."""
    app = cast(Flask, state.app)  # registered on a flask.Flask, typed as its sansio base
    # LIVE_POLL_CACHE=false: every poll reads the database (to measure what the memory saves).
    enabled = str(app.config.get("LIVE_POLL_CACHE", True)).lower() not in ("false", "0", "no", "off")
    cache = PollCache(storage.get_changes(app), enabled=enabled)
    app.extensions[CACHE_KEY] = cache
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
