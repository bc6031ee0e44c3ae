"""Table use cases on both backends: links, games at a table, rematch, moving, names, deleting."""

from __future__ import annotations

import pytest

from scorekeeper.rules import Dice, Game
from scorekeeper.services import games, names, table_players, tables
from scorekeeper.services.player_names import player_key
from scorekeeper.storage import table_records
from scorekeeper.storage.engine import reading
from tests.support.table_rows import row_counts

pytestmark = pytest.mark.backends("sqlite", "postgresql")


def test_a_table_has_an_edit_and_a_view_link_and_stores_only_their_hashes(db, table):
    assert table.edit_token != table.view_token
    edit, view = tables.load_table(db, table.edit_token), tables.load_table(db, table.view_token)
    assert (edit.access, edit.name, view.access, view.edit_token) == ("edit", "Friday", "view", None)
    with db() as session:
        stored = session.execute(table_records.select(table_records.TableRow.edit_hash)).scalars().all()
    assert table.edit_token not in stored and table.view_token not in stored
    for wrong in ("", "x" * 200, table.edit_token[:-1] + "?", "no-such-token"):
        with pytest.raises(tables.TableNotFound):
            tables.load_table(db, wrong)


def test_a_table_name_is_checked_like_a_title(db):
    with pytest.raises(tables.TableRefused):
        tables.create_table(db, "x" * (tables.NAME_MAX + 1))
    with pytest.raises(tables.TableRefused):
        tables.create_table(db, "bell\x07")
    assert tables.create_table(db, "  The   Andersons ").table.name == "The Andersons"


def test_games_started_at_a_table_are_its_games_oldest_first(db, table, play_at):
    first = play_at(table.edit_token, ["Ann", "Bo"], seed=1)
    second = play_at(table.edit_token, ["Bo", "Cy", "Ann"], seed=2, edition="yatzy")
    games.create_game(db, ["Alone"], "hasbro-1996")  # not at the table
    with reading(db) as session:
        stored = table_records.games_of_table(session, table.table.id)
    assert [game.players for game in stored] == [("Ann", "Bo"), ("Bo", "Cy", "Ann")]
    assert [game.edition for game in stored] == ["hasbro-1996", "yatzy"]
    for created, game in zip((first, second), stored, strict=True):
        loaded = games.load_game(db, created.edit_token)
        assert [(str(turn.dice), turn.box, None, None) for turn in loaded.game.turns] == list(game.entries)
        assert game.version == loaded.version and game.created_at == loaded.created_at
    contents = tables.open_table(db, table.view_token)
    replayed = [
        Game.replay(g.players, g.edition, [(Dice.parse(e.dice), e.box) for e in g.entries]) for g in stored
    ]
    assert [p.game.cards for p in contents.games] == [g.cards for g in replayed]


def test_a_view_link_changes_nothing(db, table, play_at):
    created = play_at(table.edit_token, ["Ann", "Bo"])
    before = row_counts(db)
    version = tables.load_table(db, table.edit_token).version
    with pytest.raises(tables.TableReadOnly):
        tables.start_game(db, table.view_token, ["Ann"], "hasbro-1996")
    with pytest.raises(tables.TableReadOnly):
        table_players.rename_player(db, table.view_token, version, "Ann", "Anna")
    with pytest.raises(tables.TableReadOnly):
        tables.delete_table(db, table.view_token)
    with pytest.raises(tables.TableReadOnly):
        tables.move_game(db, games.create_game(db, ["X"], "yatzy").edit_token, table.view_token)
    with pytest.raises(games.ReadOnly):
        tables.delete_game(db, created.view_token)
    assert row_counts(db)["games"] == before["games"] + 1  # only the lone game made above
    assert tables.load_table(db, table.edit_token).version == version


def test_bad_settings_at_a_table_store_nothing(db, table):
    before = row_counts(db)
    with pytest.raises(games.BadSettings):
        tables.start_game(db, table.edit_token, ["Ann", "ann"], "hasbro-1996")
    with pytest.raises(ValueError):
        tables.start_game(db, table.edit_token, ["Ann"], "no-such-rules")
    assert row_counts(db) == before


