"""The forms a table fills in: long names refused with the reason (never cut while typing), and the
rules offered by the game's own name with its joker detail beneath (issue 28)."""

from __future__ import annotations

import re

from scorekeeper.rules import EDITIONS


def inputs(html: str) -> list[str]:
    return re.findall(r"<input\b[^>]*>", html)


def test_no_name_or_title_field_cuts_what_is_typed(client, make_game):
    table = client.post("/t/new", data={"name": "Friday"})
    assert table.status_code == 303
    pages = [client.get("/new").text, client.get("/t/new").text, client.get(table.headers["Location"]).text]
    fields = [
        field
        for page in pages
        for field in inputs(page)
        if 'name="player"' in field or 'name="title"' in field or 'name="name"' in field
    ]
    assert len(fields) >= 4
    assert [field for field in fields if "maxlength" in field] == []
    assert all("data-max-chars=" in field and "data-too-long=" in field for field in fields)


def test_a_long_name_comes_back_whole_with_the_reason(client):
    long = "Annabelle-Marguerite Lindqvist"
    page = client.post("/new", data={"player": [long, "Bo"], "edition": "yatzy", "action": "start"})
    assert page.status_code in (400, 422)
    assert f'value="{long}"' in page.text and "A name has at most 24 characters." in page.text
    table = client.post("/t/new", data={"name": "x" * 61})
    assert table.status_code == 422 and "x" * 61 in table.text
    assert "A table&#39;s name has at most 60 characters." in table.text


def test_the_rules_are_offered_by_the_games_name_with_the_detail_beneath(client):
    html = client.get("/new").text
    offered = re.findall(
        r'<input type="radio" name="edition" value="([^"]+)"[^>]*>\s*'
        r'<span class="choice-text"><strong>([^<]+)</strong>\s*<small>([^<]+)</small>',
        html,
    )
    names = {edition: name for edition, name, _ in offered}
    assert names["hasbro-1996"] == "Yahtzee (classic rules)"
    assert names["hasbro-2016"] == "Yahtzee (2016 sheet)"
    assert names["yatzy"] == "Yatzy" and names["yatzy-forced"] == "Forced Yatzy"
    assert len(offered) == len(EDITIONS)
    assert all(detail.strip() for *_, detail in offered)
    joker = {edition: detail for edition, _, detail in offered}["hasbro-2016"]
    assert "Three or Four of a kind" in joker
