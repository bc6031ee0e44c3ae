"""Importing a table's JSON export: every turn replayed by the engine, all or nothing, on both backends."""

from __future__ import annotations

import copy
import json
from datetime import UTC, datetime
from typing import Any

import pytest

from scorekeeper.rules import Dice, Game
from scorekeeper.services import interchange, tables
from scorekeeper.services.interchange import export_table
from tests.support.sample_games import entries
from tests.support.table_rows import row_counts

pytestmark = pytest.mark.backends("sqlite", "postgresql")


def exported(db, token: str) -> dict[str, Any]:
    """The table's export, as the file a person would download (through JSON)."""
    return json.loads(json.dumps(export_table(tables.open_table(db, token))))


def _played(players, seed=0, edition="hasbro-1996", turns=None, title="", day=1) -> tables.PlayedGame:
    """A game replayed by the engine alone (no database), as a table holds it."""
    played = entries(len(players), seed, None, edition) if turns is None else turns
    game = Game.replay(players, edition, [(Dice.of(dice), box) for dice, box in played])
    return tables.PlayedGame(
        id=day, title=title, created_at=datetime(2026, 11, day, 20, tzinfo=UTC), game=game
    )


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    """The export of a table with a finished 2-player game, a Yatzy game, and one in play."""
    table = tables.LoadedTable(1, "Friday", datetime(2026, 10, 1, tzinfo=UTC), 0, "view", None, "")
    played = [
        _played(["Zoé", "Bo"], seed=1, title="Cup final", day=1),
        _played(["Bo", "Cy", "Zoé"], seed=2, edition="yatzy", day=2),
        _played(["Ann", "Bo"], turns=[([6, 6, 6, 6, 6], "yahtzee"), ([1, 2, 3, 4, 5], "chance")], day=3),
    ]
    return json.loads(json.dumps(export_table(tables.TableContents(table=table, games=played))))


def test_export_then_import_then_export_gives_the_same_document(db, document):
    imported = interchange.import_table(db, document)
    again = exported(db, imported.edit_token)
    assert again == document
    assert [len(game["turns"]) for game in again["games"]] == [26, 45, 2]


def test_export_then_import_then_export_gives_the_same_document_from_the_database(db, table, play_at):
    play_at(table.edit_token, ["Zoé", "Bo"], seed=3, title="Cup")
    play_at(
        table.edit_token, ["Ann", "Bo"], turns=[([6, 6, 6, 6, 6], "yahtzee"), ([1, 2, 3, 4, 5], "chance")]
    )
    document = exported(db, table.edit_token)
    assert exported(db, interchange.import_table(db, document).edit_token) == document


def test_an_imported_table_is_a_new_table_with_its_own_links(db, table, document):
    imported = interchange.import_table(db, document)
    assert imported.edit_token not in (table.edit_token, table.view_token)
    contents = tables.open_table(db, imported.view_token)
    assert contents.table.name == "Friday" and contents.table.access == "view"
    assert contents.table.created_at.isoformat() == document["created_at"]
    assert [p.game.players for p in contents.games] == [("Zoé", "Bo"), ("Bo", "Cy", "Zoé"), ("Ann", "Bo")]


def _broken(document: dict[str, Any], change: str) -> dict[str, Any]:
    """A copy of the export with one thing wrong."""
    broken = copy.deepcopy(document)
    second = broken["games"][1]
    if change == "illegal turn":
        second["turns"][3]["box"] = second["turns"][0]["box"]  # the first seat fills a box a second time
        second["turns"][3].pop("points")
    elif change == "unknown box":
        second["turns"][4]["box"] = "aces"
    elif change == "six dice":
        second["turns"][4]["dice"] = [1, 2, 3, 4, 5, 6]
    elif change == "dice as text":
        second["turns"][4]["dice"] = "12345"
    elif change == "wrong points":
        second["turns"][4]["points"] += 1
    elif change == "wrong player":
        second["turns"][4]["player"] = 0
    elif change == "unknown edition":
        second["edition"] = "kniffel-1850"
    elif change == "no players":
        second["players"] = []
    elif change == "a player twice":
        second["players"] = ["Bo", "bo", "Zoé"]
    elif change == "turns not a list":
        second["turns"] = {"0": "x"}
    elif change == "a turn not an object":
        second["turns"][4] = "66666 in chance"
    elif change == "no created_at":
        del second["created_at"]
    elif change == "created_at past the calendar":
        second["created_at"] = "9999-12-31T23:00:00-14:00"  # fine as text, past year 9999 in UTC
    elif change == "too many turns":
        second["turns"] = second["turns"] + second["turns"][:1]
    return broken


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ("illegal turn", "Game 2, turn 4"),
        ("unknown box", "Game 2, turn 5"),
        ("six dice", "Game 2, turn 5"),
        ("dice as text", "Game 2, turn 5"),
        ("wrong points", "Game 2, turn 5"),
        ("wrong player", "Game 2, turn 5"),
        ("unknown edition", "Game 2: unknown rules"),
        ("no players", "Game 2"),
        ("a player twice", "Game 2"),
        ("turns not a list", "Game 2"),
        ("a turn not an object", "Game 2, turn 5"),
        ("no created_at", "Game 2"),
        ("created_at past the calendar", "Game 2"),
        ("too many turns", "Game 2, turn 46"),
    ],
)
def test_a_file_with_anything_wrong_is_refused_whole_naming_the_game_and_turn(db, document, change, says):
    before = row_counts(db)
    with pytest.raises(interchange.ImportRefused) as refused:
        interchange.import_table(db, _broken(document, change))
    assert str(refused.value).startswith(says), str(refused.value)
    assert row_counts(db) == before  # nothing stored, not even the first game or the table


