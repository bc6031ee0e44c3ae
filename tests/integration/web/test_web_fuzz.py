"""Hypothesis throws anything at every form field: never a 500, and nothing stored on a refusal."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.services import games
from tests.support.examples import examples
from tests.support.web_forms import snapshot

FUZZ = settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

junk = st.one_of(
    st.text(max_size=40),
    st.text(alphabet="0123456789 ,-", max_size=12),
    st.sampled_from(["22456", "66666", "ones", "twos", "yahtzee", "0", "-1", "", "\x00", "1e9"]),
)


@pytest.fixture
def app_overrides():
    return {"RATELIMIT_ENABLED": False}


@pytest.fixture
def game(make_game):
    return make_game(["Ann", "Bo"], turns=[("66666", "yahtzee"), ("22456", "twos")])


@FUZZ
@given(players=st.lists(junk, max_size=10), edition=junk, title=junk, coach=junk, action=junk)
def test_the_new_game_form_never_faults(client, players, edition, title, coach, action):
    data = {"player": players, "edition": edition, "title": title, "coach": coach, "action": action}
    response = client.post("/new", data=data)
    assert response.status_code in (200, 303, 422)


@FUZZ
@given(dice=junk, add=junk, clear=junk, hx=st.booleans())
def test_the_dice_form_never_faults(client, game, db, dice, add, clear, hx):
    before = snapshot(db)
    headers = {"HX-Request": "true"} if hx else {}
    response = client.post(
        f"/g/{game.edit_token}/options",
        data={"dice": dice, "add": add, "clear": clear},
        headers=headers,
    )
    assert response.status_code in (200, 422)
    assert snapshot(db) == before


@FUZZ
@given(dice=junk, box=junk, turn=junk, hx=st.booleans())
def test_the_box_form_never_faults_and_stores_only_a_legal_turn(client, game, db, dice, box, turn, hx):
    before = snapshot(db)
    headers = {"HX-Request": "true"} if hx else {}
    response = client.post(
        f"/g/{game.edit_token}/turns", data={"dice": dice, "box": box, "turn": turn}, headers=headers
    )
    assert response.status_code in (200, 303, 409, 422)
    if response.status_code in (200, 303):
        assert len(games.load_game(db, game.edit_token).game.turns) == 3
        games.undo_turn(db, game.edit_token, games.load_game(db, game.edit_token).version)
    else:
        assert snapshot(db) == before


@FUZZ
@given(version=junk)
def test_the_undo_form_never_faults(client, game, db, version):
    before = snapshot(db)
    response = client.post(f"/g/{game.edit_token}/undo", data={"version": version})
    assert response.status_code in (303, 409, 422)
    if response.status_code != 303:
        assert snapshot(db) == before


@FUZZ
@given(dice=junk, box=junk, version=junk, index=st.integers(min_value=0, max_value=3))
def test_the_correction_form_never_faults(client, game, db, dice, box, version, index):
    before = snapshot(db)
    response = client.post(
        f"/g/{game.edit_token}/turns/{index}/edit", data={"dice": dice, "box": box, "version": version}
    )
    assert response.status_code in (303, 404, 409, 422)
    if response.status_code != 303:
        assert snapshot(db) == before


@FUZZ
@given(token=st.text(max_size=60), suffix=st.sampled_from(["", "/history", "/export.json", "/turns/0/edit"]))
def test_any_url_token_is_a_page_or_a_404(client, token, suffix):
    from urllib.parse import quote

    response = client.get(f"/g/{quote(token, safe='')}{suffix}")
    assert response.status_code in (200, 308, 404)


@FUZZ
@given(
    headers=st.dictionaries(
        st.sampled_from(["HX-Request", "HX-Boosted", "Accept-Language", "X-CSRFToken", "HX-Target"]),
        st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=40),
        max_size=4,
    )
)
def test_odd_headers_never_fault(client, game, headers):
    response = client.get(f"/g/{game.edit_token}", headers=headers)
    assert response.status_code == 200
