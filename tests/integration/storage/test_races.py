"""Many phones at once, on both backends: exactly one write wins each race, the others get a stale-turn
refusal. SQLite queues the writers with BEGIN IMMEDIATE, PostgreSQL with SELECT ... FOR UPDATE."""

from __future__ import annotations

import multiprocessing
from collections import Counter
from functools import partial

import pytest
from sqlalchemy import event, text

from scorekeeper import storage
from scorekeeper.services import games
from scorekeeper.storage import records
from tests.support.races import race

pytestmark = pytest.mark.backends("sqlite", "postgresql")

THREADS = 8
ROUNDS = 20
NOT_A_YAHTZEE = (1, 2, 3, 4, 6)
# The statement that makes the losers wait for the winner before they read the game.
LOCK = {"sqlite": "BEGIN IMMEDIATE", "postgresql": "FOR UPDATE OF games"}


def stored_positions(db) -> list[int]:
    with db() as session:
        query = text("SELECT position FROM entries ORDER BY position")
        return session.execute(query).scalars().all()


def sound(db, backend: str) -> bool:
    """SQLite's own integrity check passes (PostgreSQL has no such check to ask)."""
    if backend != "sqlite":
        return True
    with db() as session:
        return session.execute(text("PRAGMA integrity_check")).scalar() == "ok"


def first_open(loaded):
    game = loaded.game
    return min(game.cards[game.current_player].open_boxes, key=game.edition.box_index)


@pytest.mark.slow
def test_eight_phones_recording_the_same_turn_store_it_exactly_once(app, db, make_game, monkeypatch, backend):
    token = make_game(players=["Ann", "Bo"]).edit_token
    statements: list[str] = []
    event.listen(
        storage.get_engine(app),
        "before_cursor_execute",
        lambda _c, _cur, statement, *_: statements.append(statement),
    )
    inserts = Counter()
    real_add_entry = records.add_entry

    def counted_add_entry(session, game_id, position, entry):
        inserts[position] += 1
        return real_add_entry(session, game_id, position, entry)

    monkeypatch.setattr(records, "add_entry", counted_add_entry)
    accepted = 0
    for turn in range(ROUNDS):
        game = games.load_game(db, token).game
        open_boxes = sorted(game.cards[game.current_player].open_boxes, key=game.edition.box_index)
        # Each phone picks a different box, so a second acceptance would show up as a change.
        calls = [
            partial(games.record_turn, db, token, turn, NOT_A_YAHTZEE, open_boxes[phone % len(open_boxes)])
            for phone in range(THREADS)
        ]
        outcomes = race(calls)
        kinds = Counter(kind for kind, _ in outcomes)
        assert kinds == {"ok": 1, "stale": THREADS - 1}, outcomes
        player = game.players[game.current_player]
        assert {value for kind, value in outcomes if kind == "stale"} == {
            f"{player}'s turn was already recorded."
        }
        accepted += kinds["ok"]

    loaded = games.load_game(db, token)
    assert accepted == ROUNDS == len(loaded.game.turns) == loaded.version
    assert stored_positions(db) == list(range(ROUNDS))
    for seat in range(2):
        boxes = [t.box for t in loaded.game.turns if t.player == seat]
        assert len(boxes) == len(set(boxes))
    # The lock queued the losers before they read the entries: none even tried to insert
    # (the unique key is only the last guard, not what decided these races).
    assert inserts == dict.fromkeys(range(ROUNDS), 1)
    assert any(LOCK[backend] in statement for statement in statements)
    assert sound(db, backend)


@pytest.mark.slow
def test_eight_phones_undoing_at_once_remove_one_turn(db, make_game, backend):
    token = make_game(turns=[("22456", "chance")] * 2 + [("12346", "ones")] * 2).edit_token
    outcomes = race([lambda: games.undo_turn(db, token, 4)] * THREADS)
    assert Counter(kind for kind, _ in outcomes) == {"ok": 1, "stale": THREADS - 1}
    loaded = games.load_game(db, token)
    assert (len(loaded.game.turns), loaded.version) == (3, 5)
    assert len(games.history(db, token)) == 1
    assert stored_positions(db) == [0, 1, 2]
    assert sound(db, backend)


@pytest.mark.slow
def test_a_correction_racing_a_recorded_turn_leaves_a_consistent_game(db, make_game, backend):
    token = make_game(turns=[("22456", "chance")]).edit_token
    for _ in range(5):
        loaded = games.load_game(db, token)
        turns, version = len(loaded.game.turns), loaded.version
        outcomes = race(
            [
                partial(games.record_turn, db, token, turns, NOT_A_YAHTZEE, first_open(loaded)),
                partial(games.correct_turn, db, token, version, 0, (2, 2, 4, 5, 6), "chance"),
            ]
            * 4
        )
        records_ok = [kind for kind, _ in outcomes[0::2]].count("ok")
        corrections_ok = [kind for kind, _ in outcomes[1::2]].count("ok")
        # One record wins; one correction wins only if it ran before the record bumped the version.
        assert records_ok == 1
        assert corrections_ok <= 1
        assert len(games.load_game(db, token).game.turns) == turns + 1
    assert sound(db, backend)


def _phone_process(db, token, turn, box, barrier, results):
    """One phone in its own forked process (as a server worker would be)."""
    barrier.wait()
    try:
        games.record_turn(db, token, turn, NOT_A_YAHTZEE, box)
        results.put("ok")
    except games.StaleTurn:
        results.put("stale")
    except Exception as error:  # reported to the parent, which fails the test
        results.put(repr(error))


@pytest.mark.slow
def test_processes_recording_the_same_turn_store_it_exactly_once(db, make_game, backend):
    context = multiprocessing.get_context("fork")
    token = make_game(players=["Ann"]).edit_token
    games.load_game(db, token)  # the parent's pool now holds a connection the children must not use
    processes = 4
    for turn, box in enumerate(["ones", "twos", "threes"]):
        barrier, results = context.Barrier(processes), context.Queue()
        workers = [
            context.Process(target=_phone_process, args=(db, token, turn, box, barrier, results))
            for _ in range(processes)
        ]
        for worker in workers:
            worker.start()
        outcomes = sorted(results.get(timeout=30) for _ in workers)
        for worker in workers:
            worker.join(timeout=30)
        assert outcomes == ["ok"] + ["stale"] * (processes - 1)
    assert [t.box for t in games.load_game(db, token).game.turns] == ["ones", "twos", "threes"]
    assert sound(db, backend)