def test_a_rematch_stays_at_the_table_and_a_lone_game_stays_alone(db, table, play_at):
    played = play_at(table.edit_token, ["Ann", "Bo"], title="Cup")
    again = tables.rematch(db, played.edit_token)
    assert again.game.title == "Cup" and again.game.game.players == ("Bo", "Ann")  # Bo starts
    assert tables.table_of_game(db, again.edit_token).id == table.table.id
    assert len(tables.open_table(db, table.edit_token).games) == 2
    lone = games.create_game(db, ["Cy"], "yatzy", language="de")
    lone_again = tables.rematch(db, lone.edit_token)
    assert tables.table_of_game(db, lone_again.edit_token) is None
    assert lone_again.game.edition.id == "yatzy"
    assert games.load_game(db, lone_again.edit_token).language == "de"  # every setting kept
    with pytest.raises(games.ReadOnly):
        tables.rematch(db, played.view_token)


def test_a_lone_game_moves_to_one_table_at_most(db, table):
    lone = games.create_game(db, ["Ann", "Bo"], "hasbro-1996")
    version = games.load_game(db, lone.edit_token).version
    moved = tables.move_game(db, lone.edit_token, table.edit_token)
    assert tables.table_of_game(db, lone.edit_token).id == moved.id == table.table.id
    assert games.load_game(db, lone.edit_token).version == version + 1  # its pages see the change
    assert tables.move_game(db, lone.edit_token, table.edit_token).version == moved.version  # again: nothing
    other = tables.create_table(db, "Other")
    with pytest.raises(tables.TableRefused):
        tables.move_game(db, lone.edit_token, other.edit_token)
    assert tables.open_table(db, other.edit_token).games == []
    with pytest.raises(games.ReadOnly):
        tables.move_game(db, games.create_game(db, ["Cy"], "yatzy").view_token, table.edit_token)
    assert [event.kind for event in tables.open_table(db, table.view_token).history] == ["move"]


def test_players_match_without_case_or_accents(db, table, play_at):
    assert player_key("Zoé") == player_key(" zoe ") == player_key("ZOÉ")
    assert player_key("Zoe") != player_key("Zoey")
    play_at(table.edit_token, ["Zoé", "Bo"], seed=1)
    play_at(table.edit_token, ["zoe", "Bo"], seed=2)
    players = {player.key: player for player in tables.open_table(db, table.view_token).players}
    assert set(players) == {"zoe", "bo"}
    assert players["zoe"].games == 2 and players["zoe"].spellings == ("zoe", "Zoé")  # newest first


def test_merging_two_spellings_renames_them_in_every_game_and_is_recorded(db, table, play_at):
    first = play_at(table.edit_token, ["Zoey", "Bo"], seed=1)
    second = play_at(table.edit_token, ["Zoé", "Bo"], seed=2)
    version = tables.load_table(db, table.edit_token).version
    merged = table_players.merge_players(db, table.edit_token, version, "zoe", "ZOEY")
    assert merged.version == version + 1
    assert games.load_game(db, first.edit_token).game.players == ("Zoé", "Bo")
    assert games.load_game(db, second.edit_token).game.players == ("Zoé", "Bo")
    contents = tables.open_table(db, table.view_token)
    assert [(p.name, p.games) for p in contents.players] == [("Bo", 2), ("Zoé", 2)]
    event = contents.history[-1]
    assert event.kind == "merge" and "Zoey" in str(event.message) and "Zoé" in str(event.message)


def test_a_rename_changes_every_spelling_and_keeps_the_scores(db, table, play_at):
    first = play_at(table.edit_token, ["zoe", "Bo"], seed=1)
    play_at(table.edit_token, ["Zoé", "Bo"], seed=2)
    totals = [card.grand_total for card in games.load_game(db, first.edit_token).game.cards]
    version = tables.load_table(db, table.edit_token).version
    table_players.rename_player(db, table.edit_token, version, "ZOE", " Zoë  Smith ")
    loaded = games.load_game(db, first.edit_token)
    assert loaded.game.players == ("Zoë Smith", "Bo")
    assert [card.grand_total for card in loaded.game.cards] == totals
    contents = tables.open_table(db, table.view_token)
    assert {p.name for p in contents.players} == {"Zoë Smith", "Bo"}
    assert contents.history[-1].kind == "rename"


