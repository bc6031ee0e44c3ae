"""Turns of every shape through the real forms, with and without htmx: six dice (Maxi Yatzy's keypad
and typed field), a box in a column (Triple Yahtzee), the rolls a turn used (saved rolls), and every
refusal in the player's words with nothing changed."""

from __future__ import annotations

import re

import pytest

from scorekeeper.rules import Game, find_edition
from tests.support.web_forms import HX, page_text, snapshot

MAXI = find_edition("maxi-yatzy")
TRIPLE = find_edition("triple-yahtzee")


@pytest.fixture
def maxi(make_game):
    return make_game(["Ann", "Bo"], edition=MAXI.id).edit_token


@pytest.fixture
def triple(make_game):
    return make_game(["Ann", "Bo"], edition=TRIPLE.id).edit_token


def buttons(body: str, name: str) -> list[tuple[str, bool]]:
    """(value, enabled) of each option button of this name, in order."""
    return [
        (value, "disabled" not in attrs)
        for value, attrs in re.findall(rf'<button type="submit" name="{name}" value="([^"]+)"([^>]*)>', body)
    ]


def turn(client, token: str, dice: str, expected: int, headers=None, **fields):
    data = {"dice": dice, "turn": str(expected), **{k: str(v) for k, v in fields.items()}}
    return client.post(f"/g/{token}/turns", data=data, headers=headers or {})


# -- six dice -----------------------------------------------------------------------------------------


def test_a_six_dice_game_has_six_slots_a_six_dice_example_and_its_own_count_in_the_script(client, maxi):
    body = client.get(f"/g/{maxi}").get_data(as_text=True)
    assert [int(n) for n in re.findall(r'data-slot="(\d)"', body)] == list(range(6))
    assert 'data-count="6"' in body and 'placeholder="e.g. 224566"' in body
    assert "like 224566 or 2 2 4 5 6 6" in page_text(client.get(f"/g/{maxi}"))


def test_the_keypad_without_javascript_takes_six_faces_and_no_seventh(client, maxi):
    text = ""
    for face in "6655421":
        body = client.post(f"/g/{maxi}/options", data={"dice": text, "add": face}).get_data(as_text=True)
        text = re.search(r'id="dice" name="dice" value="(\d*)"', body).group(1)
    assert text == "665542"
    assert body.count('class="die-key"') == 6 and body.count("disabled>") >= 6  # every key off at six


def test_six_dice_show_every_box_with_the_engines_points_and_the_rolls_with_three_ticked(client, maxi):
    response = client.post(f"/g/{maxi}/options", data={"dice": "5 5 5 5 2 2"})
    body = response.get_data(as_text=True)
    offered = Game(["Ann", "Bo"], MAXI).cards[0].options((5, 5, 5, 5, 2, 2))
    assert buttons(body, "box") == [(key, True) for key in offered]
    text = page_text(response)
    assert "Two pairs 14" in text and "Tower 24" in text and "Three pairs 0 scratch" in text
    assert re.findall(r'name="rolls" value="(\d)"( checked)?', body) == [
        ("1", ""),
        ("2", ""),
        ("3", " checked"),
    ]
    assert "0 saved" in text


@pytest.mark.parametrize(
    "typed, said",
    [("22456", "That is 5 dice; enter exactly six."), ("2245666", "That is 7 dice; enter exactly six.")],
)
def test_five_or_seven_dice_in_a_six_dice_game_are_refused_in_words(client, maxi, db, typed, said):
    before = snapshot(db)
    assert said in page_text(client.post(f"/g/{maxi}/options", data={"dice": typed}))
    response = turn(client, maxi, typed, 0, box="chance", rolls=3)
    assert response.status_code == 422 and said in page_text(response)
    assert snapshot(db) == before


def test_five_dice_are_still_five_in_a_five_dice_game(client, triple):
    assert "That is 6 dice; enter exactly five." in page_text(
        client.post(f"/g/{triple}/options", data={"dice": "224566"})
    )


# -- a box in a column ------------------------------------------------------------------------------------


