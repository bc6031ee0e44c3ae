"""Home (new game and this device's recent games) and the new-game form."""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, request, url_for

from scorekeeper import storage
from scorekeeper.rules import MAX_PLAYERS, MIN_PLAYERS, Edition, RuleViolation
from scorekeeper.services import games, tables
from scorekeeper.services.names import NAME_MAX, TITLE_MAX

from ..infra.i18n import LANGUAGE_NAMES, current_language, translate
from ..infra.limits import limit_new_games
from ..infra.recent import recent_games, remember
from .forms import NewGameForm, check_names
from .tables import create_game_for_form, players_for_new_game

bp = Blueprint("home", __name__)

START = "start"


@bp.get("/")
def index():
    """The home page: start a game, or go back to one played on this device."""
    return render_template("home.html", recent=recent_games())


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
    try:
        created = create_game_for_form(  # at the table the form names, if any
            storage.get_db(),
            cleaned,
            Edition(form.edition.data),
            title=form.title.data or "",
            coach=bool(form.coach.data),
            language=form.language.data or None,
        )
    except (games.BadSettings, RuleViolation) as error:  # create_game re-checks what the form checked
        return _form_page(form, names, count_error=translate(error.message), status=422)
    except (tables.TableNotFound, tables.TableReadOnly):  # the form's note says the link opens no table
        return _form_page(form, names, status=422)
    remember(created.edit_token, cleaned, form.title.data or "")
    return redirect(url_for("play.game", token=created.edit_token), 303)


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
        editions=list(Edition),
        languages=LANGUAGE_NAMES,
        # A new form proposes this phone's language; a re-shown one keeps what was chosen.
        game_language=current_language() if form.language.data is None else form.language.data,
    ), status
