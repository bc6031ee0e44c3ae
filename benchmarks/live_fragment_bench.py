"""What a table's live refreshes cost: every phone rendering the fragment, or the first render shared.

Run: .venv/bin/python benchmarks/live_fragment_bench.py [--games 3] [--phones 4]

After each turn of 4-player games, each phone fetches the fresh fragment (GET /g/<token> with
HX-Request, CSRF on, each phone its own session), through the Flask app in-process (no network,
no HTTP server). Measured in the same run with the shared fragment on and off (LIVE_FRAGMENT_CACHE):
CPU milliseconds per refresh (p50, mean) and per turn for the whole table, and their ratio. CPU
time, not wall time, as the machine is shared.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from scorekeeper import create_app, storage
from scorekeeper.rules import Game, find_edition
from scorekeeper.services import games

PLAYERS = ["Annabelle", "Bo", "Cyrille", "Dee"]
SEED = 7


def play_one(rng: random.Random, game: Game) -> tuple[tuple[int, ...], str]:
    dice = tuple(rng.randint(1, 6) for _ in range(5))
    return dice, rng.choice(list(game.cards[game.current_player].options(dice)))


def measure(shared: bool, games_played: int, phones: int) -> list[float]:
    """CPU ms of every refresh, over whole games (the first game only warms up)."""
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-live-"))
    app = create_app(
        {
            "SECRET_KEY": "live-bench",
            "DATABASE_URL": f"sqlite:///{folder / 'l.db'}",
            "RATELIMIT_ENABLED": False,
            "LIVE_FRAGMENT_CACHE": shared,
        }
    )
    storage.upgrade(app)
    db = app.extensions[storage.DB_KEY]
    clients = [app.test_client() for _ in range(phones)]
    rng = random.Random(SEED)
    cpu: list[float] = []
    for number in range(games_played + 1):
        created = games.create_game(db, PLAYERS, "hasbro-1996")
        game = Game(PLAYERS, find_edition("hasbro-1996"))
        while not game.is_over:
            dice, box = play_one(rng, game)
            games.record_turn(db, created.edit_token, len(game.turns), dice, box)
            game = game.play(dice, box)
            for client in clients:
                start = time.process_time()
                response = client.get(f"/g/{created.edit_token}", headers={"HX-Request": "true"})
                used = (time.process_time() - start) * 1000
                assert response.status_code == 200, response.status_code
                if number:
                    cpu.append(used)
    storage.dispose(app)
    return cpu


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--phones", type=int, default=4)
    args = parser.parse_args()
    rows = {}
    for label, shared in (("every phone renders", False), ("first render shared", True)):
        cpu = measure(shared, args.games, args.phones)
        rows[label] = statistics.mean(cpu) * args.phones
        print(
            f"{label:>20}: {len(cpu)} refreshes, CPU per refresh p50 {statistics.median(cpu):.2f} ms, "
            f"mean {statistics.mean(cpu):.2f} ms; per turn for the table's {args.phones} phones "
            f"{rows[label]:.1f} ms",
            flush=True,
        )
    before, after = rows["every phone renders"], rows["first render shared"]
    print(f"shared / every phone: {after / before:.2f} of the CPU per turn ({before / after:.1f}x less)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
