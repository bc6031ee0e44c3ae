"""The coach's pages: the switch, the keep panel, the review and the tables' progress line.

Their words: viewmodels/advice.py; how far a build has got: viewmodels/coach_progress.py.
"""

from __future__ import annotations

from flask import Blueprint, abort, flash, make_response, redirect, render_template, request, url_for
from flask_babel import gettext
from wtforms import HiddenField

from scorekeeper import storage
from scorekeeper.advisor import review_game
from scorekeeper.services import games

from ..infra.extensions import limiter
from ..infra.i18n import box_names
from ..viewmodels.advice import (
    advisor_for,
    costly_sentence,
    costly_turns,
    keep_advice,
    luck_sentence,
)
from ..viewmodels.chances import review_chances
from ..viewmodels.coach_chart import Chart, chance_chart, review_chart
from ..viewmodels.coach_progress import coach_progress
from ..viewmodels.presenters import Entry, announcement
from ..viewmodels.scoresheet import sheet_context
from ..viewmodels.win_review import win_review_view
from .forms import Form
from .loading import load_or_404
from .rendering import is_htmx, page_or_fragment

bp = Blueprint("coach", __name__, url_prefix="/g/<token>")

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
    on disk, the answer says so (HX-Trigger: coach-ready) and static/js/live.js polls at once (a page
    made while the coach waited is answered again at its version, web/live); the line goes once
    every table is there. Without htmx: the game page.
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
    if not loaded.coached or game.is_over:
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
            "entry": Entry(text=advice.text),  # the dice carry on to the final entry; no boxes yet
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
    open_now = game.is_over or loaded.coached
    advisor = advisor_for(game.edition) if open_now and game.turns else None
    reviews = review_game(game, {game.edition.id: advisor}) if advisor else []
    chart: Chart | None = review_chart(reviews, game.rounds) if reviews else None
    chances = review_chances(loaded, advisor) if reviews and advisor else None
    chances_chart = chance_chart(game.players, chances, game.rounds) if chances else None
    costly = {
        review.player: [costly_sentence(game.edition, turn) for turn in costly_turns(review)]
        for review in reviews
    }
    luck = {review.player: luck_sentence(review) for review in reviews if review.turns}
    win = win_review_view(loaded, advisor) if reviews and advisor else None
    return render_template(
        "coach/review.html",
        luck=luck,
        win=win,
        loaded=loaded,
        game=game,
        token=token,
        open_now=open_now,
        ready=advisor is not None or not (open_now and game.turns),
        reviews=reviews,
        chart=chart,
        costly=costly,
        box_names=box_names(game.edition),  # translated once, not once per row
        chances_chart=chances_chart,
    )
