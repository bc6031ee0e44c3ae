"""Tables: start one, its page (games, high scores, players, history), rename and merge players,
delete a game or the table after a confirmation, export (JSON, CSV) and import; a game's own
page to move it to a table or delete it.

Every form posts and redirects (POST-redirect-GET); a refusal re-renders the page with its
reason (422). A token that opens no table, or a view link on a write route, is a 404.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any

from flask import (
    Blueprint,
    Response,
    current_app,
    flash,
    get_flashed_messages,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext, ngettext
from flask_wtf.csrf import CSRFError, validate_csrf
from wtforms import ValidationError

from scorekeeper import storage
from scorekeeper.rules import Message
from scorekeeper.services import interchange, names, table_players, tables
from scorekeeper.services.interchange import export_csv, export_table
from scorekeeper.services.table_games import GameLine, TableGames

from ..infra.extensions import csrf
from ..infra.hardening import large_body
from ..infra.i18n import edition_name, translate
from ..infra.limits import (
    count_imported_games,
    failed_lookup_allowed,
    imported_games_allowed,
    limit_new_games,
)
from ..infra.recent import forget_table, remember_table
from ..viewmodels.links import table_links
from ..viewmodels.table_page import high_scores, high_scores_of_statistics
from .forms import ActionForm, as_int
from .loading import load_or_404
from .rendering import render_error

bp = Blueprint("tables", __name__)
log = logging.getLogger(__name__)

NAME_FIELD_MAX = 200  # a posted name longer than this is not an attempt at a name
IMPORT_MAX_BYTES = 8 * 1024 * 1024  # a few thousand games; the app's usual form limit is far smaller
LATEST_GAMES = 20  # games the table page lists; the rest are on its "All games" pages
GAMES_PER_PAGE = 48  # games per "All games" page (not 50: a number rules use, see the no-rule test)


# -- links -----------------------------------------------------------------------------


def token_from_link(text: object) -> str:
    """The token in a pasted table link ("https://…/t/TOKEN" or the token alone)."""
    if not isinstance(text, str):
        return ""
    text = text.strip()[:NAME_FIELD_MAX].split("?")[0].split("#")[0].rstrip("/")
    return text.rsplit("/", 1)[-1]


def _text(value: object) -> str:
    return value[:NAME_FIELD_MAX] if isinstance(value, str) else ""


def _statistics(table_id: int) -> tuple[Any, bool]:
    """The statistics partial's figures (None if the module is not installed), and whether they
    failed: a fault in the statistics costs the page its statistics section, never the page."""
    try:
        from scorekeeper import statistics
    except ImportError:
        return None, False
    compute = getattr(statistics, "table_statistics", None)
    if compute is None:
        return None, False
    try:
        return compute(storage.get_db(), table_id), False
    except Exception:
        log.exception("statistics of table %d failed; the table page is shown without them", table_id)
        return None, True


def _edition_labels(lines: Sequence[GameLine]) -> dict[str, str]:
    """Each shown edition's name, looked up once per edition (not once per game)."""
    editions = {line.edition.id: line.edition for line in lines}
    return {key: edition_name(rules) for key, rules in editions.items()}


# -- errors ----------------------------------------------------------------------------


@bp.app_errorhandler(tables.TableNotFound)
@bp.app_errorhandler(tables.TableReadOnly)
def no_table(error: Exception):
    """A token that opens no table, or a view link on a write route: the same 404."""
    token = (request.view_args or {}).get("token")
    if isinstance(token, str) and isinstance(error, tables.TableNotFound):
        forget_table(token)
    if not failed_lookup_allowed():  # links that open nothing share the small per-address budget
        page, status = render_error(429)
        return page, status, {"Retry-After": "60"}
    return render_error(
        404,
        gettext("No table here"),
        gettext("This link opens no table. Check that it was copied whole; the table may have been deleted."),
    )


# -- starting and importing ------------------------------------------------------------


@bp.route("/t/new", methods=["GET", "POST"])
@limit_new_games  # a new table is counted with new games (RATE_LIMIT_CREATE per address, limits.py)
def new_table():
    """Name a table (optional) and start it."""
    form = ActionForm()
    if request.method == "GET":
        return render_template("tables/new.html", name="", error=None, name_max=tables.NAME_MAX)
    name = _text(request.form.get("name"))
    if not form.validate():
        return render_template("tables/new.html", name=name, error=None, name_max=tables.NAME_MAX), 400
    try:
        created = tables.create_table(storage.get_db(), name)
    except tables.TableRefused as refusal:
        error = translate(refusal.message)
        return render_template("tables/new.html", name=name, error=error, name_max=tables.NAME_MAX), 422
    return redirect(url_for("tables.table", token=created.edit_token), 303)