def test_three_columns_offer_each_open_cell_with_its_points_one_tap_each(client, triple):
    body = client.post(f"/g/{triple}/options", data={"dice": "44422"}, headers=HX).get_data(as_text=True)
    offered = Game(["Ann", "Bo"], TRIPLE).cards[0].cell_options((4, 4, 4, 2, 2))
    assert buttons(body, "cell") == [(f"{c.box}:{c.column}", True) for c in offered]
    assert len(offered) == 39 and 'name="box"' not in body
    full_house = re.findall(r'value="full_house:\d".*?<span class="box-pts">(\d+)</span>', body, re.S)
    assert full_house == ["25", "25", "25"]


def test_a_turn_names_its_column_and_the_sheet_shows_it_there(client, triple, loaded):
    response = turn(client, triple, "44422", 0, headers=HX, cell="full_house:2")
    assert response.status_code == 200
    game = loaded(triple).game
    assert (game.turns[0].box, game.turns[0].column, game.turns[0].points) == ("full_house", 2, 25)
    assert "Ann: 25 in Full house ×2" in page_text(response)
    # Bo plays next: Ann's column scores are in the totals, 25 × 2 in her second column.
    body = response.get_data(as_text=True)
    ann = re.search(
        r'<tr>\s*<th scope="row" class="ct-name"><span class="pname">Ann</span></th>(.*?)</tr>', body, re.S
    )
    assert ann and re.findall(r"<td[^>]*>(\d+)", ann.group(1))[:4] == ["0", "50", "0", "50"]


@pytest.mark.parametrize(
    "fields, said",
    [
        ({"box": "full_house"}, "Choose the column for Full house."),
        ({"box": "full_house", "column": "4"}, "There is no column 4."),
        ({"cell": "full_house:x"}, "There is no column x."),
    ],
)
def test_a_missing_or_impossible_column_is_refused_in_words(client, triple, db, fields, said):
    before = snapshot(db)
    response = turn(client, triple, "44422", 0, **fields)
    assert response.status_code == 422 and said in page_text(response)
    assert snapshot(db) == before


def test_a_box_already_filled_in_that_column_is_refused_and_another_column_taken(client, triple, loaded):
    assert turn(client, triple, "44422", 0, cell="full_house:1").status_code == 303
    assert turn(client, triple, "12345", 1, cell="chance:1").status_code == 303
    response = turn(client, triple, "33322", 2, cell="full_house:1")
    assert response.status_code == 422 and "Full house is already filled in column 1." in page_text(response)
    assert turn(client, triple, "33322", 2, cell="full_house:3").status_code == 303
    assert [t.column for t in loaded(triple).game.turns] == [1, 1, 3]


def test_undo_and_correction_name_the_column(client, triple, loaded):
    turn(client, triple, "44422", 0, cell="full_house:1")
    turn(client, triple, "12345", 1, cell="chance:2")
    edit = client.get(f"/g/{triple}/turns/0/edit").get_data(as_text=True)
    assert re.findall(r'name="column" value="(\d)"( checked)?', edit) == [
        ("1", " checked"),
        ("2", ""),
        ("3", ""),
    ]
    version = loaded(triple).version
    moved = client.post(
        f"/g/{triple}/turns/0/edit",
        data={"dice": "44422", "box": "full_house", "column": "3", "version": str(version)},
    )
    assert moved.status_code == 303
    said = page_text(client.get(f"/g/{triple}"))
    assert "Full house ×1 25 → Full house ×3 25." in said
    assert loaded(triple).game.turns[0].column == 3
    undone = client.post(f"/g/{triple}/undo", data={"version": str(version + 1)}, headers=HX)
    assert "Undone: Bo: 15 in Chance ×2." in page_text(undone)


# -- the rolls a turn used ----------------------------------------------------------------------------------


def test_saved_rolls_are_shown_offered_and_used(client, maxi, loaded):
    assert turn(client, maxi, "112345", 0, box="ones", rolls=1).status_code == 303
    assert turn(client, maxi, "223456", 1, box="twos", rolls=3).status_code == 303
    page = client.get(f"/g/{maxi}").get_data(as_text=True)
    saved = re.search(r'<tr class="saved-row" data-key="saved_rolls">(.*?)</tr>', page, re.S)
    assert saved and re.findall(r"<td[^>]*>(\d+)</td>", saved.group(1)) == ["2", "0"]
    options = client.post(f"/g/{maxi}/options", data={"dice": "333456"})
    assert re.findall(r'name="rolls" value="(\d)"', options.get_data(as_text=True)) == [
        "1",
        "2",
        "3",
        "4",
        "5",
    ]
    assert "2 saved" in page_text(options)
    assert turn(client, maxi, "333456", 2, box="threes", rolls=5).status_code == 303
    assert [t.rolls for t in loaded(maxi).game.turns] == [1, 3, 5]
    assert [c.saved_rolls for c in loaded(maxi).game.cards] == [0, 0]


