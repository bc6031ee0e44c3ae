"""Scandinavian Yatzy and forced Yatzy through the web forms, as a phone plays them."""

from __future__ import annotations

import re

from scorekeeper.rules import EDITIONS, find_edition
from tests.support.web_forms import HX, new_game, page_text, post_turn, snapshot


def box_buttons(html: str) -> list[tuple[str, str, bool]]:
    """(key, label, enabled) of each box button of the options, in order."""
    return [
        (key, " ".join(re.sub(r"<[^>]*>", " ", inner).split()), "disabled" not in attrs)
        for key, attrs, inner in re.findall(
            r'<button type="submit" name="box" value="([a-z_]+)"([^>]*)>(.*?)</button>', html, re.S
        )
    ]


def test_the_new_game_form_lists_each_edition_with_its_description(client):
    response = client.get("/new")
    text = page_text(response)
    radios = re.findall(
        r'<input type="radio" name="edition" value="([a-z0-9-]+)"', response.get_data(as_text=True)
    )
    assert radios == [edition.id for edition in EDITIONS.values()]
    assert radios == [
        "hasbro-1996",
        "hasbro-2016",
        "yatzy",
        "yatzy-forced",
        "maxi-yatzy",
        "triple-yahtzee",
        "yacht",
    ]
    for edition in EDITIONS.values():
        assert edition.name in text and edition.description in text


def test_a_yatzy_game_offers_its_fifteen_boxes_with_yatzy_labels(client, loaded):
    token = new_game(client, ["Ann", "Bo"], edition="yatzy")
    assert loaded(token).edition is find_edition("yatzy")
    assert "Round 1 of 15 · Ann" in page_text(client.get(f"/g/{token}"))
    response = client.post(f"/g/{token}/options", data={"dice": "3 3 5 5 6"}, headers=HX)
    assert response.status_code == 200
    buttons = box_buttons(response.get_data(as_text=True))
    assert [key for key, _, _ in buttons] == list(find_edition("yatzy").box_keys)
    labels = {key: label for key, label, _ in buttons}
    assert labels["one_pair"] == "One pair 10"
    assert labels["two_pairs"] == "Two pairs 16"
    assert labels["yatzy"] == "Yatzy 0 scratch"
    assert all(enabled for _, _, enabled in buttons)
    assert "Yahtzee" not in page_text(response)


def test_five_of_a_kind_in_yatzy_shows_no_extra_bonus(client, loaded):
    token = new_game(client, ["Ann"], edition="yatzy")
    assert post_turn(client, token, "66666", "yatzy", 0).status_code == 303
    response = client.post(f"/g/{token}/options", data={"dice": "66666"}, headers=HX)
    assert "bonus" not in page_text(response)
    assert "sixes" in [key for key, _, _ in box_buttons(response.get_data(as_text=True))]


def test_a_yatzy_turn_is_recorded_undone_and_corrected_through_the_forms(client, loaded):
    token = new_game(client, ["Ann", "Bo"], edition="yatzy")
    assert post_turn(client, token, "33556", "two_pairs", 0).status_code == 303
    assert post_turn(client, token, "22233", "full_house", 1).status_code == 303
    game = loaded(token).game
    assert [(t.box, t.points) for t in game.turns] == [("two_pairs", 16), ("full_house", 12)]
    response = client.post(f"/g/{token}/undo", data={"version": "2"}, headers=HX)
    assert response.status_code == 200
    assert "Undone: Bo: 12 in Full house." in page_text(response)
    edit = client.get(f"/g/{token}/turns/0/edit")
    radios = re.findall(r'name="box" value="([a-z_]+)"', edit.get_data(as_text=True))
    assert radios == list(find_edition("yatzy").box_keys)
    assert "wrote 16 in Two pairs" in page_text(edit)
    response = client.post(
        f"/g/{token}/turns/0/edit", data={"dice": "44456", "box": "three_of_a_kind", "version": "3"}
    )
    assert response.status_code == 303
    assert [(t.box, t.points) for t in loaded(token).game.turns] == [("three_of_a_kind", 12)]
    history = page_text(client.get(f"/g/{token}/history"))
    assert (
        "Corrected Ann's turn in round 1: 3 3 5 5 6 in Two pairs for 16 → "
        "4 4 4 5 6 in Three of a kind for 12."
    ) in history


def test_forced_yatzy_offers_only_the_next_box_and_refuses_another_with_422_naming_it(client, db, loaded):
    token = new_game(client, ["Ann"], edition="yatzy-forced")
    # The box played for is named from the start of the turn, before any dice.
    assert "Round 1 of 15 · Ann, for Ones" in page_text(client.get(f"/g/{token}"))
    response = client.post(f"/g/{token}/options", data={"dice": "66666"}, headers=HX)
    buttons = box_buttons(response.get_data(as_text=True))
    assert buttons == [("ones", "Ones 0 scratch", True)]  # only that box: no list of "not allowed"
    assert "not allowed" not in page_text(response)
    before = snapshot(db)
    refused = post_turn(client, token, "66666", "yatzy", 0, headers=HX)
    assert refused.status_code == 422
    assert 'id="box-error"' in refused.get_data(as_text=True)
    assert "Forced order: Ones must be filled now." in page_text(refused)
    assert snapshot(db) == before
    assert post_turn(client, token, "66666", "ones", 0).status_code == 303  # a scratch
    assert post_turn(client, token, "22345", "twos", 1).status_code == 303
    assert [(t.box, t.points) for t in loaded(token).game.turns] == [("ones", 0), ("twos", 4)]
    response = client.post(f"/g/{token}/turns/0/edit", data={"dice": "11111", "box": "twos", "version": "2"})
    assert response.status_code == 422
    assert "Forced order: Ones must be filled now." in page_text(response)
    response = client.post(f"/g/{token}/turns/0/edit", data={"dice": "11111", "box": "ones", "version": "2"})
    assert response.status_code == 303
    assert client.post(f"/g/{token}/undo", data={"version": "3"}).status_code == 303
    assert [(t.box, t.points) for t in loaded(token).game.turns] == [("ones", 5)]


def test_the_export_of_a_yatzy_game_carries_its_edition_and_boxes(client):
    token = new_game(client, ["Ann", "Bo"], edition="yatzy-forced")
    post_turn(client, token, "11123", "ones", 0)
    exported = client.get(f"/g/{token}/export.json").get_json()
    assert exported["edition"] == "yatzy-forced"
    assert exported["boxes"] == [
        {"key": box.key, "section": box.section, "name": box.name}
        for box in find_edition("yatzy-forced").boxes
    ]
    assert len(exported["boxes"]) == 15
    assert exported["boxes"][6] == {"key": "one_pair", "section": "lower", "name": "One pair"}
    assert exported["turns"][0]["box"] == "ones" and exported["turns"][0]["points"] == 3
    assert "yahtzee_bonus" not in exported["totals"][0]  # Yatzy has no extra bonus, so no such line
