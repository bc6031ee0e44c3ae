"""The game use cases: create, load, record, undo, correct, coach, history, and every refusal."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import text

from scorekeeper.rules import Box, Game, Message, RuleViolation, find_edition
from scorekeeper.services import games, names
from scorekeeper.storage import records, tokens

# Every use case runs on SQLite and on PostgreSQL (a throwaway cluster; see tests/conftest.py).
pytestmark = pytest.mark.backends("sqlite", "postgresql")

NOT_A_YAHTZEE = (1, 2, 3, 4, 6)


def snapshot(db) -> dict[str, list[tuple]]:
    """Every stored row, to show that a refusal changed nothing."""
    with db() as session:
        return {
            table: sorted(map(tuple, session.execute(text(f"SELECT * FROM {table}"))), key=repr)
            for table in ("games", "players", "entries", "history")
        }


def first_open_box(loaded: games.LoadedGame) -> str:
    game = loaded.game
    return min(game.cards[game.current_player].open_boxes, key=game.edition.box_index)


def play_out(db, token: str, turns: int) -> games.LoadedGame:
    """Record `turns` more turns, each in the current player's first open box."""
    loaded = games.load_game(db, token)
    for _ in range(turns):
        loaded = games.record_turn(db, token, len(loaded.game.turns), NOT_A_YAHTZEE, first_open_box(loaded))
    return loaded


# -- creating and loading -------------------------------------------------------------


def test_a_new_game_loads_with_its_settings_and_no_turns(db):
    created = games.create_game(db, ["Ann", "Bo"], find_edition("hasbro-2016"), title="Friday", coach=True)
    loaded = games.load_game(db, created.edit_token)
    assert loaded.game.players == ("Ann", "Bo")
    assert loaded.game.turns == ()
    assert (loaded.title, loaded.edition, loaded.coach, loaded.version) == (
        "Friday",
        find_edition("hasbro-2016"),
        True,
        0,
    )
    assert loaded.access == "edit"
    assert loaded.edit_token == created.edit_token
    assert loaded.view_token == created.view_token
    assert loaded == created.game


def test_created_at_is_utc_aware_and_recent(db):
    loaded = games.load_game(db, games.create_game(db, ["Ann"], "hasbro-1996").edit_token)
    assert loaded.created_at.tzinfo is not None
    assert abs(datetime.now(UTC) - loaded.created_at) < timedelta(minutes=1)


def test_the_view_token_is_derived_one_way_from_the_edit_token(db):
    created = games.create_game(db, ["Ann"], "hasbro-1996")
    assert created.view_token == tokens.view_token_for(created.edit_token)
    assert created.view_token != created.edit_token
    assert len(created.edit_token) == 32  # 24 random bytes, URL-safe base64


def test_create_game_trims_names_and_title(db):
    created = games.create_game(db, ["  Ann ", "Bo"], "hasbro-1996", title="  Cup  ")
    loaded = games.load_game(db, created.edit_token)
    assert loaded.game.players == ("Ann", "Bo")
    assert loaded.title == "Cup"


@pytest.mark.parametrize(
    ("players", "title", "message"),
    [
        ([], "", "A game has 1 to 8 players."),
        ([f"P{i}" for i in range(9)], "", "A game has 1 to 8 players."),
        (["Ann", "   "], "", "Enter a name, or remove this player."),
        (["A" * 25], "", "A name has at most 24 characters."),
        (["Ann", " Ann"], "", "Ann is already playing; tell them apart, e.g. Ann 2."),
        (["Ann", "ANN"], "", "ANN is already playing; tell them apart, e.g. ANN 2."),
        (["Ann", "B\x00o"], "", "Use letters, digits and punctuation only."),
        (["Ann"], "T" * 61, "A title has at most 60 characters."),
        (["Ann"], "Cup\x00", "Use letters, digits and punctuation only."),
    ],
)
def test_create_game_refuses_bad_names_and_titles_and_stores_nothing(db, players, title, message):
    before = snapshot(db)
    with pytest.raises(games.BadSettings) as refusal:
        games.create_game(db, players, "hasbro-1996", title=title)
    assert str(refusal.value) == str(refusal.value.message) == message
    assert snapshot(db) == before


