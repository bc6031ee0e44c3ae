"""Abuse: a stranger behind the players' own router cannot lock them out of their game.

Flask's test client sends every request from one address (127.0.0.1): the abusive client and
the players share it, as they would behind one home router.
"""

from __future__ import annotations

import secrets

import pytest

NEW_GAME = {"player": ["Ann", "Bo"], "edition": "hasbro-1996", "action": "start"}


@pytest.fixture
def app_overrides() -> dict[str, object]:
    return {
        "RATE_LIMIT_CREATE": "3 per minute",
        "RATE_LIMIT_WRITES": "5 per minute",
        "RATE_LIMIT_FAILED_LOOKUPS": "4 per minute",
    }


def _abuse(client, view_token: str, count: int = 60) -> list[int]:
    """Writes with random links and with the game's view link, as a script would send them."""
    statuses = []
    for number in range(count):
        token = view_token if number % 3 == 0 else secrets.token_urlsafe(24)
        route = ("turns", "options", "undo", "coach", "rematch")[number % 5]
        statuses.append(
            client.post(f"/g/{token}/{route}", data={"dice": "12346", "box": "chance"}).status_code
        )
    return statuses


def test_an_abusive_client_at_the_players_address_cannot_make_a_valid_turn_get_429(client, make_game):
    game = make_game()
    statuses = _abuse(client, game.view_token)
    assert set(statuses) <= {404, 429} and statuses.count(429) > 40  # the abuser is slowed down
    recorded = client.post(
        f"/g/{game.edit_token}/turns", data={"dice": "12346", "box": "chance", "turn": "0"}
    )
    assert recorded.status_code == 303
    assert client.post(f"/g/{game.edit_token}/undo", data={"version": "1"}).status_code == 303


def test_links_that_open_nothing_get_429_beyond_their_own_small_budget(client):
    statuses = [client.get(f"/g/{secrets.token_urlsafe(24)}").status_code for _ in range(6)]
    assert statuses == [404] * 4 + [429] * 2
    response = client.post(f"/g/{secrets.token_urlsafe(24)}/turns", data={"dice": "12346"})
    assert response.status_code == 429 and "Retry-After" in response.headers
    assert "Slow down a little" in response.get_data(as_text=True)


def test_each_game_has_its_own_write_budget(client, make_game):
    first, second = make_game(), make_game(["Cy", "Di"])
    for _ in range(5):
        assert client.post(f"/g/{first.edit_token}/options", data={"dice": "12346"}).status_code == 200
    assert client.post(f"/g/{first.edit_token}/options", data={"dice": "12346"}).status_code == 429
    recorded = client.post(
        f"/g/{second.edit_token}/turns", data={"dice": "12346", "box": "chance", "turn": "0"}
    )
    assert recorded.status_code == 303


def test_a_rematch_is_a_new_game_for_the_limit(client, make_game):
    game = make_game()
    assert client.post("/new", data=NEW_GAME).status_code == 303
    assert client.post("/new", data=NEW_GAME).status_code == 303
    assert client.post(f"/g/{game.edit_token}/rematch").status_code == 303
    refused = client.post(f"/g/{game.edit_token}/rematch")
    assert refused.status_code == 429
    assert client.post("/new", data=NEW_GAME).status_code == 429


def test_rematches_of_links_that_open_nothing_do_not_use_the_new_game_budget(client):
    for _ in range(4):
        assert client.post(f"/g/{secrets.token_urlsafe(24)}/rematch").status_code == 404
    assert client.post("/new", data=NEW_GAME).status_code == 303


def test_refused_new_game_forms_cost_the_players_nothing(client):
    """27 refused forms from the players' address (a script, or a phone sending bad names) used to
    make their next new game a 429 for a minute: only what was created counts."""
    refused = [
        client.post("/new", data={"player": [""], "edition": "hasbro-1996", "action": "start"}).status_code
        for _ in range(27)
    ]
    assert refused == [422] * 27
    assert [client.post("/t/new", data={"name": "x" * 500}).status_code for _ in range(5)] == [422] * 5
    statuses = [client.post("/new", data=NEW_GAME).status_code for _ in range(4)]
    assert statuses == [303, 303, 303, 429]  # the budget of 3 is whole, and still holds


def test_editing_the_player_list_of_the_new_game_form_costs_nothing(client):
    for _ in range(10):
        answer = client.post("/new", data={"player": ["Ann"], "action": "add"})
        assert answer.status_code == 200
    assert client.post("/new", data=NEW_GAME).status_code == 303
