"""Export and import of every sheet's shape: Maxi Yatzy's six dice and rolls, Triple Yahtzee's columns,
Yacht's sheet without an extra bonus. Every turn replayed, every total checked, on both backends."""

from __future__ import annotations

import copy
import csv
import io
import json
from datetime import UTC, datetime
from typing import Any

import pytest

from scorekeeper.rules import EDITIONS, find_edition
from scorekeeper.services import interchange, tables
from scorekeeper.services.interchange import export_csv, export_table
from tests.support.shaped_games import random_game
from tests.support.table_rows import row_counts

both_backends = pytest.mark.backends("sqlite", "postgresql")

NEW = ("yacht", "maxi-yatzy", "triple-yahtzee")


@pytest.fixture(autouse=True)
def offered(monkeypatch):
    """The three editions offered, as the pages of step two of issue 25 will offer them."""
    for id in NEW:
        monkeypatch.setitem(EDITIONS, id, find_edition(id))


def _contents() -> tables.TableContents:
    """A table of a Hasbro game, a finished Maxi Yatzy game, a finished Triple Yahtzee game and a Yacht
    game in play, replayed by the engine alone."""
    table = tables.LoadedTable(1, "Nordic", datetime(2026, 10, 1, tzinfo=UTC), 0, "view", None, "")
    made = [
        random_game(["Ann", "Bo"], "hasbro-1996", seed=1),
        random_game(["Ann", "Bo"], "maxi-yatzy", seed=2),
        random_game(["Åsa", "Bo"], "triple-yahtzee", seed=3),
        random_game(["Cy"], "yacht", seed=4, turns=7),
    ]
    played = [
        tables.PlayedGame(id=day, title="", created_at=datetime(2026, 11, day, 20, tzinfo=UTC), game=game)
        for day, game in enumerate(made, start=1)
    ]
    return tables.TableContents(table=table, games=played)


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    return json.loads(json.dumps(export_table(_contents())))


def exported(db, token: str) -> dict[str, Any]:
    return json.loads(json.dumps(export_table(tables.open_table(db, token))))


@both_backends
def test_export_then_import_then_export_gives_the_same_document_for_every_shape(db, document):
    assert [game["edition"] for game in document["games"]] == ["hasbro-1996", *NEW[1:], "yacht"]
    imported = interchange.import_table(db, document)
    assert exported(db, imported.edit_token) == document
    assert [len(game["turns"]) for game in document["games"]] == [26, 40, 78, 7]


def test_a_maxi_turn_has_six_dice_and_its_rolls_and_its_totals_no_extra_bonus(document):
    maxi = document["games"][1]
    assert all(len(turn["dice"]) == 6 and turn["rolls"] >= 1 for turn in maxi["turns"])
    assert all("column" not in turn for turn in maxi["turns"])
    assert set(maxi["totals"][0]) == {
        "player",
        "name",
        "upper_subtotal",
        "upper_bonus",
        "lower_subtotal",
        "grand_total",
        "rank",
    }
    assert max(turn["rolls"] for turn in maxi["turns"]) > 3  # saved rolls were used


def test_a_triple_turn_names_its_column_and_its_totals_are_per_column(document):
    triple = document["games"][2]
    game = random_game(["Åsa", "Bo"], "triple-yahtzee", seed=3)
    assert [turn["column"] for turn in triple["turns"]] == [turn.column for turn in game.turns]
    assert all("rolls" not in turn and len(turn["dice"]) == 5 for turn in triple["turns"])
    for totals, card in zip(triple["totals"], game.cards, strict=True):
        assert set(totals) == {"player", "name", "columns", "grand_total", "rank"}
        assert [column["multiplier"] for column in totals["columns"]] == [1, 2, 3]
        assert [column["score"] for column in totals["columns"]] == [c.score for c in card.columns]
        assert totals["grand_total"] == sum(column["score"] for column in totals["columns"])
        assert set(totals["columns"][0]) == {
            "upper_subtotal",
            "upper_bonus",
            "lower_subtotal",
            "yahtzee_bonus",
            "total",
            "multiplier",
            "score",
        }


def test_yacht_and_yatzy_totals_have_no_extra_bonus_and_hasbro_keeps_it(document):
    hasbro, yacht = document["games"][0], document["games"][3]
    assert all("yahtzee_bonus" in totals for totals in hasbro["totals"])
    assert all("yahtzee_bonus" not in totals for totals in yacht["totals"])


def _broken(document: dict[str, Any], game: int, change) -> dict[str, Any]:
    broken = copy.deepcopy(document)
    change(broken["games"][game - 1])
    return broken


def _set(path: str, value: object):
    """A change that sets turns[i].key (or totals[i].key, or totals[i].columns[j].key) to value;
    None deletes it."""

    def change(game: dict[str, Any]) -> None:
        where: Any = game
        *steps, key = path.split(".")
        for step in steps:
            name, _, index = step.partition("[")
            where = where[name][int(index[:-1])] if index else where[name]
        if value is None:
            where.pop(key)
        else:
            where[key] = value

    return change


def _same_cell_twice(game: dict[str, Any]) -> None:
    """The first player's second turn in the box and column of their first."""
    first, second = game["turns"][0], game["turns"][2]
    second.update(box=first["box"], column=first["column"])


