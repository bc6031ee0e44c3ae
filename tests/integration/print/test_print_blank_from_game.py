"""The blank sheet offered from a game's print view: that game's edition, and the way back to it."""

from __future__ import annotations

import re
from html import unescape as html_unescape

import pytest

from scorekeeper.rules import EDITIONS

LINK = re.compile(r'<a class="(print-[a-z]+)" href="([^"]+)"( aria-current="page")?>([^<]+)</a>')


def links(html: str, kind: str) -> list[tuple[str, bool, str]]:
    """(href, is current, text) of the toolbar's links of one kind (print-back, print-edition, ...)."""
    return [
        (html_unescape(href), bool(cur), html_unescape(text))
        for k, href, cur, text in LINK.findall(html)
        if k == kind
    ]


@pytest.mark.parametrize("edition", [rules.id for rules in EDITIONS.values()])
def test_a_games_print_view_offers_the_blank_sheet_of_its_edition(client, make_game, edition):
    created = make_game(["Ann", "Bo"], edition=edition)
    for token in (created.edit_token, created.view_token):
        html = client.get(f"/g/{token}/print").get_data(as_text=True)
        [(blank, _, _)] = links(html, "print-blank")
        assert blank == f"/g/{token}/blank-sheet"

        sheet = client.get(blank).get_data(as_text=True)
        assert links(sheet, "print-back") == [(f"/g/{token}", False, "← Back to the game")]
        chosen = [href for href, current, _ in links(sheet, "print-edition") if current]
        assert chosen == [f"/g/{token}/blank-sheet?edition={edition}"]
        assert next(href for href, *_ in links(sheet, "print-pdf")) == f"/blank-sheet.pdf?edition={edition}"
        assert sheet.count('<span class="player-name"></span>') == 6  # blank: no names of the game


def test_another_edition_chosen_there_keeps_the_way_back_to_the_game(client, make_game):
    created = make_game(["Ann"], edition="hasbro-1996")
    sheet = client.get(f"/g/{created.edit_token}/blank-sheet?edition=yatzy").get_data(as_text=True)
    assert '<span class="label-text">One pair</span>' in sheet
    assert links(sheet, "print-back")[0][0] == f"/g/{created.edit_token}"
    current = [href for href, cur, _ in links(sheet, "print-edition") if cur]
    assert current == [f"/g/{created.edit_token}/blank-sheet?edition=yatzy"]


def test_the_start_pages_blank_sheet_leads_back_to_the_start_page(client):
    html = client.get("/blank-sheet").get_data(as_text=True)
    assert links(html, "print-back") == [("/", False, "← Back to the start page")]
    assert links(html, "print-blank") == []


@pytest.mark.parametrize("path", ["/g/no-such-game/blank-sheet", "/g/no-such-game/blank-sheet?edition=yatzy"])
def test_an_unknown_game_or_edition_is_a_clear_not_found(client, make_game, path):
    assert client.get(path).status_code == 404
    created = make_game(["Ann"])
    response = client.get(f"/g/{created.edit_token}/blank-sheet?edition=no-such-rules")
    assert response.status_code == 404 and "no-such-rules" in response.get_data(as_text=True)