@pytest.mark.backends("sqlite")  # no database is touched: once is enough
def test_the_name_checker_gives_a_reason_per_seat_and_uses_the_shared_limits(backend):
    checked = names.check_players(["  Ann  Lee ", "", "ann lee", "N" * (names.NAME_MAX + 1), "Bo"])
    assert checked.names == ("Ann Lee", "", "ann lee", "N" * (names.NAME_MAX + 1), "Bo")
    assert {seat: str(reason) for seat, reason in checked.reasons.items()} == {
        1: "Enter a name, or remove this player.",
        2: "ann lee is already playing; tell them apart, e.g. ann lee 2.",
        3: f"A name has at most {names.NAME_MAX} characters.",
    }
    assert checked.reasons[3].params == {"max": names.NAME_MAX}
    assert checked.count is None
    assert str(names.check_players([]).count) == "A game has 1 to 8 players."
    assert names.check_title("  Friday   night ") == ("Friday night", None)
    _, reason = names.check_title("T" * (names.TITLE_MAX + 1))
    assert reason is not None and reason.params == {"max": names.TITLE_MAX}


def test_create_game_refuses_an_unknown_edition(db):
    before = snapshot(db)
    with pytest.raises(ValueError):
        games.create_game(db, ["Ann"], "hasbro-1492")
    assert snapshot(db) == before


# -- recording ------------------------------------------------------------------------


def test_recording_a_turn_moves_to_the_next_player_and_bumps_the_version(db, make_game):
    created = make_game(players=["Ann", "Bo"])
    loaded = games.record_turn(db, created.edit_token, 0, (2, 2, 4, 5, 6), "chance")
    assert loaded.game.current_player == 1
    assert loaded.version == 1
    turn = loaded.game.turns[0]
    assert (turn.player, turn.dice, turn.box, turn.points) == (0, (2, 2, 4, 5, 6), Box.CHANCE, 19)
    assert games.load_game(db, created.edit_token) == loaded


def test_dice_are_stored_sorted_as_text(db, make_game):
    created = make_game(turns=[((6, 5, 2, 4, 2), "chance")])
    with db() as session:
        assert session.execute(text("SELECT dice, box FROM entries")).all() == [("22456", "chance")]
    assert games.load_game(db, created.edit_token).game.turns[0].dice == (2, 2, 4, 5, 6)


def test_a_whole_six_player_game_replays_to_the_engines_totals(db, make_game):
    created = make_game(players=["Ann", "Bo", "Cy", "Di", "Ed", "Flo"])
    loaded = play_out(db, created.edit_token, 78)
    assert loaded.game.is_over
    again = games.load_game(db, created.edit_token)
    engine = Game.replay(
        again.game.players, find_edition("hasbro-1996"), [(t.dice, t.box) for t in again.game.turns]
    )
    assert [s.total for s in again.game.standings()] == [s.total for s in engine.standings()]
    assert again.version == 78


def test_yahtzee_bonus_and_joker_survive_a_reload(db, make_game):
    created = make_game(
        players=["Ann"],
        turns=[("66666", "yahtzee"), ("66666", "sixes"), ("66666", "large_straight")],
    )
    game = games.load_game(db, created.edit_token).game
    assert [t.points for t in game.turns] == [50, 30, 40]
    assert game.cards[0].yahtzee_bonus_count == 2


