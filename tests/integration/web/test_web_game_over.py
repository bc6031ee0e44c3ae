"""The end of a game: final standings, the winner or a shared victory, rematch and export."""

from __future__ import annotations

from scorekeeper.rules import Box
from tests.support.web_forms import new_game, page_text, plain_turns


def test_a_finished_game_shows_game_over_and_the_winner(client, make_game):
    turns = plain_turns(2)
    # Bo's last turn scores less than Ann's: chance 16 for Ann, 11111 chance 5 for Bo.
    turns[-1] = ("11112", Box.CHANCE.value)
    created = make_game(["Ann", "Bo"], turns=turns)
    text = page_text(client.get(f"/g/{created.edit_token}"))
    assert "Game over" in text
    assert "Ann wins with" in text
    assert 'name="dice"' not in client.get(f"/g/{created.edit_token}").get_data(as_text=True)


def test_equal_totals_share_the_victory(client, make_game):
    created = make_game(["Ann", "Bo"], turns=plain_turns(2))
    text = page_text(client.get(f"/g/{created.edit_token}"))
    assert "Shared victory: Ann and Bo" in text


def test_a_solo_game_ends_with_the_final_score(client, make_game):
    created = make_game(["Ann"], turns=plain_turns(1))
    assert "Ann finished with" in page_text(client.get(f"/g/{created.edit_token}"))


def test_no_turn_can_be_recorded_after_the_end(client, make_game):
    created = make_game(["Ann"], turns=plain_turns(1))
    response = client.post(f"/g/{created.edit_token}/options", data={"dice": "22456"})
    assert response.status_code == 422
    assert "The game is over" in page_text(response)


def test_rematch_starts_a_new_game_with_the_same_players_and_edition(client, make_game, loaded):
    created = make_game(["Ann", "Bo"], turns=plain_turns(2), edition="hasbro-2016", title="Cup")
    response = client.post(f"/g/{created.edit_token}/rematch")
    assert response.status_code == 303
    token = response.headers["Location"].removeprefix("/g/")
    assert token != created.edit_token
    rematch = loaded(token)
    assert rematch.game.players == ("Bo", "Ann") and rematch.game.turns == ()  # the next one starts
    assert rematch.edition.id == "hasbro-2016" and rematch.title == "Cup"


def test_the_export_has_edition_players_turns_totals_and_ranks(client, make_game):
    created = make_game(["Ann", "Bo"], turns=[("66666", "yahtzee"), ("22456", "twos"), ("66666", "sixes")])
    response = client.get(f"/g/{created.edit_token}/export.json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    data = response.get_json()
    assert data["edition"] == "hasbro-1996"
    assert data["players"] == ["Ann", "Bo"]
    assert data["turns"][2] == {
        "index": 2,
        "round": 2,
        "player": 0,
        "name": "Ann",
        "dice": [6, 6, 6, 6, 6],
        "box": "sixes",
        "points": 30,
        "bonus": 100,
    }
    ann, bo = data["totals"]
    assert ann == {
        "player": 0,
        "name": "Ann",
        "upper_subtotal": 30,
        "upper_bonus": 0,
        "lower_subtotal": 50,
        "yahtzee_bonus": 100,
        "grand_total": 180,
        "rank": 1,
    }
    assert bo["grand_total"] == 4 and bo["rank"] == 2


def test_the_game_page_links_to_export_and_to_print_when_printing_exists(client, app):
    token = new_game(client, ["Ann"])
    body = client.get(f"/g/{token}").get_data(as_text=True)
    assert f'href="/g/{token}/export.json"' in body
    if "printing.sheet" in app.view_functions:
        assert f'href="/g/{token}/print"' in body
