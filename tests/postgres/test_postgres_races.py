"""Phones racing on PostgreSQL: SELECT ... FOR UPDATE lets exactly one write win each race."""

from __future__ import annotations

import multiprocessing
from collections import Counter

import pytest
from sqlalchemy import event, text

from race_support import race

from scorekeeper import games, storage
from scorekeeper.storage import records

pytestmark = pytest.mark.backends("postgresql")

THREADS = 8
ROUNDS = 20
NOT_A_YAHTZEE = (1, 2, 3, 4, 6)



def stored_positions(db) -> list[int]:
    with db() as session:
        query = text("SELECT position FROM entries ORDER BY position")
        return session.execute(query).scalars().all()


def test_eight_phones_recording_the_same_turn_store_it_once_per_round(
    app, db, make_game, monkeypatch
):
    token = make_game(players=["Ann", "Bo"]).edit_token
    statements: list[str] = []
    event.listen(storage.get_engine(app), "before_cursor_execute",
                 lambda _c, _cur, statement, *_: statements.append(statement))
    inserts = Counter()
    real_add_entry = records.add_entry

    def counted_add_entry(session, game_id, position, dice, box):
        inserts[position] += 1
        return real_add_entry(session, game_id, position, dice, box)

    monkeypatch.setattr(records, "add_entry", counted_add_entry)
    for turn in range(ROUNDS):
        game = games.load_game(db, token).game
        open_boxes = sorted(game.cards[game.current_player].open_boxes, key=game.rules.box_index)
        # Each phone picks a different box, so a second acceptance would show up as a change.
        calls = [
            (lambda box=open_boxes[phone % len(open_boxes)]: games.record_turn(
                db, token, turn, NOT_A_YAHTZEE, box))
            for phone in range(THREADS)
        ]
        outcomes = race(calls)
        assert Counter(kind for kind, _ in outcomes) == {"ok": 1, "stale": THREADS - 1}, outcomes
        player = game.players[game.current_player]
        assert {value for kind, value in outcomes if kind == "stale"} == {
            f"{player}'s turn was already recorded."
        }

    loaded = games.load_game(db, token)
    assert len(loaded.game.turns) == loaded.version == ROUNDS
    assert stored_positions(db) == list(range(ROUNDS))
    for seat in range(2):
        boxes = [t.box for t in loaded.game.turns if t.player == seat]
        assert len(boxes) == len(set(boxes))
    # The row lock queued the losers before they read the entries: none even tried to insert
    # (the unique key is only the last guard, not what decided these races).
    assert inserts == {position: 1 for position in range(ROUNDS)}
    assert any("FOR UPDATE OF games" in statement for statement in statements)


def test_eight_phones_undoing_at_once_remove_one_turn_on_postgresql(db, make_game):
    token = make_game(turns=[("22456", "chance")] * 2 + [("12346", "ones")] * 2).edit_token
    outcomes = race([lambda: games.undo_turn(db, token, 4)] * THREADS)
    assert Counter(kind for kind, _ in outcomes) == {"ok": 1, "stale": THREADS - 1}
    loaded = games.load_game(db, token)
    assert (len(loaded.game.turns), loaded.version) == (3, 5)
    assert len(games.history(db, token)) == 1
    assert stored_positions(db) == [0, 1, 2]


def _phone_process(db, token, turn, box, barrier, results):
    """One phone in its own forked process (as a gunicorn worker would be)."""
    barrier.wait()
    try:
        games.record_turn(db, token, turn, NOT_A_YAHTZEE, box)
        results.put("ok")
    except games.StaleTurn:
        results.put("stale")
    except Exception as error:  # reported to the parent, which fails the test
        results.put(repr(error))


def test_forked_workers_recording_the_same_turn_store_it_once_on_postgresql(db, make_game):
    context = multiprocessing.get_context("fork")
    token = make_game(players=["Ann"]).edit_token
    games.load_game(db, token)  # the parent's pool now holds a connection the children must not use
    processes = 4
    for turn, box in enumerate(["ones", "twos"]):
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
    assert [t.box for t in games.load_game(db, token).game.turns] == ["ones", "twos"]
