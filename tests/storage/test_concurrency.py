"""Many phones at once: exactly one write wins each race, the others get a stale-turn refusal."""

from __future__ import annotations

from collections import Counter

import pytest
from sqlalchemy import text

from race_support import race

from scorekeeper import games

THREADS = 8
ROUNDS = 20
NOT_A_YAHTZEE = (1, 2, 3, 4, 6)



def integrity_ok(db) -> bool:
    with db() as session:
        return session.execute(text("PRAGMA integrity_check")).scalar() == "ok"


@pytest.mark.slow
def test_eight_phones_recording_the_same_turn_store_it_exactly_once(db, make_game):
    created = make_game(players=["Ann", "Bo"])
    token = created.edit_token
    accepted = 0
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
        kinds = Counter(kind for kind, _ in outcomes)
        assert kinds == {"ok": 1, "stale": THREADS - 1}, outcomes
        player = game.players[game.current_player]
        assert {value for kind, value in outcomes if kind == "stale"} == {
            f"{player}'s turn was already recorded."
        }
        accepted += kinds["ok"]

    loaded = games.load_game(db, token)
    assert accepted == ROUNDS == len(loaded.game.turns) == loaded.version
    with db() as session:
        query = text("SELECT position FROM entries ORDER BY position")
        positions = session.execute(query).scalars().all()
    assert positions == list(range(ROUNDS))
    for seat in range(2):
        boxes = [t.box for t in loaded.game.turns if t.player == seat]
        assert len(boxes) == len(set(boxes))
    assert integrity_ok(db)


@pytest.mark.slow
def test_eight_phones_undoing_at_once_remove_one_turn(db, make_game):
    created = make_game(turns=[("22456", "chance")] * 2 + [("12346", "ones")] * 2)
    token = created.edit_token
    outcomes = race([lambda: games.undo_turn(db, token, 4)] * THREADS)
    assert Counter(kind for kind, _ in outcomes) == {"ok": 1, "stale": THREADS - 1}
    loaded = games.load_game(db, token)
    assert (len(loaded.game.turns), loaded.version) == (3, 5)
    assert len(games.history(db, token)) == 1
    assert integrity_ok(db)


@pytest.mark.slow
def test_a_correction_racing_a_recorded_turn_leaves_a_consistent_game(db, make_game):
    created = make_game(turns=[("22456", "chance")])
    token = created.edit_token
    for _ in range(5):
        loaded = games.load_game(db, token)
        turns, version = len(loaded.game.turns), loaded.version
        outcomes = race([
            lambda: games.record_turn(db, token, turns, NOT_A_YAHTZEE, first_open(loaded)),
            lambda: games.correct_turn(db, token, version, 0, (2, 2, 4, 5, 6), "chance"),
        ] * 4)
        records_ok = [kind for kind, _ in outcomes[0::2]].count("ok")
        corrections_ok = [kind for kind, _ in outcomes[1::2]].count("ok")
        # One record wins; one correction wins only if it ran before the record bumped the version.
        assert records_ok == 1
        assert corrections_ok <= 1
        assert len(games.load_game(db, token).game.turns) == turns + 1
    assert integrity_ok(db)


def first_open(loaded):
    game = loaded.game
    return min(game.cards[game.current_player].open_boxes, key=game.rules.box_index)


def _phone_process(db, token, turn, box, barrier, results):
    """One phone in its own process (as a gunicorn worker would be)."""
    barrier.wait()
    try:
        games.record_turn(db, token, turn, NOT_A_YAHTZEE, box)
        results.put("ok")
    except games.StaleTurn:
        results.put("stale")
    except Exception as error:  # reported to the parent, which fails the test
        results.put(repr(error))


@pytest.mark.slow
def test_processes_recording_the_same_turn_store_it_exactly_once(db, make_game):
    import multiprocessing

    context = multiprocessing.get_context("fork")
    created = make_game(players=["Ann"])
    games.load_game(db, created.edit_token)  # the parent's pool now holds a connection
    processes = 4
    for turn, box in enumerate(["ones", "twos", "threes"]):
        barrier, results = context.Barrier(processes), context.Queue()
        workers = [
            context.Process(
                target=_phone_process,
                args=(db, created.edit_token, turn, box, barrier, results),
            )
            for _ in range(processes)
        ]
        for worker in workers:
            worker.start()
        outcomes = sorted(results.get(timeout=30) for _ in workers)
        for worker in workers:
            worker.join(timeout=30)
        assert outcomes == ["ok"] + ["stale"] * (processes - 1)
    loaded = games.load_game(db, created.edit_token)
    assert [t.box for t in loaded.game.turns] == ["ones", "twos", "threes"]
    assert integrity_ok(db)