@bp.route("/t/import", methods=["GET", "POST"])
@large_body(IMPORT_MAX_BYTES)  # this one form takes a file; every other body stays small
@csrf.exempt  # checked below, once the larger body limit of this one form is set
@limit_new_games  # a new table with its games: counted with new games
def import_table():
    """Upload a table's JSON export: a new table with every game, or the reason nothing was stored."""
    if request.method == "GET":
        return render_template("tables/import.html", error=None)
    if current_app.config.get("WTF_CSRF_ENABLED", True):
        try:
            validate_csrf(request.form.get("csrf_token"))
        except ValidationError as error:
            raise CSRFError(str(error)) from None
    upload = request.files.get("file")
    raw = upload.read(IMPORT_MAX_BYTES + 1) if upload is not None else b""
    try:
        if not raw:
            raise interchange.ImportRefused(Message(interchange.IMPORT_NOT_A_TABLE))
        try:
            document = json.loads(raw)
        except (ValueError, RecursionError):
            raise interchange.ImportRefused(Message(interchange.IMPORT_NOT_A_TABLE)) from None
        name, created_at, games = interchange.read_table(document)
        if not imported_games_allowed(len(games)):
            page, status = render_error(429)
            return page, status, {"Retry-After": "3600"}
        created = interchange.store_table(storage.get_db(), name, created_at, games)
        count_imported_games(len(games))
    except interchange.ImportRefused as refusal:
        return render_template("tables/import.html", error=translate(refusal.message)), 422
    flash(gettext("The table was imported: every game was checked by the rules."))
    return redirect(url_for("tables.table", token=created.edit_token), 303)


# -- the table page --------------------------------------------------------------------


def _page(token: str, *, status: int = 200, error: str | None = None, form_values: dict | None = None):
    db = storage.get_db()
    contents = tables.table_overview(db, token, players=False)  # players: from the games read below
    statistics, failed = _statistics(contents.table.id)
    found = TableGames(db, token, contents.table.id, statistics.played if statistics is not None else None)
    lines = found.lines(0, LATEST_GAMES)
    if statistics is not None:
        best = high_scores_of_statistics(statistics.editions)  # already picked: nothing sorted here
    else:
        best = high_scores(found.lines(0, found.count))
    return render_template(
        "tables/table.html",
        token=token,
        table=contents.table,
        contents=contents,
        players=found.players(),
        lines=lines,
        game_count=found.count,
        high_scores=best,
        edition_labels=_edition_labels(lines),
        history=[(event.at, translate(event.message)) for event in reversed(contents.history)],
        links=table_links(contents.table),
        statistics=statistics,
        statistics_failed=failed,
        notices=[str(message) for message in get_flashed_messages()],
        error=error,
        values=form_values or {},
        name_max=names.NAME_MAX,
    ), status


@bp.get("/t/<token>")
def table(token: str):
    """The table page: edit link (with its forms) or view link (read only)."""
    page = _page(token)
    remember_table(token)
    return page


