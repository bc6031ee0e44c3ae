"""Recording a turn does its work once: one replay (inside the write), labels translated once."""

from __future__ import annotations

from web_support import HX, PLAIN_DICE, new_game, post_turn

from scorekeeper import games
from scorekeeper.web import presenters


def test_recording_a_turn_replays_the_game_only_inside_the_write(client, monkeypatch):
    token = new_game(client)

    def no_second_load(*args, **kwargs):
        raise AssertionError("the game was loaded outside the write transaction")

    monkeypatch.setattr(games, "load_game", no_second_load)
    response = post_turn(client, token, PLAIN_DICE, "chance", 0, headers=HX)
    assert response.status_code == 200
    assert "Bo" in response.get_data(as_text=True)


def test_a_refused_turn_still_answers_with_the_page_and_its_reason(client):
    token = new_game(client)
    post_turn(client, token, PLAIN_DICE, "chance", 0)
    post_turn(client, token, PLAIN_DICE, "chance", 1)
    response = post_turn(client, token, PLAIN_DICE, "chance", 2, headers=HX)  # already filled
    assert response.status_code == 422
    assert 'id="box-error"' in response.get_data(as_text=True)


def test_the_sheet_labels_are_built_once_per_language(client, make_game):
    presenters._sheet_labels.cache_clear()
    created = make_game(["Ann", "Bo", "Cy"], turns=[(PLAIN_DICE, "ones")] * 3)
    for _ in range(3):
        assert client.get(f"/g/{created.edit_token}").status_code == 200
    info = presenters._sheet_labels.cache_info()
    assert (info.misses, info.hits) == (1, 2)
