"""Chance-to-win benchmark: the final-score distribution's accuracy, win chances, calibration and speed.

Printed, per edition with a coach:
- accuracy: for STATES random mid-game sheets (the coach's keeps, its box four times in five, else a
  random allowed box), the distribution's mean against expected_final (exact sheets: to 1e-6 is the
  target) and its Kolmogorov distance to ROLLOUTS games played on from the sheet (target <= 0.01);
- win chances for POSITIONS random 2- to 6-player positions against ROLLOUTS paired games per
  player (target: within 1 percentage point);
- calibration over GAMES simulated games of 2 and of 4 coach players: the chances predicted at the
  start of every round, in buckets of 10 points (observed win frequency within 2 points of the
  mean prediction is the target), and the Brier score;
- speed: win chances of an 8-player game at several rounds, median of REPEATS (target <= 50 ms),
  cold (every per-state cache emptied first) and cached (the same sheets again).

    .venv/bin/python benchmarks/chances_bench.py [--editions hasbro-1996,...] [--states 50]
        [--rollouts 200000] [--positions 20] [--games 20000] [--players 2,4] [--repeats 7]

Figures measured on this 2-core machine (shared, often with a second benchmark running), as
scorekeeper/advisor/distribution.py stands (exact with up to six boxes open; the chance table,
spectrum.py, with seven or more; value tables in float64):

- Accuracy, 50 random sheets per edition, KS to 200,000 games each (sampling alone ~0.002):
  hasbro-1996: 16 exact (mean gap max 3.4e-13, KS max 0.0030), 34 from the table (KS median
  0.0024, max 0.0071, mean gap max 6e-13; 4.2e-6 before _with_mean moved again what 0 held back);
  hasbro-2016: 21 exact (2.6e-13, KS max 0.0040), 29 from the table (median 0.0025, max 0.0073);
  yatzy: 14 exact (2.3e-13, KS max 0.0028), 36 from the table (median 0.0021, max 0.0072);
  yatzy-forced: 50 exact (8.9e-13, KS median 0.0016, max 0.0034). Every sheet within 0.01.
- Win chances, 20 random positions of 2-6 players against 40,000 paired games per player
  (sampling sd at 50%: 0.25 points): largest gap hasbro-1996 0.64 points (median 0.24),
  hasbro-2016 0.49 (0.26), yatzy 0.70 (0.14), yatzy-forced 0.43 (0.17); all 20/20 within 1 point.
- Calibration, 20,000 seeded games, chances at the start of every round, largest 10-point bucket
  gap (target 2 points) and Brier score: hasbro-1996 2 players 0.7 (0.172), 4 players 0.8 (0.132);
  hasbro-2016 2 players 0.5 (0.172), 4 players 0.5 (0.132); yatzy 2 players 0.8 (0.168), 4 players
  1.3 (0.131); yatzy-forced 2 players 0.5 (0.179), 4 players 0.8 (0.138). 16-134 s per run.
- Speed, 8 players, median of 7: 0.7-2.0 ms once the sheets' curves are remembered (what a page
  shows after the first view of a game version); cold, 2-3 ms from the table, 33-650 ms where
  the sheets have six boxes open (exact: the worst case, every sheet new at once; a turn changes
  one sheet).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402

from scorekeeper.advisor import (  # noqa: E402
    Advisor,
    distribution,
    win_chances,
)
from scorekeeper.advisor.distribution import TABLE  # noqa: E402
from scorekeeper.advisor.rollouts import paths, rollouts  # noqa: E402
from scorekeeper.rules import EDITIONS, Scorecard  # noqa: E402
from tests.support.chance_games import kolmogorov, mid_game, shared_wins  # noqa: E402

BUCKETS = 10


def accuracy(advisor: Advisor, states: int, games: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    distributions = advisor.distributions(build=True)
    assert distributions is not None
    rows = []
    started = time.perf_counter()
    for i in range(states):
        card = mid_game(advisor, rng, int(rng.integers(0, advisor.edition.rounds - 1)))
        support, prob = advisor.score_distribution(card)
        sample = rollouts(advisor, card, games, seed=seed * 1000 + i)
        open_boxes = card.scores.count(None)
        kind = "table" if distributions.method(open_boxes) == TABLE else "exact"
        mean_gap = abs(float((support * prob).sum()) - advisor.expected_final(card))
        rows.append((kind, mean_gap, kolmogorov(support, prob, sample), open_boxes))
    took = time.perf_counter() - started
    for kind in ("exact", "table"):
        part = [r for r in rows if r[0] == kind]
        if not part:
            continue
        ks = [r[2] for r in part]
        gaps = [r[1] for r in part]
        by_open: dict[int, list[float]] = {}
        for r in part:
            by_open.setdefault(r[3], []).append(r[2])
        print(
            f"  {kind} {len(part):3d} sheets: mean gap max {max(gaps):.2e}, "
            f"KS median {statistics.median(ks):.4f} p95 {float(np.quantile(ks, 0.95)):.4f} max {max(ks):.4f} "
            f"(<= 0.01: {sum(k <= 0.01 for k in ks)}/{len(ks)}); max by open boxes: "
            + ", ".join(f"{k}: {max(v):.4f}" for k, v in sorted(by_open.items()))
        )
    print(
        f"  ({games} rollouts per sheet: sampling alone gives KS ~ {0.87 / np.sqrt(games):.4f}; {took:.0f} s)"
    )


def positions(advisor: Advisor, count: int, games: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    gaps: list[float] = []
    started = time.perf_counter()
    for i in range(count):
        players = int(rng.integers(2, 7))
        base = int(rng.integers(0, advisor.edition.rounds - 1))
        cards = [mid_game(advisor, rng, base + int(rng.integers(0, 2))) for _ in range(players)]
        finals = np.array(
            [rollouts(advisor, card, games, seed=seed * 1000 + 10 * i + j) for j, card in enumerate(cards)]
        )
        seen = shared_wins(finals).mean(axis=1)
        gaps.append(float(np.abs(np.array(advisor.win_chances(cards)) - seen).max()))
    print(
        f"  {count} positions of 2-6 players: largest gap to {games} paired games per player "
        f"{100 * max(gaps):.2f} points, median {100 * statistics.median(gaps):.2f} "
        f"(<= 1 point: {sum(g <= 0.01 for g in gaps)}/{count})"
    )
    print(
        f"  (sampling sd at 50%: {100 * 0.5 / np.sqrt(games):.2f} points; "
        f"{time.perf_counter() - started:.0f} s)"
    )


def calibration(advisor: Advisor, players: int, games: int, seed: int) -> None:
    distributions = advisor.distributions(build=True)
    assert distributions is not None
    states, totals = paths(advisor, Scorecard(advisor.edition), players * games, seed=seed)
    rounds = advisor.edition.rounds
    states = states.reshape(rounds + 1, players, games)
    totals = totals.reshape(rounds + 1, players, games)
    outcome = shared_wins(totals[-1])
    predicted: list[float] = []
    observed: list[float] = []
    distribution.CACHE_DISTRIBUTIONS = 10_000_000  # a round's curves all at once (cleared after it)
    started = time.perf_counter()
    for r in range(rounds):
        distributions.remember_many(np.unique(states[r]).tolist(), rounds - r)
        for g in range(games):
            dists = []
            for p in range(players):
                support, prob = distributions.remaining(int(states[r, p, g]), rounds - r)
                dists.append((support + totals[r, p, g], prob))
            predicted.extend(win_chances(dists))
            observed.extend(outcome[:, g])
        distributions._pmfs.clear()  # this round's curves are not asked for again: keep memory flat
        distributions._steps.clear()
    pred, obs = np.array(predicted), np.array(observed)
    brier = float(((pred - obs) ** 2).mean())
    print(
        f"  {players} players, {games} games, chances at the start of each of {rounds} rounds: "
        f"Brier {brier:.4f} ({time.perf_counter() - started:.0f} s)"
    )
    print("    bucket   predictions  mean predicted  observed  gap  (sd of observed, games independent)")
    worst = 0.0
    for b in range(BUCKETS):
        inside = (pred >= b / BUCKETS) & ((pred < (b + 1) / BUCKETS) | (b == BUCKETS - 1))
        if not inside.any():
            continue
        gap = 100 * (obs[inside].mean() - pred[inside].mean())
        worst = max(worst, abs(gap))
        sd = 100 * np.sqrt(pred[inside].mean() * (1 - pred[inside].mean()) / inside.sum())
        print(
            f"    {10 * b:3d}-{10 * b + 10:3d}%  {inside.sum():10d}  {100 * pred[inside].mean():13.1f}%"
            f"  {100 * obs[inside].mean():7.1f}%  {gap:+.1f}  ({sd:.1f})"
        )
    print(f"    largest bucket gap {worst:.1f} points (target <= 2)")


def speed(advisor: Advisor, repeats: int, seed: int) -> None:
    distributions = advisor.distributions(build=True)
    assert distributions is not None
    rng = np.random.default_rng(seed)
    for base in (1, 4, 7, 10, advisor.edition.rounds - 2):
        cards = [mid_game(advisor, rng, base) for _ in range(8)]
        cold, cached = [], []
        for _ in range(repeats):
            distributions._pmfs.clear()
            distributions._steps.clear()
            started = time.perf_counter()
            advisor.win_chances(cards)
            cold.append(time.perf_counter() - started)
            started = time.perf_counter()
            advisor.win_chances(cards)
            cached.append(time.perf_counter() - started)
        print(
            f"  8 players after {base:2d} turns: cold {1000 * statistics.median(cold):6.1f} ms, "
            f"per-state caches warm {1000 * statistics.median(cached):5.1f} ms (median of {repeats})"
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--editions", default=",".join(e.id for e in EDITIONS.values() if e.has_coach))
    parser.add_argument("--states", type=int, default=50)
    parser.add_argument("--rollouts", type=int, default=200_000)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--position-games", type=int, default=40_000)
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--players", default="2,4", help="calibration: comma-separated player counts")
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--skip", default="", help="comma-separated: accuracy,positions,calibration,speed")
    args = parser.parse_args()
    skip = set(args.skip.split(","))
    for edition in args.editions.split(","):
        advisor = Advisor.for_edition(edition)
        started = time.perf_counter()
        advisor.distributions(build=True)
        print(f"{edition}: chance table ready in {time.perf_counter() - started:.1f} s")
        if "accuracy" not in skip:
            accuracy(advisor, args.states, args.rollouts, seed=1)
        if "positions" not in skip:
            positions(advisor, args.positions, args.position_games, seed=2)
        if "calibration" not in skip:
            for players in (int(p) for p in args.players.split(",")):
                calibration(advisor, players, args.games, seed=3 + players)
        if "speed" not in skip:
            speed(advisor, args.repeats, seed=4)


if __name__ == "__main__":
    main()
