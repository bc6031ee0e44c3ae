"""The coach in the app: the switch, expected scores on the options, the keep panel and the review.

Advice is read from the Advisor's memory-mapped tables and never waits for one to be built:
without a table the coach says it is getting ready (its build started in the background, how far
it has got shown and polled for) and everything else works as before.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from flask import (
    Blueprint,
    abort,
    current_app,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import format_decimal, gettext
from wtforms import HiddenField

from scorekeeper import games, storage
from scorekeeper.advisor import Advisor, default_directory, ranked_boxes, review_game
from scorekeeper.rules import BadDice, Dice, Edition, Ruleset

from ..infra.extensions import limiter
from ..infra.i18n import box_name, box_names, translate
from ..viewmodels.chances import review_chances
from ..viewmodels.coach_chart import Chart, chance_chart, review_chart
from ..viewmodels.coach_progress import coach_progress, coach_status
from ..viewmodels.presenters import Entry, announcement, build_entry
from ..viewmodels.scoresheet import sheet_context
from .forms import Form
from .loading import load_or_404
from .rendering import is_htmx, page_or_fragment

bp = Blueprint("coach", __name__, url_prefix="/g/<token>")
log = logging.getLogger(__name__)

KEEP_CHOICES = 3  # the best keep and the next two
COSTLIEST = 3
SHOWN_LOSS = 0.05  # a loss that rounds to 0.0 is not worth a sentence


# -- the advisor, never built in a request -------------------------------------------------


def advisor_for(edition: Edition) -> Advisor | None:
    """The edition's advisor if its table is on disk (loaded once per process), else None.

    The folder is the advisor's one default for this app (ADVISOR_DIR, else <instance>/advisor),
    where `flask advisor build` writes. A missing table starts being built in the background.
    """
    if not edition.has_coach:
        return None
    try:
        advisor = Advisor.load_if_ready(edition, default_directory(current_app))
    except (OSError, ValueError) as error:  # a damaged table: the coach waits for a rebuild
        log.warning("coach table for %s unreadable: %s", edition, error)
        return None
    if advisor is None:
        coach_status(edition)
    return advisor


def one_decimal(value: float) -> str:
    """A score with one decimal, as the language writes it ("236.0")."""
    return format_decimal(value, format="#,##0.0")


def points_lost(value: float) -> str:
    """Expected points lost with a true minus sign ("−4.6"); nothing lost reads "0.0"."""
    text = one_decimal(abs(value))
    return text if text == one_decimal(0) else "\u2212" + text


# -- expected scores on the options -------------------------------------------------------


@dataclass(frozen=True)
class BoxAdvice:
    """What the coach adds to the options: each allowed box's expected final score, the best box."""

    ready: bool
    values: dict[str, float] = field(default_factory=dict)  # by box key
    best: str | None = None


def coach_options(loaded: games.LoadedGame, entry: Entry) -> BoxAdvice | None:
    """The coach's view of these options; None when the coach is off or there is nothing to judge.

    The views put it in the template context as ``advice``: templates never run the advisor.
    """
    game = loaded.game
    coached = loaded.coach and game.rules.has_coach  # a game of rules without a coach has none, even if asked
    if not coached or entry.dice is None or not entry.options or game.is_over:
        return None
    advisor = advisor_for(game.edition)
    if advisor is None:
        return BoxAdvice(ready=False)
    values = advisor.box_values(game.cards[game.current_player], entry.dice)
    return BoxAdvice(ready=True, values=values, best=ranked_boxes(values)[0] if values else None)


# -- what should I keep? --------------------------------------------------------------------


@dataclass(frozen=True)
class KeepDie:
    """One die of the roll: its face and whether the keep holds it."""

    face: int
    kept: bool


@dataclass(frozen=True)
class KeepChoice:
    """One keep with its expected final score, and the roll's dice marked kept or rerolled."""

    keep: tuple[int, ...]
    value: float
    dice: tuple[KeepDie, ...]

    @property
    def rerolled(self) -> int:
        return sum(1 for die in self.dice if not die.kept)


@dataclass
class KeepAdvice:
    """The keep panel: the roll asked about, rolls left, and the best keeps (or why there are none)."""

    text: str = ""
    rolls_left: int = 2
    roll: Dice | None = None
    error: str | None = None
    ready: bool = True
    choices: list[KeepChoice] = field(default_factory=list)


def marked(roll: tuple[int, ...], keep: tuple[int, ...]) -> tuple[KeepDie, ...]:
    """The roll's dice in order, each marked kept while the keep still holds one of its face."""
    left = list(keep)
    dice = []
    for face in sorted(roll):
        kept = face in left
        if kept:
            left.remove(face)
        dice.append(KeepDie(face, kept))
    return tuple(dice)


def keep_advice(loaded: games.LoadedGame, text: object, rolls: object) -> KeepAdvice:
    """The best keeps for the current player's sheet and this roll, with 1 or 2 rolls left."""
    advice = KeepAdvice(text=text[:20] if isinstance(text, str) else "")
    advice.rolls_left = 1 if rolls == "1" else 2
    try:
        advice.roll = Dice.parse(advice.text)
    except BadDice as error:
        advice.error = translate(error.message)
        return advice
    game = loaded.game
    advisor = advisor_for(game.edition)
    if advisor is None:
        advice.ready = False
        return advice
    values = advisor.keep_values(game.cards[game.current_player], advice.roll, advice.rolls_left)
    advice.choices = [
        KeepChoice(keep, value, marked(advice.roll, keep))
        for keep, value in list(values.items())[:KEEP_CHOICES]  # best first (ties documented there)
    ]
    return advice