@pytest.mark.parametrize(
    ("dice", "box"),
    [
        ((2, 2, 4, 5), "chance"),  # four dice
        ((2, 2, 4, 5, 7), "chance"),  # a 7
        ("22456", "chance"),  # text: the web parses dice, the engine takes ints
        ((2, 2, 4, 5, 6), "bonus"),  # no such box
        ((2, 2, 4, 5, 6), "ones"),  # already filled by Ann
        ((5, 5, 5, 5, 5), "chance"),  # the joker: Fives is open, so the extra Yahtzee must go there
    ],
)
def test_a_refused_move_raises_the_engines_reason_and_stores_nothing(db, make_game, dice, box):
    created = make_game(players=["Ann"], turns=[("11234", "ones"), ("55555", "yahtzee")])
    before = snapshot(db)
    with pytest.raises(RuleViolation):
        games.record_turn(db, created.edit_token, 2, dice, box)
    assert snapshot(db) == before


def test_a_finished_game_refuses_another_turn(db, make_game):
    created = make_game(players=["Ann"])
    loaded = play_out(db, created.edit_token, 13)
    before = snapshot(db)
    with pytest.raises(RuleViolation, match=r"game is over"):
        games.record_turn(db, created.edit_token, 13, NOT_A_YAHTZEE, "chance")
    assert snapshot(db) == before
    assert loaded.game.is_over


def test_a_double_submit_records_the_turn_once(db, make_game):
    created = make_game(players=["Ann", "Bo"])
    games.record_turn(db, created.edit_token, 0, (2, 2, 4, 5, 6), "chance")
    before = snapshot(db)
    with pytest.raises(games.StaleTurn) as refusal:
        games.record_turn(db, created.edit_token, 0, (2, 2, 4, 5, 6), "chance")
    assert refusal.value.message == Message("%(player)s's turn was already recorded.", {"player": "Ann"})
    assert str(refusal.value) == str(refusal.value.message) == "Ann's turn was already recorded."
    assert len(refusal.value.game.game.turns) == 1  # the fresh sheet comes with it
    assert snapshot(db) == before


def test_a_stale_form_names_the_player_whose_turn_it_was(db, make_game):
    created = make_game(players=["Ann", "Bo"], turns=[("22456", "chance"), ("22456", "chance")])
    with pytest.raises(games.StaleTurn, match=r"^Bo's turn was already recorded.$"):
        games.record_turn(db, created.edit_token, 1, NOT_A_YAHTZEE, "ones")


def test_a_form_made_before_an_undo_is_stale(db, make_game):
    created = make_game(turns=[("22456", "chance"), ("22456", "chance")])
    games.undo_turn(db, created.edit_token, 2)
    before = snapshot(db)
    with pytest.raises(games.StaleTurn, match=r"The sheet changed on another phone."):
        games.record_turn(db, created.edit_token, 2, NOT_A_YAHTZEE, "ones")
    assert snapshot(db) == before


@pytest.mark.parametrize("expected_turn", ["0", None, 0.0, True])
def test_an_expected_turn_that_is_not_an_int_is_stale(db, make_game, expected_turn):
    created = make_game()
    with pytest.raises(games.StaleTurn):
        games.record_turn(db, created.edit_token, expected_turn, NOT_A_YAHTZEE, "ones")
    assert games.load_game(db, created.edit_token).game.turns == ()


def test_the_unique_position_guard_turns_a_race_it_missed_into_a_stale_turn(db, make_game, monkeypatch):
    created = make_game(turns=[("22456", "chance")])
    real = records.load_entries
    calls = []

    def blind_once(session, game_id):
        # Pretend the lock failed once: this writer misses the turn another writer stored.
        calls.append(game_id)
        entries = real(session, game_id)
        return entries[:-1] if len(calls) == 1 else entries

    monkeypatch.setattr(records, "load_entries", blind_once)
    with pytest.raises(games.StaleTurn, match=r"Ann's turn was already recorded.") as refusal:
        games.record_turn(db, created.edit_token, 0, NOT_A_YAHTZEE, "ones")
    assert len(refusal.value.game.game.turns) == 1
    loaded = games.load_game(db, created.edit_token)
    assert [(t.box, t.points) for t in loaded.game.turns] == [(Box.CHANCE, 19)]
    assert loaded.version == 1


