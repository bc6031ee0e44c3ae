"""Where the time of recording a turn goes: the Flask app called in-process, timed and profiled.

Run: .venv/bin/python benchmarks/record_profile.py [--profile]

Records every turn of 6-player games through POST /g/<token>/turns as htmx does (CSRF off,
no network, no HTTP server), prints the median and p99 milliseconds per request (wall clock, and CPU
time), and with --profile the functions that take the most cumulative time (cProfile).
"""

from __future__ import annotations

import cProfile
import pstats
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from scorekeeper import create_app, storage
from scorekeeper.rules import Game, find_edition
from scorekeeper.services import games

NAMES = ["Annabelle", "Bo", "Cyrille", "Dee", "Evangeline", "Fred"]
GAMES = 4
SEED = 7


def turns(rng: random.Random) -> Iterator[tuple[int, tuple[int, ...], str]]:
    """(turn index, dice, box) for one whole 6-player game of legal random turns."""
    game = Game(NAMES, find_edition("hasbro-1996"))
    while not game.is_over:
        dice = tuple(rng.randint(1, 6) for _ in range(5))
        box = rng.choice(list(game.cards[game.current_player].options(dice)))  # keys in sheet order
        yield len(game.turns), dice, box
        game = game.play(dice, box)


def main() -> int:
    profile = "--profile" in sys.argv
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-profile-"))
    app = create_app(
        {
            "SECRET_KEY": "profile",
            "DATABASE_URL": f"sqlite:///{folder / 'p.db'}",
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": False,
        }
    )
    storage.upgrade(app)
    db = app.extensions[storage.DB_KEY]
    client = app.test_client()
    rng = random.Random(SEED)
    profiler = cProfile.Profile()
    samples: list[float] = []
    cpu: list[float] = []
    for number in range(GAMES + 1):  # the first game warms up (templates compiled)
        token = games.create_game(db, NAMES, "hasbro-1996").edit_token
        for index, dice, box in turns(rng):
            data = {"dice": "".join(map(str, dice)), "box": box, "turn": str(index)}
            start, start_cpu = time.perf_counter(), time.process_time()
            if profile and number:
                profiler.enable()
            response = client.post(
                f"/g/{token}/turns", data=data, headers={"HX-Request": "true", "Accept-Encoding": "gzip"}
            )
            if profile and number:
                profiler.disable()
            elapsed = (time.perf_counter() - start) * 1000
            used = (time.process_time() - start_cpu) * 1000
            assert response.status_code == 200, response.status_code
            if number:
                samples.append(elapsed)
                cpu.append(used)
    ordered = sorted(samples)
    print(
        f"Record a turn in-process, {len(samples)} turns of {GAMES} six-player games: "
        f"p50 {statistics.median(samples):.2f} ms, p99 {ordered[int(0.99 * len(ordered))]:.2f} ms; "
        f"CPU time p50 {statistics.median(cpu):.2f} ms (less sensitive to other load)"
    )
    if profile:
        stats = pstats.Stats(profiler)
        stats.sort_stats("cumulative").print_stats(30)
        stats.sort_stats("tottime").print_stats(15)
    storage.dispose(app)
    return 0


if __name__ == "__main__":
    sys.exit(main())
