"""Anything typed into the coach's forms: never a 500, and nothing stored unless the switch asked for it."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.services import games
from scorekeeper.web.viewmodels.advice import marked
from scorekeeper.web.viewmodels.coach_chart import COLOURS, DASHES, SHAPES, y_range
from tests.support.examples import examples

FUZZ = settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
junk = st.one_of(
    st.text(max_size=40),
    st.text(alphabet="0123456789 ,-", max_size=12),
    st.sampled_from(["22456", "66666", "1", "2", "0", "-1", "", "\x00", "on", "off", "1e9"]),
)


@pytest.fixture
def app_overrides(coach_tables):
    return {"ADVISOR_DIR": str(coach_tables), "RATELIMIT_ENABLED": False}


@pytest.fixture
def game(make_game):
    return make_game(["Ann", "Bo"], turns=[("66666", "yahtzee"), ("22456", "twos")], coach=True)


@FUZZ
@given(dice=junk, rolls=junk, htmx=st.booleans())
def test_the_keep_question_never_faults_nor_writes(client, db, game, dice, rolls, htmx):
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.get(
        f"/g/{game.edit_token}/keep", query_string={"dice": dice, "rolls": rolls}, headers=headers
    )
    assert response.status_code in (200, 422)
    assert games.load_game(db, game.edit_token).version == game.game.version


@FUZZ
@given(value=junk)
def test_the_switch_changes_only_on_a_clear_on_or_off(client, db, game, value):
    before = games.load_game(db, game.edit_token).coach
    response = client.post(f"/g/{game.edit_token}/coach", data={"coach": value})
    after = games.load_game(db, game.edit_token).coach
    if value in ("on", "off"):
        assert response.status_code == 303 and after == (value == "on")
    else:
        assert response.status_code == 400 and after == before


def test_kept_dice_are_marked_once_each_even_when_faces_repeat():
    assert [(d.face, d.kept) for d in marked((6, 5, 6, 1, 6), (6, 6))] == [
        (1, False),
        (5, False),
        (6, True),
        (6, True),
        (6, False),
    ]
    assert all(d.kept for d in marked((2, 2, 2, 2, 2), (2, 2, 2, 2, 2)))
    assert not any(d.kept for d in marked((1, 2, 3, 4, 5), ()))


def test_eight_players_each_get_their_own_colour_dash_and_marker():
    looks = list(zip(COLOURS, DASHES, SHAPES, strict=True))
    assert len(looks) == 8
    assert len(set(DASHES)) == len(set(SHAPES)) == 8  # apart without colour


@pytest.mark.parametrize("values", [[254.6, 254.6], [0, 375], [120.2, 312.9, 254.6], [1575, 5]])
def test_the_score_axis_holds_every_value_with_a_few_round_ticks(values):
    low, high, step = y_range(values)
    assert low <= min(values) and high >= max(values)
    assert low % step == 0 and high % step == 0
    assert 2 <= (high - low) / step <= 8