@pytest.mark.parametrize(
    "not_a_table",
    [None, [], "text", {"games": "none"}, {"name": 5, "games": []}, {"name": "x" * 500, "games": []}],
)
def test_something_that_is_not_a_table_export_is_refused(db, not_a_table):
    before = row_counts(db)
    with pytest.raises(interchange.ImportRefused):
        interchange.import_table(db, not_a_table)
    assert row_counts(db) == before


def test_an_empty_table_round_trips(db, table):
    document = exported(db, table.edit_token)
    assert document["games"] == []
    assert exported(db, interchange.import_table(db, document).edit_token) == document


@pytest.mark.parametrize(
    ("kind", "version", "says"),
    [
        ("evil", 999, "not a table exported by Scorekeeper"),
        ("scorekeeper-game", 1, "not a table exported by Scorekeeper"),
        (None, 1, "not a table exported by Scorekeeper"),
        ("scorekeeper-table", None, "not a table exported by Scorekeeper"),
        ("scorekeeper-table", "1", "not a table exported by Scorekeeper"),
        ("scorekeeper-table", 0, "not a table exported by Scorekeeper"),
        ("scorekeeper-table", 2, "exported by a newer Scorekeeper (format 2); this one reads format 1"),
    ],
)
def test_a_file_that_is_not_this_kind_or_format_of_export_is_refused(db, document, kind, version, says):
    changed = {key: value for key, value in document.items() if key not in ("kind", "format")}
    changed |= {key: value for key, value in (("kind", kind), ("format", version)) if value is not None}
    before = row_counts(db)
    with pytest.raises(interchange.ImportRefused) as refused:
        interchange.import_table(db, changed)
    assert says in str(refused.value)
    assert row_counts(db) == before


def test_more_games_than_one_import_may_hold_are_refused_before_any_is_replayed(db, document):
    game = {"edition": "hasbro-1996", "players": ["Ann"], "turns": [], "created_at": document["created_at"]}
    too_many = document | {"games": [game] * (interchange.IMPORT_MAX_GAMES + 1)}
    with pytest.raises(interchange.ImportRefused) as refused:
        interchange.import_table(db, too_many)
    assert str(refused.value) == f"This file holds more than {interchange.IMPORT_MAX_GAMES} games."


def test_more_turns_than_one_import_may_hold_are_refused_before_any_is_replayed(db, document):
    turn = {"dice": [1, 1, 1, 1, 1], "box": "ones"}  # replayed, the second one would be refused
    games = [dict(game) for game in document["games"]]
    games[0]["turns"] = [turn] * (interchange.IMPORT_MAX_TURNS + 1 - sum(len(g["turns"]) for g in games[1:]))
    with pytest.raises(interchange.ImportRefused) as refused:
        interchange.import_table(db, document | {"games": games})
    assert str(refused.value) == f"This file holds more than {interchange.IMPORT_MAX_TURNS} turns."


def test_an_import_is_written_in_batches_of_whole_games(db, document, monkeypatch):
    """Each transaction holds the write lock for one batch of turns, not for the whole file."""
    from sqlalchemy import event

    engine = db.kw["bind"]
    per_transaction: list[int] = [0]

    def count_entries(_connection, _cursor, statement, parameters, _context, executemany) -> None:
        if statement.lstrip().upper().startswith("INSERT INTO ENTRIES"):
            per_transaction[-1] += len(parameters) if executemany else 1

    def next_transaction(_connection) -> None:
        per_transaction.append(0)

    monkeypatch.setattr(interchange, "IMPORT_BATCH_TURNS", 30)
    event.listen(engine, "before_cursor_execute", count_entries)
    event.listen(engine, "commit", next_transaction)
    try:
        imported = interchange.import_table(db, document)
    finally:
        event.remove(engine, "before_cursor_execute", count_entries)
        event.remove(engine, "commit", next_transaction)
    written = [count for count in per_transaction if count]
    assert written == [26, 45, 2]  # 26 + 45 > 30: every game in a transaction of its own, none cut
    assert exported(db, imported.edit_token) == document


def test_an_import_that_fails_half_way_leaves_nothing(db, document, monkeypatch):
    from scorekeeper.storage import table_records
    from scorekeeper.storage.engine import Unavailable

    real = table_records.set_game_table
    calls = []

    def fail_on_the_third(session, game_id, table_id):
        calls.append(game_id)
        if len(calls) == 3:
            raise Unavailable("disk full", busy=False)
        return real(session, game_id, table_id)

    monkeypatch.setattr(interchange, "IMPORT_BATCH_TURNS", 30)
    monkeypatch.setattr(table_records, "set_game_table", fail_on_the_third)
    before = row_counts(db)
    with pytest.raises(Unavailable):
        interchange.import_table(db, document)
    assert row_counts(db) == before  # the first two games' batches and the table are gone again
