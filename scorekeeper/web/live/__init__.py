"""Live updates: every phone of a game sees a change made on another within 3 seconds.

A committed write stamps its game in a small file every process of the host maps (changes.py;
Redis carries the news to other hosts). A page asks every 1.5 s for its game area again, as an
HTTP conditional request: ``If-None-Match``, the ETag of its game's version and language. One
small layer in front of Flask (polls.py) remembers each link's version while its stamp is
unchanged and answers "nothing new" (304) with no session or transaction. Anything else goes
through Flask: the view renders the fragment once per version and language and keeps it with
Flask-Caching (fragments.py) for every phone of the link, the turn's own answer included; it
holds nothing of one phone (no CSRF field: htmx sends the page's token as a header). While a coached
game's tables are being built, its fragment is not kept and its ETag says so: such polls reach Flask,
answered 304 until the tables come, then the fragment with the coach.
``GET /g/<link>/poll?v=<n>`` asks the same with a query (204 nothing new, 200 {"version": n}).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from flask import Blueprint, Flask, Response, current_app, request
from flask.blueprints import BlueprintSetupState
from flask_babel import get_locale

from scorekeeper import storage
from scorekeeper.services import games

from ..infra.extensions import limiter
from ..infra.i18n import speak_game_language
from ..infra.recent import remember
from . import fragments
from .changes import Changes
from .polls import Polls, Versions, live_etag, poll_answer

bp = Blueprint("live", __name__, url_prefix="/g/<token>")
VERSIONS_KEY = "scorekeeper.live_versions"
CHANGES_KEY = "scorekeeper.changes"
Load = Callable[[], games.LoadedGame]  # the link's game, opened for this request
# The fragment's HTML for the game as loaded, made knowing whether the coach waits for its tables.
Render = Callable[[games.LoadedGame, bool], str]


@bp.record_once
def _install(state: BlueprintSetupState) -> None:
    """The app's change stamps, its version memory and fragment cache, and the poll layer in front."""
    app = cast(Flask, state.app)  # registered on a flask.Flask, typed as its sansio base
    engine = storage.get_engine(app)
    changes = app.extensions[CHANGES_KEY] = Changes(engine.url, app.config.get("REDIS_URL") or None)
    storage.after_write(engine, changes.written)
    # Both on unless set false, to measure what each saves: LIVE_POLL_CACHE=false reads the database
    # for every poll, LIVE_FRAGMENT_CACHE=false renders the fragment for every phone.
    for name in ("LIVE_POLL_CACHE", "LIVE_FRAGMENT_CACHE"):
        app.config[name] = str(app.config.get(name, True)).lower() not in ("false", "0", "no", "off")
    versions = Versions(app.extensions[storage.DB_KEY], changes, remember=app.config["LIVE_POLL_CACHE"])
    app.extensions[VERSIONS_KEY] = versions
    fragments.init_app(app)
    app.wsgi_app = Polls(app.wsgi_app, versions)  # type: ignore[method-assign]
    app.jinja_env.globals["live_etag"] = lambda loaded, coach_waits=False: live_etag(
        loaded.version, str(get_locale()), coach_waits=bool(coach_waits)
    )


@bp.get("/poll")
@limiter.exempt  # eight phones polling every second and a half are not an attack
def poll(token: str) -> Response:
    """What the layer in front could not answer: a link that opens no game (404), a database fault."""
    stamp = current_app.extensions[VERSIONS_KEY].current(token)
    status, headers, body = poll_answer(stamp.version, request.args.get("v"))
    return current_app.response_class(body, status, headers)


def fragment(token: str, load: Load, render: Render, waits: Callable[[games.LoadedGame], bool]) -> Response:
    """The link's live fragment for htmx: kept from an earlier render of this version and language,
    else rendered once by `render` (the other phones asking meanwhile wait for it). While `waits` (the
    coach's tables are being built) it is neither kept nor tagged as the version's for good."""
    stamp = current_app.extensions[VERSIONS_KEY].current(token)  # GameNotFound: the 404 page
    if stamp.access != "edit":
        speak_game_language(stamp.language)  # the board speaks the table's language
    language = str(get_locale())
    etag = live_etag(stamp.version, language)
    if _shown(etag):
        return _answer(current_app.response_class(status=304), etag)
    name = fragments.key(token, stamp.version)
    found = fragments.kept(name)
    if found is None:
        with fragments.rendering(name):
            found = fragments.kept(name)
            if found is None:
                loaded = load()
                # Asked before rendering: a table that comes during the render must not leave a
                # fragment saying "getting ready" kept for this version.
                waiting = waits(loaded)
                if waiting:
                    etag = live_etag(loaded.version, language, coach_waits=True)
                    if _shown(etag):  # the page shows this version, the coach still getting ready
                        return _answer(current_app.response_class(status=304), etag)
                body = render(loaded, waiting)
                if loaded.version == stamp.version and not waiting:
                    fragments.keep(name, body)
                    found = fragments.kept(name)
                found = found or (None, body.encode())
    remember(token)
    encoding, data = found
    response = current_app.response_class(data, mimetype="text/html")
    if encoding:  # encoded already: Flask-Compress leaves it alone
        response.headers["Content-Encoding"] = encoding
    return _answer(response, etag)


def share(loaded: games.LoadedGame, token: str, body: str, keepable: bool) -> None:
    """Keep a fragment rendered for one phone (a turn's answer) for every phone of the link."""
    if keepable:
        fragments.keep(fragments.key(token, loaded.version), body)


def _shown(etag: str) -> bool:
    """The page asking shows the fragment of this ETag already (its If-None-Match names it)."""
    return request.if_none_match.contains_weak(etag[2:].strip('"'))


def _answer(response: Response, etag: str) -> Response:
    response.headers["ETag"] = etag
    response.vary.update(("HX-Request", "Accept-Encoding"))
    return response