@bp.get("/t/<token>/games")
def all_games(token: str):
    """Every game of the table, newest first, GAMES_PER_PAGE a page (plain links, no script)."""
    table = tables.load_table(storage.get_db(), token)
    found = TableGames(storage.get_db(), token, table.id)
    pages = max(1, -(-found.count // GAMES_PER_PAGE))
    asked = as_int(request.args.get("page"))
    page = min(max(asked if asked is not None else 1, 1), pages)  # past either end: the nearest page
    lines = found.lines((page - 1) * GAMES_PER_PAGE, page * GAMES_PER_PAGE)
    return render_template(
        "tables/games.html",
        token=token,
        table=table,
        lines=lines,
        game_count=found.count,
        page=page,
        pages=pages,
        edition_labels=_edition_labels(lines),
    )


@bp.get("/t/<token>/new-game")
def new_game(token: str):
    """Start a game at this table: the new-game form, carrying the table's link."""
    found = tables.load_table(storage.get_db(), token)  # a wrong link is a 404 here, not on Start
    if found.access != "edit":
        raise tables.TableReadOnly
    return redirect(url_for("home.new_game", table=token), 303)


@bp.post("/t/<token>/rename")
def rename(token: str):
    """Call a player another name in every game of the table."""
    return _rename_or_merge(token, merge=False)


@bp.post("/t/<token>/merge")
def merge(token: str):
    """Make two spellings one player."""
    return _rename_or_merge(token, merge=True)


def _rename_or_merge(token: str, *, merge: bool):
    ActionForm()  # CSRFProtect has checked the token already
    db = storage.get_db()
    version = as_int(request.form.get("version"))
    values = {key: _text(request.form.get(key)) for key in ("player", "name", "keep", "other")}
    try:
        if merge:
            table_players.merge_players(
                db, token, version if version is not None else -1, values["keep"], values["other"]
            )
            flash(
                gettext(
                    "%(other)s and %(keep)s are now one player.", other=values["other"], keep=values["keep"]
                )
            )
        else:
            table_players.rename_player(
                db, token, version if version is not None else -1, values["player"], values["name"]
            )
            flash(gettext("Renamed in every game of this table."))
    except tables.TableRefused as refusal:
        return _page(token, status=422, error=translate(refusal.message), form_values=values)
    return redirect(url_for("tables.table", token=token, _anchor="players"), 303)


@bp.route("/t/<token>/games/<int:game_id>/delete", methods=["GET", "POST"])
def delete_game(token: str, game_id: int):
    """Confirm, then delete one game of the table for good."""
    db = storage.get_db()
    table = tables.load_table(db, token)
    if table.access != "edit":
        raise tables.TableReadOnly
    line = TableGames(db, token, table.id).line(game_id)  # from the cached totals: nothing replayed
    if request.method == "GET" or line is None:
        status = 200 if line is not None else 404
        return render_template("tables/delete_game.html", token=token, table=table, line=line), status
    ActionForm()
    try:
        tables.delete_game_at_table(db, token, game_id)
    except tables.TableRefused as refusal:
        return _page(token, status=422, error=translate(refusal.message))
    flash(gettext("The game was deleted."))
    return redirect(url_for("tables.table", token=token, _anchor="games"), 303)


@bp.route("/t/<token>/delete", methods=["GET", "POST"])
def delete_table(token: str):
    """Confirm, then delete the table and all its games for good."""
    db = storage.get_db()
    table = tables.load_table(db, token)
    if table.access != "edit":
        raise tables.TableReadOnly
    if request.method == "GET":
        count = TableGames(db, token, table.id).count  # from the cached totals: nothing replayed
        return render_template("tables/delete_table.html", token=token, table=table, count=count)
    ActionForm()
    count = tables.delete_table(db, token)
    forget_table(token)
    flash(
        ngettext(
            "The table and its %(num)d game were deleted.",
            "The table and its %(num)d games were deleted.",
            count,
        )
    )
    return redirect(url_for("tables.deleted"), 303)


@bp.get("/t/<token>/export.json")
def export_json(token: str):
    """Every game of the table with its entries, as a JSON file (view link enough)."""
    contents = tables.open_table(storage.get_db(), token)
    # The app's JSON, as the game's export: no raw <, >, & or ' (a name like "<script>" stays inert).
    body = current_app.json.dumps(export_table(contents), ensure_ascii=False, indent=1)
    return _download(body, "application/json", "table.json")


@bp.get("/t/<token>/export.csv")
def export_spreadsheet(token: str):
    """One row per game and player with every box and total, as a CSV file (view link enough)."""
    contents = tables.open_table(storage.get_db(), token)
    return _download(export_csv(contents), "text/csv", "table.csv")


def _download(body: str, mimetype: str, filename: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "no-store"
    return response


# -- a game's table --------------------------------------------------------------------


@bp.route("/g/<token>/table", methods=["GET", "POST"])
def game_table(token: str):
    """The game's table (edit link): move a game started alone to a table, or delete the game."""
    loaded = load_or_404(token, edit=True)
    db = storage.get_db()
    error = None
    link = ""
    if request.method == "POST":
        ActionForm()
        link = _text(request.form.get("table"))
        try:
            moved = tables.move_game(db, token, token_from_link(link))
        except (tables.TableNotFound, tables.TableReadOnly):
            error = gettext("That is not a table's edit link. Open the table with its edit link and copy it.")
        except tables.TableRefused as refusal:
            error = translate(refusal.message)
        else:
            flash(gettext("The game is now at the table %(name)s.", name=moved.name or gettext("(no name)")))
            return redirect(url_for("tables.game_table", token=token), 303)
    at = tables.table_of_game(db, token)
    return render_template(
        "tables/game_table.html",
        token=token,
        loaded=loaded,
        at=at,
        link=link,
        error=error,
        notices=[str(message) for message in get_flashed_messages()],
    ), (422 if error else 200)


@bp.route("/g/<token>/delete", methods=["GET", "POST"])
def delete_own_game(token: str):
    """Confirm, then delete this game for good from its edit link."""
    loaded = load_or_404(token, edit=True)
    if request.method == "GET":
        return render_template("tables/delete_own_game.html", token=token, loaded=loaded)
    ActionForm()
    tables.delete_game(storage.get_db(), token)
    flash(gettext("The game was deleted."))
    return redirect(url_for("tables.deleted"), 303)


@bp.get("/deleted")
def deleted():
    """What was just deleted, said once (the page after a deletion)."""
    notices = [str(message) for message in get_flashed_messages()]
    return render_template("tables/deleted.html", notices=notices)