# -- undo -----------------------------------------------------------------------------


def test_undo_removes_the_last_turn_and_keeps_it_in_history(db, make_game):
    created = make_game(turns=[("22456", "chance"), ("66666", "yahtzee")])
    loaded = games.undo_turn(db, created.edit_token, 2)
    assert [t.box for t in loaded.game.turns] == [Box.CHANCE]
    assert loaded.version == 3
    assert games.load_game(db, created.edit_token) == loaded
    [event] = games.history(db, created.edit_token)
    assert event.kind == "undo"
    assert event.summary == str(event.message) == "Undid Bo's turn in round 1: 6 6 6 6 6 in Yahtzee for 50."
    phrase = event.message.params["turn"]  # the turn phrase, translatable on its own
    assert str(phrase) == "6 6 6 6 6 in Yahtzee for 50"
    assert phrase.params["box"] == Message("Yahtzee")  # and the box name inside it


def test_undo_with_nothing_to_undo_is_refused_and_stores_nothing(db, make_game):
    created = make_game()
    before = snapshot(db)
    with pytest.raises(RuleViolation, match=r"no turn to undo"):
        games.undo_turn(db, created.edit_token, 0)
    assert snapshot(db) == before


def test_undo_from_a_stale_page_is_refused_and_stores_nothing(db, make_game):
    created = make_game(turns=[("22456", "chance")])
    before = snapshot(db)
    with pytest.raises(games.StaleTurn, match=r"The sheet changed on another phone.") as refusal:
        games.undo_turn(db, created.edit_token, 0)
    assert refusal.value.game.version == 1
    assert snapshot(db) == before


def test_a_double_undo_removes_only_one_turn(db, make_game):
    created = make_game(turns=[("22456", "chance"), ("22456", "chance")])
    games.undo_turn(db, created.edit_token, 2)
    with pytest.raises(games.StaleTurn):
        games.undo_turn(db, created.edit_token, 2)
    assert len(games.load_game(db, created.edit_token).game.turns) == 1


# -- correct --------------------------------------------------------------------------


def test_a_correction_replaces_the_turn_and_replays_the_later_ones(db, make_game):
    created = make_game(
        players=["Ann"], turns=[("66666", "yahtzee"), ("66666", "sixes"), ("12345", "chance")]
    )
    # Ann's first Yahtzee becomes a scratch: the later extra Yahtzee earns no bonus any more.
    loaded = games.correct_turn(db, created.edit_token, 3, 0, (1, 2, 3, 4, 6), "yahtzee")
    assert [t.points for t in loaded.game.turns] == [0, 30, 15]
    assert loaded.game.cards[0].yahtzee_bonus_count == 0
    assert games.load_game(db, created.edit_token) == loaded
    [event] = games.history(db, created.edit_token)
    assert event.kind == "correct"
    assert event.summary == (
        "Corrected Ann's turn in round 1: 6 6 6 6 6 in Yahtzee for 50 → 1 2 3 4 6 in Yahtzee for 0."
    )


def test_a_correction_summary_mentions_a_yahtzee_bonus(db, make_game):
    created = make_game(players=["Ann"], turns=[("66666", "yahtzee"), ("12346", "sixes")])
    games.correct_turn(db, created.edit_token, 2, 1, (6, 6, 6, 6, 6), "sixes")
    [event] = games.history(db, created.edit_token)
    assert event.summary.endswith("→ 6 6 6 6 6 in Sixes for 30, +100 Yahtzee bonus.")


def test_a_correction_that_makes_a_later_turn_illegal_is_refused_and_changes_nothing(db, make_game):
    created = make_game(players=["Ann"], turns=[("12346", "chance"), ("22456", "twos")])
    before = snapshot(db)
    with pytest.raises(RuleViolation, match=r"turn 2 \(round 2, Ann\)"):
        games.correct_turn(db, created.edit_token, 2, 0, (2, 2, 4, 5, 6), "twos")
    assert snapshot(db) == before