@pytest.mark.parametrize(
    ("action", "old", "new"),
    [
        ("merge", "Ann", "Bo"),  # they played one game together
        ("rename", "Ann", "bo"),  # another player's name
        ("rename", "Nobody", "X"),
        ("merge", "Nobody", "Ann"),
        ("merge", "Ann", "ANN"),  # already one player
        ("rename", "Ann", ""),
        ("rename", "Ann", "x" * (names.NAME_MAX + 1)),
    ],
)
def test_a_rename_or_merge_that_cannot_be_is_refused_and_changes_nothing(
    db, table, play_at, action, old, new
):
    play_at(table.edit_token, ["Ann", "Bo"])
    before = tables.open_table(db, table.view_token)
    with pytest.raises(tables.TableRefused) as refused:
        if action == "merge":
            table_players.merge_players(db, table.edit_token, before.table.version, new, old)
        else:
            table_players.rename_player(db, table.edit_token, before.table.version, old, new)
    assert str(refused.value)
    after = tables.open_table(db, table.view_token)
    assert after.players == before.players and after.table.version == before.table.version


def test_a_rename_made_for_an_older_page_is_refused(db, table, play_at):
    play_at(table.edit_token, ["Ann", "Bo"])
    version = tables.load_table(db, table.edit_token).version
    table_players.rename_player(db, table.edit_token, version, "Ann", "Anna")
    with pytest.raises(tables.TableRefused):
        table_players.rename_player(db, table.edit_token, version, "Bo", "Bob")


def test_deleting_a_game_at_the_table_removes_its_rows(db, table, play_at):
    kept = play_at(table.edit_token, ["Ann", "Bo"], seed=1)
    gone = play_at(table.edit_token, ["Ann", "Cy"], seed=2)
    games.undo_turn(db, gone.edit_token, games.load_game(db, gone.edit_token).version)  # a history row
    before = row_counts(db)
    gone_id = tables.open_table(db, table.edit_token).games[1].id
    with pytest.raises(tables.TableRefused):
        tables.delete_game_at_table(db, tables.create_table(db, "Other").edit_token, gone_id)
    tables.delete_game_at_table(db, table.edit_token, gone_id)
    after = row_counts(db)
    assert after["games"] == before["games"] - 1
    assert after["players"] == before["players"] - 2
    assert after["entries"] == before["entries"] - (26 - 1)
    assert after["history"] == before["history"] - 1
    with pytest.raises(games.GameNotFound):
        games.load_game(db, gone.edit_token)
    assert games.load_game(db, kept.edit_token).game.is_over
    contents = tables.open_table(db, table.view_token)
    assert len(contents.games) == 1 and contents.history[-1].kind == "delete"
    with pytest.raises(tables.TableRefused):
        tables.delete_game_at_table(db, table.edit_token, gone_id)


def test_a_game_deleted_from_its_own_link_is_gone(db, table, play_at):
    created = play_at(table.edit_token, ["Ann", "Bo"])
    before = row_counts(db)
    tables.delete_game(db, created.edit_token)
    after = row_counts(db)
    assert (after["games"], after["entries"]) == (before["games"] - 1, before["entries"] - 26)
    with pytest.raises(games.GameNotFound):
        games.load_game(db, created.view_token)
    assert tables.open_table(db, table.view_token).history[-1].kind == "delete"


def test_deleting_a_table_removes_it_its_history_and_every_game_at_it(db, table, play_at):
    play_at(table.edit_token, ["Ann", "Bo"], seed=1)
    play_at(table.edit_token, ["Ann", "Bo"], seed=2)
    version = tables.load_table(db, table.edit_token).version
    table_players.rename_player(db, table.edit_token, version, "Ann", "Anna")
    lone = games.create_game(db, ["Cy"], "yatzy")
    other = tables.create_table(db, "Other")
    assert tables.delete_table(db, table.edit_token) == 2
    assert row_counts(db) == {
        "tables": 1,
        "table_history": 0,
        "games": 1,
        "players": 1,
        "entries": 0,
        "history": 0,
    }
    for token in (table.edit_token, table.view_token):
        with pytest.raises(tables.TableNotFound):
            tables.load_table(db, token)
    assert games.load_game(db, lone.edit_token).game.players == ("Cy",)
    assert tables.load_table(db, other.edit_token).name == "Other"
