"""The page stays light on a phone: first load and one turn's fragment, counted gzip-compressed."""

from __future__ import annotations

import gzip
import re

from scorekeeper.rules import find_edition
from tests.support.web_forms import HX, plain_turns

BOXES = find_edition("hasbro-1996").box_keys  # the Hasbro sheet's box keys, in sheet order

FIRST_LOAD_LIMIT = 40 * 1024
FRAGMENT_LIMIT = 6 * 1024


def gz(data: bytes) -> int:
    return len(gzip.compress(data, 6))


def fetched(client, url: str) -> bytes:
    """A static file's bytes (the response is closed: it streams from an open file)."""
    with client.get(url) as response:
        assert response.status_code == 200, url
        return response.data


def test_a_finished_six_player_game_loads_in_under_40_kb_compressed(client, make_game):
    names = ["Annabelle", "Bo", "Cyrille", "Dee", "Eve", "Fred"]
    created = make_game(names, turns=plain_turns(6))
    page = client.get(f"/g/{created.edit_token}").data
    assets = re.findall(rb'<(?:script src|link rel="stylesheet" href)="([^"]+)"', page)
    assert assets, "the page links its CSS and JS"
    total = gz(page) + sum(gz(fetched(client, url.decode())) for url in assets)
    assert total <= FIRST_LOAD_LIMIT, total


def test_one_turns_fragment_is_under_6_kb_compressed(client, make_game):
    names = ["Annabelle", "Bo", "Cyrille", "Dee", "Eve", "Fred"]
    turns = plain_turns(6, rounds=12)
    created = make_game(names, turns=turns)
    response = client.post(
        f"/g/{created.edit_token}/turns",
        data={"dice": "12346", "box": BOXES[12], "turn": str(len(turns))},
        headers=HX,
    )
    assert response.status_code == 200
    assert gz(response.data) <= FRAGMENT_LIMIT, gz(response.data)