@pytest.mark.parametrize("turn_index", [-1, 1, 99])
def test_correcting_a_turn_that_does_not_exist_is_refused(db, make_game, turn_index):
    created = make_game(turns=[("22456", "chance")])
    before = snapshot(db)
    with pytest.raises(RuleViolation):
        games.correct_turn(db, created.edit_token, 1, turn_index, NOT_A_YAHTZEE, "ones")
    assert snapshot(db) == before


def test_a_correction_from_a_stale_page_is_refused_and_changes_nothing(db, make_game):
    created = make_game(turns=[("22456", "chance"), ("22456", "chance")])
    before = snapshot(db)
    with pytest.raises(games.StaleTurn, match=r"The sheet changed on another phone."):
        games.correct_turn(db, created.edit_token, 1, 0, NOT_A_YAHTZEE, "ones")
    assert snapshot(db) == before


# -- coach and history ---------------------------------------------------------------


def test_the_coach_switch_is_kept_and_listed_in_history(db, make_game):
    created = make_game()
    on = games.set_coach(db, created.edit_token, True)
    assert (on.coach, on.version) == (True, 1)
    off = games.set_coach(db, created.edit_token, False)
    assert (off.coach, off.version) == (False, 2)
    assert games.load_game(db, created.edit_token) == off
    assert [(e.kind, e.summary) for e in games.history(db, created.edit_token)] == [
        ("coach", "Coach turned on."),
        ("coach", "Coach turned off."),
    ]


def test_switching_the_coach_to_its_current_state_changes_nothing(db, make_game):
    created = make_game(coach=True)
    before = snapshot(db)
    assert games.set_coach(db, created.edit_token, True).version == 0
    assert snapshot(db) == before


def test_history_lists_events_oldest_first_with_utc_times(db, make_game):
    created = make_game(turns=[("22456", "chance"), ("22456", "chance")])
    games.undo_turn(db, created.edit_token, 2)
    games.set_coach(db, created.edit_token, True)
    games.correct_turn(db, created.edit_token, 4, 0, NOT_A_YAHTZEE, "ones")
    events = games.history(db, created.edit_token)
    assert [e.kind for e in events] == ["undo", "coach", "correct"]
    assert all(e.at.tzinfo is not None for e in events)
    assert [e.at for e in events] == sorted(e.at for e in events)


def test_game_version_follows_every_change(db, make_game):
    created = make_game()
    token = created.edit_token
    assert games.game_version(db, token) == 0
    games.record_turn(db, token, 0, NOT_A_YAHTZEE, "ones")
    games.record_turn(db, token, 1, NOT_A_YAHTZEE, "ones")
    games.undo_turn(db, token, 2)
    games.correct_turn(db, token, 3, 0, NOT_A_YAHTZEE, "twos")
    games.set_coach(db, token, True)
    assert games.game_version(db, token) == 5
    assert games.game_version(db, created.view_token) == 5
    assert games.load_game(db, token).version == 5


# -- tokens ---------------------------------------------------------------------------


def test_the_view_token_opens_the_game_read_only(db, make_game):
    created = make_game(turns=[("22456", "chance")])
    loaded = games.load_game(db, created.view_token)
    assert loaded.access == "view"
    assert loaded.edit_token is None
    assert loaded.view_token == created.view_token
    assert loaded.game == games.load_game(db, created.edit_token).game
    assert games.history(db, created.view_token) == []


@pytest.mark.parametrize(
    "write",
    [
        lambda db, token: games.record_turn(db, token, 1, NOT_A_YAHTZEE, "ones"),
        lambda db, token: games.undo_turn(db, token, 1),
        lambda db, token: games.correct_turn(db, token, 1, 0, NOT_A_YAHTZEE, "ones"),
        lambda db, token: games.set_coach(db, token, True),
    ],
    ids=["record", "undo", "correct", "coach"],
)
def test_the_view_token_cannot_write(db, make_game, write):
    created = make_game(turns=[("22456", "chance")])
    before = snapshot(db)
    with pytest.raises(games.ReadOnly):
        write(db, created.view_token)
    assert snapshot(db) == before