# -- the review ---------------------------------------------------------------------------


def signed_points(value: float) -> str:
    """Expected points with their sign and a true minus ("+12.3", "−4.6"); nothing reads "0.0"."""
    text = one_decimal(abs(value))
    if text == one_decimal(0):
        return text
    return ("+" if value > 0 else "\u2212") + text


def costly_turns(review) -> list:
    """A player's costliest decisions (review_game's order), leaving out losses that show as 0.0."""
    return [turn for turn in review.costliest(COSTLIEST) if turn.regret >= SHOWN_LOSS]


def costly_sentence(rules: Ruleset, turn) -> str:
    """ "Round 7: Chance (expected 231.4) instead of Threes (236.0): −4.6"."""
    return gettext(
        "Round %(round)d: %(chosen)s (expected %(chosen_value)s) instead of %(best)s"
        " (%(best_value)s): %(lost)s",
        round=turn.round,
        chosen=box_name(rules, turn.box),
        chosen_value=one_decimal(turn.expected_chosen),
        best=box_name(rules, turn.best_box),
        best_value=one_decimal(turn.expected_best),
        lost=points_lost(turn.regret),
    )


# -- routes -------------------------------------------------------------------------------


class CoachForm(Form):
    """Switch the coach: `coach` is the state wanted ("on" or "off"), so a repeat changes nothing."""

    coach = HiddenField()


@bp.post("/coach")
def switch(token: str):
    """Switch the coach on or off for everyone on the game (recorded in the history)."""
    form = CoachForm()
    wanted = form.coach.data if isinstance(form.coach.data, str) else ""
    if wanted not in ("on", "off"):
        load_or_404(token, edit=True)  # a wrong token or a view link is a 404 whatever it sent
        abort(400)
    # set_coach opens the game itself (a view link or a wrong token: 404, see errors.py).
    games.set_coach(storage.get_db(), token, wanted == "on")
    if wanted == "off":  # switched on, the coach's badge on top of the page says so (once)
        flash(gettext("The coach is off."))
    return redirect(url_for("play.game", token=token), 303)


@bp.get("/coach-progress")
@limiter.exempt  # every coached phone asks every few seconds while the tables are built
def progress(token: str):
    """How far the coach's tables are (the badge's progress line, polled by htmx every few seconds).

    Once the tables the page was made without (`coach=0`: the coach's own; else the chances) are
    on disk, the answer says so (HX-Trigger: coach-ready) and static/js/live.js fetches the page
    again; the line goes once every table is there. Without htmx: the game page.
    """
    loaded = load_or_404(token)
    if not is_htmx():
        return redirect(url_for("play.game", token=token), 303)
    now = coach_progress(loaded)
    response = make_response(
        render_template("coach/_progress.html", loaded=loaded, token=token, coach_progress=now)
    )
    if now is None or (request.args.get("coach") == "0" and now.coach):
        response.headers["HX-Trigger"] = "coach-ready"
    response.headers["Cache-Control"] = "no-store"
    response.vary.add("HX-Request")
    return response


@bp.get("/keep")
def keep(token: str):
    """The keep panel's answer: the game page without JavaScript, the panel alone for htmx."""
    loaded = load_or_404(token, edit=True)
    game = loaded.game
    if not loaded.coach or game.is_over:
        if is_htmx():
            return render_template("coach/_keep.html", loaded=loaded, game=game, token=token, keep=None)
        return redirect(url_for("play.game", token=token), 303)
    advice = keep_advice(loaded, request.args.get("dice"), request.args.get("rolls"))
    status = 422 if advice.error else 200
    return page_or_fragment(
        "games/play.html",
        "coach/_keep.html",
        status,
        loaded=loaded,
        game=game,
        token=token,
        keep=advice,
        page_context=lambda: {
            "entry": build_entry(game, advice.text, validate=False),  # the dice carry on to the final entry
            "notices": [],
            "announce": announcement(game),
            "advice": None,
            **sheet_context(loaded),
        },
    )


@bp.get("/review")
def review(token: str):
    """Each player's boxes against the best ones, points lost and the expected score over time."""
    loaded = load_or_404(token)
    game = loaded.game
    open_now = game.is_over or loaded.coach
    advisor = advisor_for(game.edition) if open_now and game.turns else None
    reviews = review_game(game, {game.edition: advisor}) if advisor else []
    chart: Chart | None = review_chart(reviews, game.rounds) if reviews else None
    chances = review_chances(loaded, advisor) if reviews and advisor else None
    chances_chart = chance_chart(game.players, chances, game.rounds) if chances else None
    costly = {
        review.player: [costly_sentence(game.rules, turn) for turn in costly_turns(review)]
        for review in reviews
    }
    return render_template(
        "coach/review.html",
        loaded=loaded,
        game=game,
        token=token,
        open_now=open_now,
        ready=advisor is not None or not (open_now and game.turns),
        reviews=reviews,
        chart=chart,
        costly=costly,
        box_names=box_names(game.rules),  # translated once, not once per row
        chances_chart=chances_chart,
        signed=signed_points,
    )
