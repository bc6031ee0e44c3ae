"""Recording a turn does its work once: one replay, inside the write, whether it is recorded or refused."""

from __future__ import annotations

from scorekeeper.services import games
from tests.support.web_forms import HX, PLAIN_DICE, new_game, post_turn


def test_recording_a_turn_replays_the_game_only_inside_the_write(client, monkeypatch):
    token = new_game(client)

    def no_second_load(*args, **kwargs):
        raise AssertionError("the game was loaded outside the write transaction")

    monkeypatch.setattr(games, "load_game", no_second_load)
    response = post_turn(client, token, PLAIN_DICE, "chance", 0, headers=HX)
    assert response.status_code == 200
    assert "Bo" in response.get_data(as_text=True)


def test_a_refused_turn_answers_with_the_game_the_write_read_without_opening_it_again(client, monkeypatch):
    token = new_game(client)
    post_turn(client, token, PLAIN_DICE, "chance", 0)
    post_turn(client, token, PLAIN_DICE, "chance", 1)

    def no_second_load(*args, **kwargs):
        raise AssertionError("the refusal reopened the game")

    monkeypatch.setattr(games, "load_game", no_second_load)
    response = post_turn(client, token, PLAIN_DICE, "chance", 2, headers=HX)  # already filled
    assert response.status_code == 422
    assert 'id="box-error"' in response.get_data(as_text=True)


def test_a_stale_turn_answers_with_the_fresh_game_without_opening_it_again(client, monkeypatch):
    token = new_game(client)
    post_turn(client, token, PLAIN_DICE, "chance", 0)

    def no_second_load(*args, **kwargs):
        raise AssertionError("the conflict reopened the game")

    monkeypatch.setattr(games, "load_game", no_second_load)
    response = post_turn(client, token, PLAIN_DICE, "ones", 0, headers=HX)  # sent twice
    assert response.status_code == 409
    assert "Ann&#39;s turn was already recorded." in response.get_data(as_text=True)
