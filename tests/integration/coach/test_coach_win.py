"""The advice for the win on the pages: each box's and keep's chance to win beside what it is worth, both
best options when they differ, worked out in the background; the review's chance to win per choice."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper.advisor.review import review_game
from scorekeeper.advisor.win_advice import advise_for_win
from scorekeeper.advisor.win_background import wait_idle
from scorekeeper.advisor.win_review import review_for_win
from scorekeeper.rules import find_edition
from tests.support.coach_pages import (
    HX,
    box_buttons,
    keep_choices,
    sheet_order_turns,
    shown_win_chance,
    text_of,
)

WAIT = 300  # seconds: the background worker on a loaded two-core machine, cold curves included
HASBRO = find_edition("hasbro-1996")


@pytest.fixture
def app_overrides(request, coach_tables: Path) -> dict[str, object]:
    """The slow tests read the chance table too; the others the coach's table alone."""
    if request.node.get_closest_marker("slow"):
        return {"ADVISOR_DIR": str(request.getfixturevalue("win_tables")), "ADVISOR_BUILD": False}
    return {"ADVISOR_DIR": str(coach_tables)}


def percent(value: float) -> str:
    """A chance as the pages write it in English (never a flat 0% or 100% for what may happen)."""
    if 0 < value < 0.005:
        return "<1%"
    if 0.995 < value < 1:
        return ">99%"
    return f"{round(value * 100)}%"


def options(client, token: str, dice: str, **kw) -> str:
    response = client.post(f"/g/{token}/options", data={"dice": dice}, **kw)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def ready_options(client, token: str, dice: str, **kw) -> str:
    """The options once the turn's chances are worked out (the first answer starts the work)."""
    first = options(client, token, dice, **kw)
    if "being worked out" in text_of(first):
        assert 'class="coach-win"' not in first  # no chance is shown meanwhile
        wait_idle(WAIT)
        return options(client, token, dice, **kw)
    return first


@pytest.mark.slow
def test_two_boxes_left_where_the_win_and_the_points_differ_both_are_shown_with_their_figures(
    client, make_game, advisor, hasbro_chances
):
    created = make_game(["Ann", "Bo"], turns=sheet_order_turns(2, 11), coach=True)
    game = created.game.game
    advice = advise_for_win(advisor, game.cards, 0, (1, 3, 6, 6, 6), 0, hasbro_chances)
    assert not advice.agree and advice.for_win.choice == "yahtzee" and advice.for_score.choice == "chance"
    for headers in ({}, HX):
        page = ready_options(client, created.edit_token, "13666", headers=headers)
        buttons = box_buttons(page)
        for option in advice.options:
            assert shown_win_chance(buttons[option.choice]) == percent(option.chance)
        words = text_of(page)
        assert "For the win and for points the coach would play differently here." in words
        assert f"For the win: Yahtzee, {percent(advice.for_win.chance)} chance to win." in words
        assert (
            f"For points: Chance, about 1 point more on average, {percent(advice.for_score.chance)}" in words
        )


@pytest.mark.slow
def test_when_they_agree_one_line_says_so(client, make_game, advisor, hasbro_chances):
    created = make_game(["Ann", "Bo"], turns=sheet_order_turns(2, 11), coach=True)
    advice = advise_for_win(advisor, created.game.game.cards, 0, (6, 6, 6, 6, 6), 0, hasbro_chances)
    assert advice.agree and advice.for_win.choice == "yahtzee"
    words = text_of(ready_options(client, created.edit_token, "66666"))
    assert (
        f"Best for the win and for points: Yahtzee ({percent(advice.for_win.chance)} chance to win)." in words
    )
    assert "play differently" not in words


def test_a_solo_game_says_there_is_nobody_to_beat(client, make_game):
    created = make_game(["Ann"], coach=True)
    page = options(client, created.edit_token, "12346")
    assert "Playing alone there is nobody to beat" in text_of(page)
    assert 'class="coach-win"' not in page


