"""Live games: a cheap poll that tells a phone whether the game changed since its page was made.

``GET /g/<token>/poll?v=<version>`` answers 204 with no body while the game is still at that
version (one indexed lookup, no replay), and 200 ``{"version": n}`` once it moved on; then
static/js/live.js fetches the fresh sheet. Any token works (edit or view); a wrong one is 404.
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify, request

from scorekeeper import games, storage

from ..infra.extensions import limiter

bp = Blueprint("live", __name__, url_prefix="/g/<token>")


@bp.get("/poll")
@limiter.exempt  # eight phones polling every second and a half are not an attack
def poll(token: str) -> Response:
    """204 while the game is at version `v`, else 200 with the current version."""
    version = games.game_version(storage.get_db(), token)  # GameNotFound: 404 (errors.py)
    if request.args.get("v") == str(version):
        response = current_app.response_class(status=204)
        del response.headers["Content-Type"]  # no body, nothing to type: fewer bytes per poll
    else:
        response = jsonify(version=version)
    response.headers["Cache-Control"] = "no-store"
    return response
