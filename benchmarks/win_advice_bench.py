"""Speed of the advice for the win, per player count: what it adds to a coach turn.

Seeded games of 2 to 8 coach players; at every turn of every player, as the page would ask, in
four passes over the same games (MODES):
- "today": the chances of the sheets as they stand (Advisor.win_chances): the coach's turn today;
- "keep panel": today's, then the advice for the win for the first roll's keeps (rolls_left 2:
  works out the turn's chances, WinTurn), the second roll's (1) and the final dice's boxes (0);
- "final dice only": today's, then the boxes alone (a player who does not open the keep panel);
  after the game its review for the win (review_for_win), as the game left the caches and cold;
- "prepared": today's, then prepare_for_win (what a background thread would do once the turn
  before is recorded), then the three questions of the keep panel.
"turn" sums a turn's questions for the win. p50 / p99 / mean per player count, in ms of CPU (the thread's:
what a busy machine does not inflate) and of wall time. Caches start empty at each game (a server's
first game: every curve worked out); as a game goes on they hold what its earlier turns worked out,
as in the app. `uptime` before and after.

    nice -n 10 .venv/bin/python benchmarks/win_advice_bench.py [--editions hasbro-1996,...]
        [--players 2,3,4,5,6,7,8] [--games 3] [--seed 29]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402

from scorekeeper.advisor import Advisor, win_advice  # noqa: E402
from scorekeeper.advisor.dice import DICE, FACES  # noqa: E402
from scorekeeper.advisor.distribution import Distributions  # noqa: E402
from scorekeeper.advisor.win_review import review_for_win  # noqa: E402
from scorekeeper.rules import Game, Scorecard  # noqa: E402

T = TypeVar("T")


def _roll(rng: np.random.Generator, kept: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(kept + tuple(rng.integers(1, FACES + 1, DICE - len(kept)).tolist())))


def _ms(seconds: list[float], q: float) -> float:
    return 1000 * float(np.quantile(seconds, q))


def _cell(seconds: list[float]) -> str:
    """p50 / p99 / mean in ms."""
    return f"{_ms(seconds, 0.5):.1f} / {_ms(seconds, 0.99):.1f} / {1000 * float(np.mean(seconds)):.1f}"


class Clock:
    """CPU and wall seconds of each timed call, by name (CPU: what a busy machine does not inflate)."""

    def __init__(self) -> None:
        self.cpu: dict[str, list[float]] = {}
        self.wall: dict[str, list[float]] = {}

    def time(self, name: str, call: Callable[..., T], *args: Any) -> T:
        cpu, wall = time.thread_time(), time.perf_counter()
        out = call(*args)
        self.add(name, time.thread_time() - cpu, time.perf_counter() - wall)
        return out

    def add(self, name: str, cpu: float, wall: float) -> None:
        self.cpu.setdefault(name, []).append(cpu)
        self.wall.setdefault(name, []).append(wall)

    def last(self, names: tuple[str, ...]) -> tuple[float, float]:
        """The CPU and wall seconds of the latest call of each of these names, summed."""
        return sum(self.cpu[n][-1] for n in names), sum(self.wall[n][-1] for n in names)


MODES = {
    "today": ("today",),  # the chances alone: the coach's turn as it is
    "keep panel": ("today", "keep2", "keep1", "boxes", "turn"),
    "final dice only": ("today", "boxes", "turn"),
    "prepared": ("today", "prepare", "keep2", "keep1", "boxes", "turn"),  # prepare: off the request
}


def play_game(advisor: Advisor, players: int, rng: np.random.Generator, clock: Clock, mode: str) -> None:
    """One game of coach players, every turn timed as the page asks in this mode; caches emptied first."""
    dist = advisor.distributions()
    assert dist is not None
    _forget(dist)
    ask = win_advice.advise_for_win
    keeps = mode in ("keep panel", "prepared")
    cards = [Scorecard(advisor.edition) for _ in range(players)]
    entries: list[tuple[tuple[int, ...], str]] = []
    for _ in range(advisor.edition.rounds):
        for seat in range(players):
            clock.time("today", advisor.win_chances, cards)
            if mode == "prepared":
                clock.time("prepare", win_advice.prepare_for_win, advisor, cards, seat)
            card, dice = cards[seat], _roll(rng, ())
            for left, name in ((2, "keep2"), (1, "keep1")):
                keep = advisor.best_keep(card, dice, left)
                if keeps:
                    advice = clock.time(name, ask, advisor, cards, seat, dice, left)
                    assert advice.for_score is not None and advice.for_score.choice == keep
                dice = _roll(rng, keep)  # the coach's keep: the game goes on as coach players play it
            box = advisor.best_box(card, dice)
            if mode != "today":
                advice = clock.time("boxes", ask, advisor, cards, seat, dice, 0)
                assert advice.for_score is not None and advice.for_score.choice == box
                clock.add("turn", *clock.last(("keep2", "keep1", "boxes") if keeps else ("boxes",)))
            cards[seat] = card.fill(box, dice)
            entries.append((dice, box))
    if mode == "final dice only":  # the review of the game: as the game left the caches, then cold
        game = Game.replay([f"P{i}" for i in range(players)], advisor.edition, entries)
        clock.time("review", review_for_win, game, advisor)
        _forget(dist)
        clock.time("review cold", review_for_win, game, advisor)


def _forget(dist: Distributions) -> None:
    """Every remembered curve, turn and WinTurn dropped: the game starts cold."""
    with dist._lock:
        dist._pmfs.clear()
        dist._steps.clear()
    with win_advice._LOCK:
        win_advice._TURNS.clear()


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--editions", default="hasbro-1996")
    parser.add_argument("--players", default="2,3,4,5,6,7,8")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=29)
    args = parser.parse_args()
    print(f"before: {uptime()}")
    for edition in args.editions.split(","):
        advisor = Advisor.for_edition(edition)
        advisor.distributions(build=True)
        print(f"{edition} (ms: p50 / p99 / mean over every turn of {args.games} games per player count)")
        for players in (int(p) for p in args.players.split(",")):
            for mode, names in MODES.items():
                rng = np.random.default_rng((args.seed, players))  # the same games in every mode
                clock = Clock()
                for _ in range(args.games):
                    play_game(advisor, players, rng, clock, mode)
                for kind, table in (("CPU", clock.cpu), ("wall", clock.wall)):
                    cells = [f"{k} {_cell(table[k])}" for k in names]
                    cells += [
                        f"{k} (per game) {_cell(table[k])}" for k in ("review", "review cold") if k in table
                    ]
                    what = mode
                    print(
                        f"  {players} players, {len(table['today'])} turns, {what}, {kind}: "
                        + ", ".join(cells),
                        flush=True,
                    )
    print(f"after: {uptime()}")


if __name__ == "__main__":
    main()