@pytest.mark.parametrize(
    "rolls, said",
    [
        (4, "Only 3 rolls this turn (3 plus 0 saved), not 4."),
        (0, "A turn uses 1 to 3 rolls."),
        ("", "Say how many rolls this turn used: 1 to 3."),
        ("two", "A turn uses 1 to 3 rolls."),
    ],
)
def test_a_turn_claiming_rolls_it_does_not_have_is_refused_with_the_reason(client, maxi, db, rolls, said):
    before = snapshot(db)
    response = turn(client, maxi, "112345", 0, box="ones", rolls=rolls)
    assert response.status_code == 422 and said in page_text(response)
    body = response.get_data(as_text=True)
    assert 'name="rolls" value="3" checked' in body  # the turn's own rolls ticked again
    assert snapshot(db) == before


def test_rolls_are_refused_where_the_rules_do_not_count_them(client, triple, db):
    before = snapshot(db)
    response = turn(client, triple, "44422", 0, cell="full_house:1", rolls=2)
    assert response.status_code == 422
    assert "These rules do not count the rolls of a turn." in page_text(response)
    assert snapshot(db) == before


def test_a_correction_replays_the_bank_and_names_the_turn_it_would_break(client, maxi, loaded):
    for index, (dice, box, rolls) in enumerate(
        [("112345", "ones", 1), ("223456", "twos", 3), ("333456", "threes", 1), ("444123", "fours", 3)]
    ):
        assert turn(client, maxi, dice, index, box=box, rolls=rolls).status_code == 303
    assert turn(client, maxi, "555123", 4, box="fives", rolls=7).status_code == 303  # 3 + 4 saved
    version = loaded(maxi).version
    edit = client.get(f"/g/{maxi}/turns/0/edit").get_data(as_text=True)
    assert 'id="rolls" name="rolls" value="1"' in edit
    refused = client.post(
        f"/g/{maxi}/turns/0/edit",
        data={"dice": "112345", "box": "ones", "rolls": "3", "version": str(version)},
    )
    assert refused.status_code == 422
    assert (
        "That change would make turn 5 (round 3, Ann) illegal: "
        "Only 5 rolls this turn (3 plus 2 saved), not 7." in page_text(refused)
    )
    assert loaded(maxi).version == version
    fine = client.post(
        f"/g/{maxi}/turns/0/edit",
        data={"dice": "111345", "box": "ones", "rolls": "1", "version": str(version)},
    )
    assert fine.status_code == 303 and loaded(maxi).game.turns[0].points == 3
    assert [c.saved_rolls for c in loaded(maxi).game.cards] == [0, 0]
    undone = client.post(f"/g/{maxi}/undo", data={"version": str(version + 1)})
    assert undone.status_code == 303
    assert [c.saved_rolls for c in loaded(maxi).game.cards] == [4, 0]  # the bank before Ann's third turn


def test_the_pace_is_told_against_four_of_each_number_in_maxi_yatzy(client, maxi, make_game):
    said = "Pace: points above or below {} of each number in the upper boxes filled"
    assert said.format(4) in page_text(client.get(f"/g/{maxi}"))
    hasbro = make_game(["Ann"]).edit_token
    assert said.format(3) in page_text(client.get(f"/g/{hasbro}"))


def test_the_history_lists_the_rolls_of_each_turn(client, maxi):
    turn(client, maxi, "112345", 0, box="ones", rolls=1)
    text = page_text(client.get(f"/g/{maxi}/history"))
    assert "1 1 2 3 4 5 1 roll" in text


def test_a_six_dice_turn_never_loses_an_entry_on_odd_input(client, maxi, loaded):
    for fields in (
        {"box": "ones", "rolls": "99999999999"},
        {"box": "ones" * 40, "rolls": "1"},
        {"cell": ":::"},
    ):
        response = turn(client, maxi, "112345", 0, **fields)
        assert response.status_code == 422
    assert loaded(maxi).game.turns == ()
