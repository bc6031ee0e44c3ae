"""The game page and the scoreboard carry the paper sheet (hidden on screen) in every page and fragment."""

from __future__ import annotations

import re

HX = {"HX-Request": "true"}


def pad_row(html: str, label: str) -> list[str]:
    """The cells of one row of the hidden paper sheet in a page or fragment."""
    pad = html[re.search(r'<div class="print-sheet[^"]* paper-only">', html).start() :]
    row = re.search(rf'<span class="label-text">{re.escape(label)}</span>.*?</tr>', pad, re.S)
    assert row, label
    return re.findall(r'<td class="cell">(?:<span class="ring">)?([^<]*)', row.group(0))


def test_the_fragment_of_a_recorded_turn_carries_the_updated_paper_sheet(client, store_game):
    created = store_game(["Ann", "Bo"], turns=[([1, 1, 1, 2, 3], "ones")])
    assert pad_row(client.get(f"/g/{created.edit_token}").get_data(as_text=True), "Aces")[:2] == ["3", ""]
    response = client.post(
        f"/g/{created.edit_token}/turns",
        data={"dice": "11456", "box": "ones", "turn": "1"},
        headers=HX,
    )
    assert response.status_code == 200
    fragment = response.get_data(as_text=True)
    assert fragment.startswith('<div id="play"')
    assert pad_row(fragment, "Aces")[:2] == ["3", "2"]


def test_the_scoreboard_carries_the_paper_sheet_too(client, store_game):
    created = store_game(["Ann", "Bo"], turns=[([1, 1, 1, 2, 3], "ones"), ([6, 6, 6, 6, 6], "yahtzee")])
    fragment = client.get(f"/g/{created.view_token}", headers=HX).get_data(as_text=True)
    assert fragment.startswith('<div id="board"')
    assert pad_row(fragment, "YAHTZEE")[:2] == ["", "50"]


def test_a_yatzy_game_page_carries_the_yatzy_paper_sheet(client, store_game):
    created = store_game(
        ["Ann", "Bo"], turns=[([3, 3, 3, 6, 6], "full_house"), ([2, 2, 2, 2, 2], "yatzy")], edition="yatzy"
    )
    for token in (created.edit_token, created.view_token):
        html = client.get(f"/g/{token}", headers=HX).get_data(as_text=True)
        assert pad_row(html, "Full house")[:2] == ["21", ""]
        assert pad_row(html, "Yatzy")[:2] == ["", "50"]
        assert "YAHTZEE" not in html and "ybonus-row" not in html