def not_tokens(created: games.Created) -> list[object]:
    """Strings and values that must open no game."""
    edit = created.edit_token
    flipped = edit[:-1] + ("A" if edit[-1] != "A" else "B")
    return [
        flipped,
        edit.upper() if edit.upper() != edit else edit.lower(),
        edit + "x",
        edit[:-1],
        "",
        "a" * 1000,
        "é" * 32,
        "\ud800",
        "../" + edit,
        None,
        42,
        tokens.token_hash(edit),
    ]


@pytest.mark.parametrize(
    "use",
    [
        lambda db, token: games.load_game(db, token),
        lambda db, token: games.game_version(db, token),
        lambda db, token: games.history(db, token),
        lambda db, token: games.record_turn(db, token, 0, NOT_A_YAHTZEE, "ones"),
        lambda db, token: games.undo_turn(db, token, 0),
        lambda db, token: games.correct_turn(db, token, 0, 0, NOT_A_YAHTZEE, "ones"),
        lambda db, token: games.set_coach(db, token, True),
    ],
    ids=["load", "version", "history", "record", "undo", "correct", "coach"],
)
def test_an_unknown_token_is_not_found_and_changes_nothing(db, make_game, use):
    created = make_game()
    before = snapshot(db)
    for token in not_tokens(created):
        with pytest.raises(games.GameNotFound):
            use(db, token)
    assert snapshot(db) == before


@pytest.mark.backends("sqlite")  # reads the raw database file
def test_only_hashes_of_tokens_are_stored(db, make_game, database_path):
    created = make_game(title="Cup")
    with db() as session:
        stored = session.execute(text("SELECT edit_hash, view_hash FROM games")).one()
    assert stored == (tokens.token_hash(created.edit_token), tokens.token_hash(created.view_token))
    assert created.edit_token not in stored and created.view_token not in stored
    raw = b"".join(path.read_bytes() for path in database_path.parent.glob("scorekeeper.db*"))
    assert b"Cup" in raw  # the search itself works
    assert created.edit_token.encode() not in raw
    assert created.view_token.encode() not in raw


def test_two_games_do_not_see_each_other(db, make_game):
    first = make_game(players=["Ann"], turns=[("22456", "chance")])
    second = make_game(players=["Bo"])
    assert games.load_game(db, second.edit_token).game.turns == ()
    assert games.load_game(db, first.edit_token).game.players == ("Ann",)


# -- refusals carry the game ---------------------------------------------------------


def test_a_refused_turn_carries_the_game_as_it_stands(db, make_game):
    created = make_game(turns=[("22456", "chance"), ("22456", "chance")])
    before = snapshot(db)
    with pytest.raises(games.Refused, match=r"^Chance is already filled\.$") as refusal:
        games.record_turn(db, created.edit_token, 2, NOT_A_YAHTZEE, "chance")
    assert isinstance(refusal.value, RuleViolation)
    assert refusal.value.message.params["box"] == Message("Chance")
    assert refusal.value.game == games.load_game(db, created.edit_token)
    assert snapshot(db) == before


def test_a_refused_undo_or_correction_carries_the_game_too(db, make_game):
    created = make_game(turns=[("12346", "chance")])
    with pytest.raises(games.Refused) as refusal:
        games.correct_turn(db, created.edit_token, 1, 0, NOT_A_YAHTZEE, "no_such_box")
    assert refusal.value.game.version == 1
    games.undo_turn(db, created.edit_token, 1)
    with pytest.raises(games.Refused, match=r"no turn to undo") as refusal:
        games.undo_turn(db, created.edit_token, 2)
    assert refusal.value.game.game.turns == ()


# -- Scandinavian Yatzy, free and forced ------------------------------------------------