@pytest.mark.slow
def test_the_keep_panel_adds_each_keeps_chance_and_the_keep_for_the_win(
    client, make_game, advisor, hasbro_chances
):
    created = make_game(["Ann", "Bo"], turns=sheet_order_turns(2, 11), coach=True)
    cards = created.game.game.cards
    advice = advise_for_win(advisor, cards, 0, (1, 1, 1, 2, 5), 2, hasbro_chances)
    assert advice.for_win.choice == (5,) and advice.for_score.choice == (1, 1, 1)
    assert (5,) not in list(advisor.keep_values(cards[0], (1, 1, 1, 2, 5), 2))[:3]
    chances = {o.choice: percent(o.chance) for o in advice.options}
    url = f"/g/{created.edit_token}/keep?dice=11125&rolls=2"
    if "being worked out" in text_of(client.get(url).get_data(as_text=True)):
        wait_idle(WAIT)
    for headers in ({}, HX):
        page = client.get(url, headers=headers).get_data(as_text=True)
        choices = keep_choices(page)
        assert len(choices) == 4  # the best three for points, then the keep for the win
        assert tuple(choices[3]["kept"]) == (5,)
        assert [c["chance"] for c in choices] == [chances[tuple(c["kept"])] for c in choices]
        words = text_of(page)
        assert f"For the win: keep 5, {chances[(5,)]} chance to win." in words
        more = round(advice.points_given)
        assert more > 1
        assert f"For points: keep 1 1 1, about {more} points more on average, {chances[(1, 1, 1)]}" in words


@pytest.mark.slow
def test_a_difference_for_the_win_under_a_percent_is_said_in_one_line(
    client, make_game, advisor, hasbro_chances
):
    created = make_game(["Ann", "Bo"], turns=sheet_order_turns(2, 11), coach=True)
    advice = advise_for_win(advisor, created.game.game.cards, 0, (1, 1, 1, 2, 3), 2, hasbro_chances)
    assert not advice.agree and percent(advice.for_win.chance) == percent(advice.for_score.chance)
    url = f"/g/{created.edit_token}/keep?dice=11123&rolls=2"
    if "being worked out" in text_of(client.get(url).get_data(as_text=True)):
        wait_idle(WAIT)
    page = client.get(url).get_data(as_text=True)
    words = text_of(page)
    assert (
        f"Best for points: keep 1 1 1. For the win it makes almost no difference: "
        f"{percent(advice.for_score.chance)} either way." in words
    )
    assert "play differently" not in words
    assert len(keep_choices(page)) == 3


def test_a_keep_question_shows_no_boxes_and_no_final_dice_label(client, make_game):
    created = make_game(["Ann", "Bo"], coach=True)
    response = client.post(f"/g/{created.edit_token}/options", data={"dice": "12346", "keep": "2"})
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert box_buttons(page) == {}  # one tap there would have recorded a first roll as the turn
    assert "Final dice" not in text_of(page)
    assert 'value="12346"' in page  # the dice stay for the final entry
    answer = client.post(
        f"/g/{created.edit_token}/options", data={"dice": "12346", "keep": "2"}, headers=HX
    ).get_data(as_text=True)
    assert 'id="options" class="options" hx-swap-oob="innerHTML"></div>' in answer  # htmx: the boxes go
    assert (
        box_buttons(client.get(f"/g/{created.edit_token}/keep?dice=12346&rolls=2").get_data(as_text=True))
        == {}
    )


@pytest.mark.slow
def test_the_review_shows_each_choices_chance_to_win_and_the_most_decisive_choice(
    client, make_game, advisor, hasbro_chances
):
    created = make_game(["Ann", "Bo"], turns=sheet_order_turns(2))
    game = created.game.game
    url = f"/g/{created.edit_token}/review"
    first = text_of(client.get(url).get_data(as_text=True))
    if "being worked out" in first:
        wait_idle(WAIT)
    page = client.get(url).get_data(as_text=True)
    review = review_for_win(game, advisor, hasbro_chances)
    decisive = review.most_decisive
    assert decisive is not None
    words = text_of(page)
    assert (
        f"The game's most decisive choice: round {decisive.round}, {game.players[decisive.seat]} with "
        f"{' '.join(map(str, decisive.dice))}." in words
    )
    sections = re.findall(r'<section class="card review-player".*?</section>', page, re.S)
    for seat, section in enumerate(sections):
        cells = re.findall(r'<td class="num win-cell">(.*?)</td>', section, re.S)
        choices = review.of_seat(seat)
        assert len(cells) == len(choices) == 13
        for cell, choice in zip(cells, choices, strict=True):
            shown = text_of(cell)
            assert shown.startswith(percent(choice.chance_chosen))
            assert ("best " + percent(choice.chance_best) in shown) == (choice.cost >= 0.005)
    # The review for points is unchanged beside it.
    assert len(review_game(game, {"hasbro-1996": advisor})) == 2
