"""The TV board a view link opens: its title in the top bar, no language picker, no review link."""

from __future__ import annotations

import re


def test_the_board_has_no_language_picker_and_shows_its_title(client, make_game):
    created = make_game(["Ann", "Bo"], turns=[("22456", "chance")], title="Friday night")
    board = client.get(f"/g/{created.view_token}").get_data(as_text=True)
    assert '<span class="game-title">Friday night</span>' in board
    assert "language-picker" not in board
    # The phones keep the picker: the game page and the home page.
    assert "language-picker" in client.get(f"/g/{created.edit_token}").get_data(as_text=True)
    assert "language-picker" in client.get("/").get_data(as_text=True)


def test_a_coached_board_says_the_coach_is_on_but_offers_no_review(client, make_game):
    created = make_game(["Ann", "Bo"], turns=[("22456", "chance")], coach=True)
    board = client.get(f"/g/{created.view_token}").get_data(as_text=True)
    assert "Coach on" in board and "Review so far" not in board
    assert not re.search(r'href="[^"]*/review"', board)
    page = client.get(f"/g/{created.edit_token}").get_data(as_text=True)
    assert "Review so far" in page