def test_a_yatzy_game_is_created_recorded_undone_and_corrected_by_its_own_rules(db):
    created = games.create_game(db, ["Ann", "Bo"], "yatzy")
    token = created.edit_token
    assert created.game.edition is find_edition("yatzy") and created.game.game.rounds == 15
    loaded = games.record_turn(db, token, 0, (3, 3, 5, 5, 6), "two_pairs")
    loaded = games.record_turn(db, token, 1, (6, 6, 6, 6, 6), "yatzy")
    assert [(t.box, t.points, t.bonus) for t in loaded.game.turns] == [
        ("two_pairs", 16, 0),
        ("yatzy", 50, 0),
    ]
    loaded = games.record_turn(db, token, 2, (1, 1, 1, 1, 1), "one_pair")
    assert loaded.game.turns[-1].points == 2  # the highest pair, and no joker in Yatzy
    loaded = games.undo_turn(db, token, loaded.version)
    assert len(loaded.game.turns) == 2
    loaded = games.correct_turn(db, token, loaded.version, 0, (2, 2, 2, 3, 3), "full_house")
    assert loaded.game.turns[0].points == 12  # Yatzy's full house scores the sum of the dice
    reopened = games.load_game(db, token)
    assert reopened == loaded and reopened.edition.id == "yatzy"
    assert [(e.kind, e.summary) for e in games.history(db, token)] == [
        ("undo", "Undid Ann's turn in round 2: 1 1 1 1 1 in One pair for 2."),
        (
            "correct",
            "Corrected Ann's turn in round 1: 3 3 5 5 6 in Two pairs for 16 → "
            "2 2 2 3 3 in Full house for 12.",
        ),
    ]


def test_yatzy_refuses_a_box_hasbro_has_and_stores_nothing(db):
    created = games.create_game(db, ["Ann"], "yatzy")
    before = snapshot(db)
    with pytest.raises(games.Refused, match=r"^There is no box called 'yahtzee'\.$"):
        games.record_turn(db, created.edit_token, 0, (6, 6, 6, 6, 6), "yahtzee")
    assert snapshot(db) == before


def test_forced_yatzy_takes_only_the_first_open_box_and_names_it_when_refusing(db):
    created = games.create_game(db, ["Ann"], "yatzy-forced")
    token = created.edit_token
    loaded = games.record_turn(db, token, 0, (2, 3, 4, 5, 6), "ones")  # a scratch is allowed
    assert loaded.game.turns[0].points == 0
    before = snapshot(db)
    with pytest.raises(games.Refused) as refusal:
        games.record_turn(db, token, 1, (6, 6, 6, 6, 6), "yatzy")
    assert str(refusal.value) == "Forced order: Twos must be filled now."
    assert refusal.value.message.params["box"] == Message("Twos")
    assert snapshot(db) == before
    loaded = games.record_turn(db, token, 1, (2, 2, 3, 4, 5), "twos")
    # A correction must keep every later turn in order too.
    with pytest.raises(games.Refused, match=r"^Forced order: Ones must be filled now\.$"):
        games.correct_turn(db, token, loaded.version, 0, (1, 1, 1, 1, 1), "twos")
    loaded = games.correct_turn(db, token, loaded.version, 0, (1, 1, 1, 1, 1), "ones")
    assert [(t.box, t.points) for t in loaded.game.turns] == [("ones", 5), ("twos", 4)]
    loaded = games.undo_turn(db, token, loaded.version)
    assert [t.box for t in loaded.game.turns] == ["ones"]


def test_a_whole_forced_yatzy_game_ends_after_fifteen_rounds(db):
    created = games.create_game(db, ["Ann", "Bo"], find_edition("yatzy-forced"))
    loaded = play_out(db, created.edit_token, 30)
    assert loaded.game.is_over
    assert [t.box for t in loaded.game.turns[::2]] == list(find_edition("yatzy-forced").box_keys)
    assert games.load_game(db, created.edit_token) == loaded