@both_backends
@pytest.mark.parametrize(
    ("game", "change", "says"),
    [
        (3, _set("turns[4].column", None), "Game 3, turn 5: Choose the column for "),
        (3, _set("turns[4].column", 4), "Game 3, turn 5: There is no column 4."),
        (3, _set("turns[4].column", "2"), "Game 3, turn 5: There is no column 2."),
        (3, _same_cell_twice, "Game 3, turn 3: "),
        (3, _set("turns[5].bonus", 100), "Game 3, turn 6: the file says bonus 100, the rules give 0."),
        (
            3,
            _set("totals[0].columns[2].score", 1),
            "Game 3: Åsa's column 3 score: the file says 1, the rules",
        ),
        (3, _set("totals[1].grand_total", 0), "Game 3: Bo's grand_total: the file says 0, the rules give"),
        (2, _set("turns[0].rolls", None), "Game 2, turn 1: Say how many rolls this turn used: 1 to 3."),
        (2, _set("turns[0].rolls", 4), "Game 2, turn 1: Only 3 rolls this turn (3 plus 0 saved), not 4."),
        (2, _set("turns[0].rolls", True), "Game 2, turn 1: A turn uses 1 to 3 rolls."),
        (
            2,
            _set("turns[0].dice", [1, 2, 3, 4, 5]),
            "Game 2, turn 1: Enter exactly six dice, each from 1 to 6.",
        ),
        (2, _set("turns[0].dice", [1] * 7), "Game 2, turn 1: Enter exactly six dice, each from 1 to 6."),
        (2, _set("turns[1].points", 999), "Game 2, turn 2: the file says points 999, the rules give"),
        (2, _set("totals[0].upper_bonus", 100), "Game 2: Ann's upper_bonus: the file says 100, the rules"),
        (
            4,
            _set("totals[0].yahtzee_bonus", 100),
            "Game 4: Cy's yahtzee_bonus: the file says 100, the rules give 0",
        ),
        (4, _set("turns[0].dice", [1] * 6), "Game 4, turn 1: Enter exactly five dice, each from 1 to 6."),
        (4, _set("turns[0].column", 2), "Game 4, turn 1: There is no column 2."),
        (1, _set("turns[0].rolls", 2), "Game 1, turn 1: These rules do not count the rolls of a turn."),
        (1, _set("totals[0].grand_total", True), "Game 1: Ann's grand_total: the file says True, the rules"),
    ],
)
def test_a_turn_or_total_the_rules_do_not_give_is_refused_naming_the_game_and_turn(
    db, document, game, change, says
):
    before = row_counts(db)
    with pytest.raises(interchange.ImportRefused) as refused:
        interchange.import_table(db, _broken(document, game, change))
    assert str(refused.value).startswith(says), str(refused.value)
    assert row_counts(db) == before


@both_backends
def test_the_same_cell_twice_is_refused_with_the_engines_words(db, document):
    broken = _broken(document, 3, _same_cell_twice)
    first = broken["games"][2]["turns"][0]
    box = find_edition("triple-yahtzee").box(first["box"]).name
    with pytest.raises(interchange.ImportRefused) as refused:
        interchange.import_table(db, broken)
    assert str(refused.value) == f"Game 3, turn 3: {box} is already filled in column {first['column']}."


@both_backends
def test_totals_may_be_left_out_and_an_old_yatzy_files_zero_extra_bonus_is_accepted(db, document):
    bare = copy.deepcopy(document)
    for game in bare["games"]:
        del game["totals"]
    imported = interchange.import_table(db, bare)
    assert exported(db, imported.edit_token) == document
    old = _broken(document, 4, _set("totals[0].yahtzee_bonus", 0))
    assert exported(db, interchange.import_table(db, old).edit_token) == document


def test_the_csv_has_a_column_per_box_of_every_edition_and_per_column_of_triple_yahtzee():
    contents = _contents()
    rows = list(csv.DictReader(io.StringIO(export_csv(contents))))
    assert [(row["edition"], row["player"]) for row in rows] == [
        ("hasbro-1996", "Ann"),
        ("hasbro-1996", "Bo"),
        ("maxi-yatzy", "Ann"),
        ("maxi-yatzy", "Bo"),
        ("triple-yahtzee", "Åsa"),
        ("triple-yahtzee", "Bo"),
        ("yacht", "Cy"),
    ]
    maxi, triple, yacht = contents.games[1].game, contents.games[2].game, contents.games[3].game
    for row, card in zip(rows[2:4], maxi.cards, strict=True):
        assert [int(row[key]) for key in maxi.edition.box_keys] == list(card.scores)
        assert row["yahtzee_bonus"] == "" and row["ones@1"] == ""
        assert int(row["upper_bonus"]) == card.upper_bonus and int(row["grand_total"]) == card.grand_total
    for row, card in zip(rows[4:6], triple.cards, strict=True):
        assert [int(row[str(cell)]) for cell in triple.edition.cells] == list(card.scores)
        assert row["ones"] == "" and row["upper_subtotal"] == ""
        for number, column in enumerate(card.columns, start=1):
            assert int(row[f"score@{number}"]) == column.score
            assert int(row[f"yahtzee_bonus@{number}"]) == column.yahtzee_bonus
        assert int(row["grand_total"]) == card.grand_total
    (row,) = rows[6:]
    card = yacht.cards[0]
    assert [row[key] for key in yacht.edition.box_keys] == ["" if p is None else str(p) for p in card.scores]
    assert row["score@1"] == "" and row["three_pairs"] == ""
