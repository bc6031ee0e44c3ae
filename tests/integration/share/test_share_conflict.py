"""A stale box form (another phone recorded that turn first): 409, the fresh sheet, the dice kept."""

from __future__ import annotations

import re

HX = {"HX-Request": "true"}


def post_turn(client, token: str, dice: str, box: str, turn: int, **kw):
    return client.post(f"/g/{token}/turns", data={"dice": dice, "box": box, "turn": str(turn)}, **kw)


def typed_dice(body: str) -> str:
    """The value of the dice entry's text field."""
    return re.search(r'<input id="dice" name="dice" value="([^"]*)"', body).group(1)


def test_a_stale_htmx_turn_shows_the_conflict_first_and_keeps_the_dice_typed(client, make_game):
    token = make_game(["Ann", "Bo"], turns=[("12346", "chance")]).edit_token  # Bo to play
    assert post_turn(client, token, "22456", "twos", 1).status_code == 303  # phone A: Bo's turn
    response = post_turn(client, token, "25556", "fives", 1, headers=HX)  # phone B, too late
    assert response.status_code == 409
    body = response.get_data(as_text=True)
    # The notice is the fragment's first content, above the headline (not only announced).
    first = re.search(r'<div id="play"[^>]*>\s*<(\w+) class="([^"]*)"[^>]*>([^<]*)<', body)
    assert first.group(1, 2) == ("p", "notice")
    assert first.group(3).strip() == "Bo&#39;s turn was already recorded."
    assert body.index('class="notice"') < body.index('class="turn-head"')
    # The dice B typed are still in the entry, now offered to the player whose turn it is.
    assert typed_dice(body) == "25556"
    assert "Where do 2 5 5 5 6 go?" in body
    assert 'name="turn" value="2"' in body


def test_a_stale_turn_without_javascript_keeps_the_dice_on_the_whole_page(client, make_game):
    token = make_game(["Ann", "Bo"], turns=[("12346", "chance"), ("22456", "twos")]).edit_token
    response = post_turn(client, token, "25556", "fives", 1)
    assert response.status_code == 409
    body = response.get_data(as_text=True)
    assert "<html" in body and "Bo&#39;s turn was already recorded." in body
    assert typed_dice(body) == "25556"


def test_the_same_form_sent_twice_leaves_the_next_entry_empty(client, make_game):
    token = make_game(["Ann", "Bo"]).edit_token
    assert post_turn(client, token, "22456", "twos", 0).status_code == 303
    response = post_turn(client, token, "65422", "twos", 0)  # the same roll: it is stored already
    assert response.status_code == 409
    body = response.get_data(as_text=True)
    assert typed_dice(body) == ""
    assert 'name="box"' not in body
