"""Home (new game, this device's recent games and tables) and the new-game form, at a table or alone."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.exceptions import HTTPException

from scorekeeper import storage
from scorekeeper.advisor.scope import why_no_coach
from scorekeeper.rules import EDITIONS, MAX_PLAYERS, MIN_PLAYERS, RuleViolation, find_edition
from scorekeeper.services import games, tables
from scorekeeper.services.names import NAME_MAX, TITLE_MAX

from ..infra.i18n import LANGUAGE_NAMES, current_language, translate
from ..infra.limits import limit_new_games
from ..infra.recent import recent_games, recent_tables, remember
from .forms import NewGameForm, check_names

bp = Blueprint("home", __name__)

START = "start"


@bp.get("/")
def index():
    """The home page: start a game, or go back to one played on this device."""
    return render_template("home.html", recent=recent_games(), recent_tables=recent_tables())


def _edit_players(names: list[str], action: str) -> tuple[list[str], int | None]:
    """The player list after an Add / Remove / Move up press, and the row to focus."""
    verb, _, seat_text = action.partition(":")
    seat = int(seat_text) if seat_text.isascii() and seat_text.isdigit() and len(seat_text) < 3 else -1
    if verb == "add" and len(names) < MAX_PLAYERS:
        return names + [""], len(names)
    if verb == "remove" and 0 <= seat < len(names) and len(names) > 1:
        return names[:seat] + names[seat + 1 :], max(seat - 1, 0)
    if verb == "up" and 0 < seat < len(names):
        names = list(names)
        names[seat - 1], names[seat] = names[seat], names[seat - 1]
        return names, seat - 1
    return names, None


@bp.route("/new", methods=["GET", "POST"])
@limit_new_games  # RATE_LIMIT_CREATE per address, shared with rematches (limits.py)
def new_game():
    """Players, rules and title; Add/Remove/Move up re-render the form, Start creates the game."""
    form = NewGameForm()
    if request.method == "GET":
        return _form_page(form, players_for_new_game() or ["", ""])  # at a table: its latest players
    names = [name if isinstance(name, str) else "" for name in (form.player.data or [])]
    names = names[: MAX_PLAYERS + 1]  # anything longer is refused anyway; don't echo a flood
    action = request.form.get("action", START) or START
    if action != START:
        names, focus = _edit_players(names, action)
        return _form_page(form, names, focus=focus)
    cleaned, name_errors, count_error = check_names(names)
    form_ok = form.validate()
    if name_errors or count_error or not form_ok:
        if not names:
            names = [""]
        return _form_page(form, names, name_errors=name_errors, count_error=count_error, status=422)
    settings = {
        "title": form.title.data or "",
        "coach": bool(form.coach.data),
        "language": form.language.data or None,
    }
    table = request.form.get("table")  # the edit link of the table to play at, if any
    db, edition = storage.get_db(), find_edition(form.edition.data)
    try:
        if table:
            created = tables.start_game(db, table, cleaned, edition, **settings)
        else:
            created = games.create_game(db, cleaned, edition, **settings)
    except (games.BadSettings, RuleViolation) as error:  # create_game re-checks what the form checked
        return _form_page(form, names, count_error=translate(error.message), status=422)
    except (tables.TableNotFound, tables.TableReadOnly):  # the form's note says the link opens no table
        return _form_page(form, names, status=422)
    remember(created.edit_token)
    return redirect(url_for("play.game", token=created.edit_token), 303)


def players_for_new_game() -> list[str]:
    """The players of the latest game at the table the new-game form was opened for (``?table=``,
    edit link), so the next game there starts with them; none for any other form."""
    token = request.args.get("table")
    if not token:
        return []
    try:
        return list(tables.latest_players(storage.get_db(), token))
    except (tables.TableNotFound, tables.TableReadOnly):
        return []  # the form's note says the link opens no table to play at


@bp.context_processor
def new_game_table() -> dict[str, Any]:
    """The table the new-game form starts a game at (``?table=`` or its hidden field), for its note."""
    if request.endpoint != "home.new_game":
        return {}
    try:
        token = request.values.get("table")
    except HTTPException:  # the body itself was refused (413, 400): this note is on that error page
        return {}
    if not token:
        return {}
    try:
        found = tables.load_table(storage.get_db(), token)
    except tables.TableNotFound:
        found = None
    if found is None or found.access != "edit":
        return {
            "new_game_table": None,
            "new_game_table_error": gettext("This link opens no table you can play at."),
        }
    return {"new_game_table": found, "new_game_table_token": token}


def _no_coach_notes() -> dict[str, str]:
    """Each offered edition without a coach: why, in the reader's language."""
    return {edition.id: translate(why) for edition in EDITIONS.values() if (why := why_no_coach(edition))}


def _form_page(form, names, *, focus=None, name_errors=None, count_error=None, status=200):
    return render_template(
        "games/new.html",
        form=form,
        names=names,
        focus=focus,
        name_errors=name_errors or {},
        count_error=count_error,
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        name_max=NAME_MAX,
        title_max=TITLE_MAX,
        editions=list(EDITIONS.values()),
        # Where the rules have no coach, the form says so and why, under their name.
        no_coach=_no_coach_notes(),
        languages=LANGUAGE_NAMES,
        # A new form proposes this phone's language; a re-shown one keeps what was chosen.
        game_language=current_language() if form.language.data is None else form.language.data,
    ), status
