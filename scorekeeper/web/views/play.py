"""The game page: dice entry, box choice, the sheet, undo, corrections, history, export, rematch.

A token that opens no game, or a view link on a write route, is answered by errors.py (404);
these views answer only what they re-render: 422 for a refusal, 409 for a stale form.
"""

from __future__ import annotations

from flask import (
    Blueprint,
    abort,
    flash,
    get_flashed_messages,
    jsonify,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from markupsafe import Markup

from scorekeeper import storage
from scorekeeper.rules import BadDice
from scorekeeper.rules.dice import typed_digits
from scorekeeper.services import games, table_game_links, tables
from scorekeeper.services.interchange import export_game

from .. import live
from ..infra.extensions import limiter
from ..infra.i18n import box_names, gettext, speak_game_language, translate
from ..infra.limits import limit_rematch
from ..infra.recent import remember
from ..viewmodels.advice import KeepAdvice, coach_options, coach_waits, keep_advice, prepare_win
from ..viewmodels.dice import dice_faces, example_dice
from ..viewmodels.links import seal_secret
from ..viewmodels.presenters import (
    Entry,
    announcement,
    build_entry,
    cell_name,
    correction_preview,
    correction_summary,
    keypad_text,
    turn_summary,
)
from ..viewmodels.scoresheet import sheet_context
from ..viewmodels.sheet import column_headings
from .forms import ActionForm, CorrectForm, DiceForm, TurnForm, VersionForm, as_int, cell_of
from .loading import load_or_404
from .rendering import is_htmx, page_or_fragment

bp = Blueprint("play", __name__, url_prefix="/g/<token>")

MAX_TEXT = 200  # typed dice longer than this are not an attempt at a turn's dice
MAX_BOX = 40  # longer than any box key
CLEAR_OPTIONS = '<div id="options" class="options" hx-swap-oob="innerHTML"></div>'  # htmx: out of band
KEEP_ROLLS = ("1", "2")  # the keep buttons' values: rolls left after the dice entered
RECORDED = "recorded"  # the flash category of "this turn was recorded": shown at the top with its Undo
CORRECTED = "corrected"  # the flash category of the turn just corrected (its index): its cell lights up


def _render(
    loaded: games.LoadedGame,
    token: str,
    *,
    status: int = 200,
    entry: Entry | None = None,
    notice: str | None = None,
    announce: str | None = None,
    keep: KeepAdvice | None = None,
    confirm: str | None = None,
    share: bool = False,
    waits: bool | None = None,
):
    """The game page, or its #play fragment for htmx. `share`: the fragment is what every phone of the
    link is shown at this version (a turn's answer), kept for them; `confirm` (this phone's "✓ recorded"
    line) is put around the same render. `waits`: whether the coach waits for its tables, if decided."""
    game = loaded.game
    # Decided before anything of the coach is rendered: a table that comes during the render must not
    # leave a page saying "getting ready" taken for this version's (web/live).
    waits = coach_waits(loaded) if waits is None else waits
    prepare_win(loaded)
    entry = entry or build_entry(game, validate=False)  # empty, with the ruleset's count of slots
    notices = [notice] if notice else []
    just = None
    if not is_htmx():
        for flashed in get_flashed_messages(with_categories=True):
            category, message = flashed if isinstance(flashed, tuple) else ("message", flashed)
            if category == RECORDED:  # without JavaScript: the turn this phone just recorded
                confirm = str(message)
            elif category == CORRECTED:
                just = as_int(message)
            else:
                notices.append(str(message))
    context = {
        "loaded": loaded,
        "game": game,
        "token": token,
        "entry": entry,
        "notices": notices,
        "keep": keep,
        "announce": announce or (notices[0] if notices else announcement(game)),
        "advice": coach_options(loaded, entry),
        **sheet_context(loaded, waits=waits, just=just),
    }
    if not is_htmx():
        return page_or_fragment("games/play.html", "games/_play.html", status, confirm=confirm, **context)
    body = Markup(render_template("games/_play_body.html", **context))
    if share:
        shared = render_template("games/_play.html", body=body, **context)
        live.share(loaded, token, shared, not waits)
    return page_or_fragment(
        "games/play.html", "games/_play.html", status, body=body, confirm=confirm, **context
    )


def _text(value: object, limit: int) -> str:
    """A form value as text of at most `limit` characters ("" for anything that is not text)."""
    return value[:limit] if isinstance(value, str) else ""


# -- the game page ---------------------------------------------------------------


@bp.get("")
@limiter.exempt  # a read: the limits count writes (limits.py), and every phone asks after each turn
def game(token: str):
    """The game page (edit link) or the read-only scoreboard (view link); for htmx (a live refresh) the
    fragment every phone of the link shares at this version."""
    if is_htmx():
        return live.fragment(
            token,
            lambda: load_or_404(token),
            lambda loaded, waits: _fragment(loaded, token, waits),
            coach_waits,
        )
    loaded = load_or_404(token)
    remember(token)
    if loaded.access == "edit":
        # A game put at its table before tables kept their games' links: keep them now.
        table_game_links.keep_links(storage.get_db(), token, seal_secret())
    if loaded.access != "edit":
        speak_game_language(loaded.language)  # the TV board speaks the table's language
        return _board(loaded, token)
    return _render(loaded, token)


def _fragment(loaded: games.LoadedGame, token: str, waits: bool) -> str:
    """The link's live fragment: the game area, or the board of a view link."""
    if loaded.access != "edit":
        speak_game_language(loaded.language)
        return _board(loaded, token, waits).get_data(as_text=True)
    return _render(loaded, token, waits=waits).get_data(as_text=True)


def _board(loaded: games.LoadedGame, token: str, waits: bool | None = None):
    """The read-only scoreboard a view link opens (a TV), or its live fragment."""
    context = {"loaded": loaded, "game": loaded.game, "token": token, **sheet_context(loaded, waits=waits)}
    return page_or_fragment("games/board.html", "games/_board.html", **context)


@bp.post("/options")
def options(token: str):
    """Dice → the current player's boxes with points (htmx: the options fragment)."""
    form = DiceForm()
    loaded = load_or_404(token, edit=True)
    game = loaded.game
    text = _text(form.dice.data, MAX_TEXT)
    rolls = request.form.get("keep")  # "What should I keep?" of the dice entered so far
    if rolls in KEEP_ROLLS and loaded.coached and not game.is_over:
        return _keep(loaded, token, text, rolls)
    if (form.add.data or form.clear.data) and not is_htmx():  # the keypad without JavaScript
        text = keypad_text(text, form.add.data, form.clear.data, game.edition.dice_count)
        return _render(loaded, token, entry=build_entry(game, text, validate=False))
    if game.is_over:
        over = gettext("The game is over: every sheet is complete.")
        return _render(loaded, token, status=422, notice=over)
    entry = build_entry(game, text)
    status = 422 if entry.error else 200
    if is_htmx():
        return page_or_fragment(
            "games/play.html",
            "games/_options.html",
            status,
            loaded=loaded,
            game=game,
            token=token,
            entry=entry,
            advice=coach_options(loaded, entry),
        )
    return _render(loaded, token, status=status, entry=entry)


def _keep(loaded: games.LoadedGame, token: str, text: str, rolls: str):
    """The coach's keep advice for the dice entered so far: its panel for htmx, else the page with
    the dice still in the entry (they carry on to the final dice)."""
    advice = keep_advice(loaded, text, rolls)
    status = 422 if advice.error else 200
    if is_htmx():
        panel = render_template("coach/_keep.html", loaded=loaded, game=loaded.game, token=token, keep=advice)
        # The boxes shown for these dice go: a tap there would record a first roll as the turn.
        response = make_response(panel + CLEAR_OPTIONS, status)
        response.headers["HX-Retarget"] = "#keep"
        response.headers["HX-Reswap"] = "outerHTML"
        response.vary.add("HX-Request")
        return response
    # The dice stay in the keypad for the final entry, but no boxes: a first roll is not a turn.
    return _render(loaded, token, status=status, entry=Entry(text=text), keep=advice)


@bp.post("/turns")
def record(token: str):
    """Record the current player's turn; a stale or repeated form never records twice."""
    # The game is opened and replayed once, inside record_turn's write transaction (the
    # authoritative copy, which also refuses a view token); a refusal or a conflict brings
    # that copy back, so answering it opens nothing again. So the dice go to the engine as the
    # faces typed, and the ruleset counts them there (five, or six).
    form = TurnForm()
    text = _text(form.dice.data, MAX_TEXT)
    expected = as_int(form.turn.data)
    rolls = _rolls(form.rolls.data)
    if expected is None:
        message = gettext("This form is out of date; enter the dice again.")
        return _refuse(load_or_404(token, edit=True), token, text, message, rolls=rolls)
    box, column = cell_of(_text(form.box.data, MAX_BOX), _text(form.cell.data, MAX_BOX), form.column.data)
    faces = _faces(text)
    try:
        updated = games.record_turn(storage.get_db(), token, expected, faces, box, column=column, rolls=rolls)
    except games.StaleTurn as stale:
        entry = _after_conflict(stale.game, expected, faces, text)
        return _render(stale.game, token, status=409, entry=entry, notice=translate(stale.message))
    except games.Refused as refusal:
        if isinstance(refusal.__cause__, BadDice):  # not this game's dice: said beside the field
            return _refuse(refusal.game, token, text, _dice_refusal(refusal, text), dice_error=True)
        return _refuse(refusal.game, token, text, translate(refusal.message), rolls=rolls)
    if is_htmx():  # the table's next live fragment (one render for all its phones), with this phone's line
        return _render(updated, token, confirm=announcement(updated.game), share=True)
    flash(announcement(updated.game), RECORDED)
    return redirect(url_for("play.game", token=token), 303)


def _faces(text: str) -> tuple[int, ...] | str:
    """The dice as typed, for the engine to count: their faces when every character is one, else the
    text (which the engine refuses as dice)."""
    digits = typed_digits(text)
    if digits and all(ch in "123456" for ch in digits):
        return tuple(int(ch) for ch in digits)
    return text


def _dice_refusal(refusal: games.Refused, text: str) -> str:
    """What is wrong with the typed dice, in the words the game's ruleset parses them with ("That is
    4 dice; enter exactly five.")."""
    try:
        refusal.game.edition.parse_dice(text)
    except BadDice as wrong:
        return translate(wrong.message)
    return translate(refusal.message)


def _rolls(value: object) -> int | str | None:
    """The rolls a turn form says it used: a number, None when not said, else the text for the
    engine to refuse."""
    if value is None or value == "":
        return None
    number = as_int(value)
    return number if number is not None else _text(value, MAX_BOX)


def _after_conflict(loaded: games.LoadedGame, expected: int, faces: object, text: str) -> Entry:
    """The entry on the fresh sheet after a stale turn: the dice stay typed (they may be the next
    player's roll) unless they are the very dice stored for that turn (this form sent twice)."""
    turns = loaded.game.turns
    if (
        0 <= expected < len(turns)
        and isinstance(faces, tuple)
        and turns[expected].dice == tuple(sorted(faces))
    ):
        return build_entry(loaded.game, validate=False)
    return build_entry(loaded.game, text, validate=False)


def _refuse(
    loaded: games.LoadedGame,
    token: str,
    text: str,
    message: str,
    *,
    dice_error: bool = False,
    rolls: object = None,
):
    """422: the page as it was, the dice (and rolls) kept, the message beside the field it concerns."""
    entry = build_entry(loaded.game, text, validate=dice_error, rolls=rolls if type(rolls) is int else None)
    if dice_error:
        entry.error = message
    else:
        entry.box_error = message
    return _render(loaded, token, status=422, entry=entry, announce=message)


@bp.post("/undo")
def undo(token: str):
    """Take back the last turn (guarded by the version of the page that asked)."""
    form = VersionForm()
    loaded = load_or_404(token, edit=True)  # the turn to name in "Undone: …"
    version = as_int(form.version.data)
    last = loaded.game.last_turn
    try:
        updated = games.undo_turn(storage.get_db(), token, -1 if version is None else version)
    except games.StaleTurn as stale:
        return _render(stale.game, token, status=409, notice=translate(stale.message))
    except games.Refused as refusal:  # nothing to undo
        return _render(refusal.game, token, status=422, notice=translate(refusal.message))
    message = gettext("Undone: %(turn)s.", turn=turn_summary(loaded.game, last)) if last else None
    if is_htmx():
        return _render(updated, token, notice=message)
    if message:
        flash(message)
    return redirect(url_for("play.game", token=token), 303)


# -- corrections and history -------------------------------------------------------


@bp.route("/turns/<int:index>/edit", methods=["GET", "POST"])
def correct(token: str, index: int):
    """Correct an earlier turn's dice, box, column or rolls; the engine replays the rest (and the saved
    rolls) or names the turn it breaks."""
    loaded = load_or_404(token, edit=True)
    game = loaded.game
    if not 0 <= index < len(game.turns):
        abort(404)
    turn = game.turns[index]
    form = CorrectForm()
    status, error, dice_error, notice = 200, None, None, None
    add, clear = request.form.get("add"), request.form.get("clear")
    if not form.is_submitted():
        form.dice.data = str(turn.dice)
        form.box.data = turn.box
        form.column.data = str(turn.column)
        form.rolls.data = "" if turn.rolls is None else str(turn.rolls)
        form.version.data = str(loaded.version)
    elif add is not None or clear is not None or request.form.get("preview"):
        # The keypad or "Show the score": the form again with the dice and the preview, nothing saved.
        text = _text(form.dice.data, MAX_TEXT)
        form.dice.data = keypad_text(text, add, clear, game.edition.dice_count) if add or clear else text
    else:
        version = as_int(form.version.data)
        box, column = cell_of(_text(form.box.data, MAX_BOX), None, form.column.data)
        try:
            dice = game.edition.parse_dice(
                form.dice.data[:MAX_TEXT] if isinstance(form.dice.data, str) else None
            )
            corrected = games.correct_turn(
                storage.get_db(),
                token,
                -1 if version is None else version,
                index,
                dice,
                box,
                column=column,
                rolls=_rolls(form.rolls.data),
            )
        except BadDice as refusal:
            status, dice_error = 422, translate(refusal.message)
        except games.StaleTurn as stale:
            status, notice, loaded = 409, translate(stale.message), stale.game
            game = loaded.game
            form.version.data = str(loaded.version)
            if index >= len(game.turns):
                flash(notice)
                return redirect(url_for("play.game", token=token), 303)
            turn = game.turns[index]
        except games.Refused as refusal:
            status, error = 422, translate(refusal.message)
        else:
            flash(correction_summary(game, corrected.game, index))
            flash(str(index), CORRECTED)
            return redirect(url_for("play.game", token=token), 303)
    text = _text(form.dice.data, MAX_TEXT)
    return render_template(
        "games/correct.html",
        loaded=loaded,
        game=game,
        token=token,
        turn=turn,
        form=form,
        error=error,
        dice_error=dice_error,
        notice=notice,
        boxes=box_names(game.edition),
        columns=column_headings(game.edition),
        example=example_dice(game.edition.dice_count),
        turn_cell=cell_name(game.edition, turn.box, turn.column),
        faces=dice_faces(text),
        preview=correction_preview(
            game,
            index,
            text,
            *cell_of(_text(form.box.data, MAX_BOX), None, form.column.data),
            rolls=_rolls(form.rolls.data),
        ),
    ), status


@bp.get("/history")
def history(token: str):
    """Every turn in order, and every undo and correction with its time."""
    loaded = load_or_404(token)
    events = [(event.at, translate(event.message)) for event in games.history(storage.get_db(), token)]
    return render_template("games/history.html", loaded=loaded, game=loaded.game, token=token, events=events)


@bp.get("/export.json")
def export(token: str):
    """The game as JSON: edition and its boxes, players, every turn, every player's totals and rank."""
    loaded = load_or_404(token)
    response = jsonify(export_game(loaded))
    response.headers["Content-Disposition"] = "inline"
    return response


@bp.post("/rematch")
@limit_rematch  # a new game: counted with POST /new (limits.py)
def rematch(token: str):
    """Same players, edition, title and coach setting: a new game, opened at once."""
    ActionForm()  # CSRFProtect has checked the token already
    loaded = load_or_404(token, edit=True)
    # Same settings, and at the same table if the game is at one.
    try:
        created = tables.rematch(storage.get_db(), token, seal_secret())
    except games.BadSettings as refused:  # e.g. a title stored before today's limit on its length
        return _render(loaded, token, status=422, notice=translate(refused.message))
    remember(created.edit_token)
    return redirect(url_for("play.game", token=created.edit_token), 303)
