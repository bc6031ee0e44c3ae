"""Times a Triple Yahtzee turn's web cost beside a Hasbro turn's: the options, then recording a box
(in a column), over the real forms of the server as `make run` starts it, the two games played turn
about in the same run so both meet the same load. The ratio is the figure (issue 25: within 1.5×).

Run: .venv/bin/python benchmarks/shape_web_bench.py [--turns 156] [--players 4]
Exits non-zero only when something crashes, never on a missed target.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repository, for tests.support
from benchmarks.web_bench import NAMES, Client, migrated_database, percentile, random_turn, verdict
from scorekeeper.rules import Game, find_edition
from tests.support.app_server import start_server, stop_server

RATIO_TARGET = 1.5  # a Triple Yahtzee turn's web cost against a Hasbro turn's
SEED = 2025
WARMUP = 20


def random_cell(game: Game, rng: random.Random) -> tuple[tuple[int, ...], str]:
    """random_turn for a sheet of several columns: a legal cell the engine offers, as "box:column"."""
    jokers = rng.random() < 0.08
    dice = (rng.randint(1, 6),) * 5 if jokers else tuple(rng.randint(1, 6) for _ in range(5))
    cell = rng.choice(list(game.cards[game.current_player].cell_options(dice)))
    return dice, f"{cell.box}:{cell.column}"


def shape_costs(client: Client, rng: random.Random, players: int, turns: int) -> dict[str, list[float]]:
    """A Hasbro turn's and a Triple Yahtzee turn's web cost (options + record, ms), turn about."""
    editions = {"hasbro-1996": random_turn, "triple-yahtzee": random_cell}
    names = NAMES[:players]
    games: dict[str, tuple[str, Game]] = {}
    costs: dict[str, list[float]] = {edition: [] for edition in editions}
    while min(len(taken) for taken in costs.values()) < turns:
        for edition, pick in editions.items():
            if edition not in games or games[edition][1].is_over:
                token = client.new_game(names, edition)
                client.get(f"/g/{token}")
                games[edition] = (token, Game(names, find_edition(edition)))
            token, game = games[edition]
            dice, choice = pick(game, rng)
            seconds = client.options(token, dice)
            seconds += client.record(token, len(game.turns), dice, choice)[1]
            costs[edition].append(seconds * 1000)
            box, _, column = choice.partition(":")
            games[edition] = (token, game.play(dice, box, int(column) if column else None))
    return costs


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--turns", type=int, default=156, help="turns timed of each edition")
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-shape-bench-"))
    env = {"SCOREKEEPER_SECRET_KEY": "shape-bench", "SCOREKEEPER_RATELIMIT_ENABLED": "false"}
    server = start_server(migrated_database(folder), folder, env=env, access_log=False)
    try:
        client = Client(server.port)
        load_before = os.getloadavg()[0]
        shape_costs(client, random.Random(SEED), args.players, WARMUP)  # templates compiled, connections open
        costs = shape_costs(client, random.Random(SEED), args.players, args.turns)
        load_after = os.getloadavg()[0]
    finally:
        stop_server(server)
        shutil.rmtree(folder, ignore_errors=True)
    hasbro, triple = (costs[e] for e in ("hasbro-1996", "triple-yahtzee"))
    ratio = statistics.median(triple) / statistics.median(hasbro)
    print(
        f"A turn's web cost (options + record), {args.players} players, {args.turns} turns each, turn about "
        f"(load {load_before:.1f} → {load_after:.1f}):"
    )
    for name, taken in (("Hasbro", hasbro), ("Triple Yahtzee", triple)):
        print(f"  {name:15} p50 {statistics.median(taken):6.2f} ms   p90 {percentile(taken, 90):6.2f} ms")
    print(f"  ratio of p50s {ratio:.2f}   target ≤ {RATIO_TARGET}: {verdict(ratio <= RATIO_TARGET)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
