"""Times the rules engine: options() on mid-game sheets and replaying a finished 8-player game.

Run: .venv/bin/python benchmarks/rules_bench.py  (prints figures against the issue's targets)
"""

from __future__ import annotations

import random
import statistics
import time

from scorekeeper.rules import Edition, Game, Scorecard

OPTIONS_TARGET_US = 20.0
REPLAY_TARGET_MS = 3.0
SEED = 2024


def random_dice(rng: random.Random) -> list[int]:
    """Five fair dice, with five equal dice often enough to exercise the joker."""
    if rng.random() < 0.1:
        return [rng.randint(1, 6)] * 5
    return [rng.randint(1, 6) for _ in range(5)]


def mid_game_card(rng: random.Random, edition: Edition) -> Scorecard:
    """A sheet after 3 to 10 random legal turns."""
    card = Scorecard(edition)
    for _ in range(rng.randint(3, 10)):
        dice = random_dice(rng)
        card = card.fill(rng.choice(list(card.options(dice))), dice)
    return card


def finished_game(rng: random.Random, players: int) -> Game:
    """A complete game with random legal turns."""
    game = Game([f"Player {seat + 1}" for seat in range(players)], Edition.HASBRO_1996)
    while not game.is_over:
        dice = random_dice(rng)
        options = game.cards[game.current_player].options(dice)
        game = game.play(dice, rng.choice(list(options)))
    return game


def time_options(rng: random.Random, cards: int = 400, calls: int = 200) -> float:
    """Median µs per options() call over many mid-game sheets."""
    medians = []
    for i in range(cards):
        card = mid_game_card(rng, list(Edition)[i % 2])
        dice = random_dice(rng)
        start = time.perf_counter()
        for _ in range(calls):
            card.options(dice)
        medians.append((time.perf_counter() - start) / calls)
    return statistics.median(medians) * 1e6


def time_replay(rng: random.Random, games: int = 10, repeats: int = 20) -> float:
    """Median ms to replay a finished 8-player game (104 turns) from its turn list."""
    samples = []
    for _ in range(games):
        game = finished_game(rng, 8)
        assert len(game.turns) == 104
        entries = [(turn.dice, turn.box) for turn in game.turns]
        for _ in range(repeats):
            start = time.perf_counter()
            replayed = Game.replay(game.players, game.edition, entries)
            samples.append(time.perf_counter() - start)
        assert replayed == game  # a benchmark of a wrong answer is worthless
    return statistics.median(samples) * 1e3


def main() -> int:
    rng = random.Random(SEED)
    options_us = time_options(rng)
    replay_ms = time_replay(rng)
    print(f"options() on mid-game sheets: median {options_us:.2f} µs (target ≤ {OPTIONS_TARGET_US:.0f} µs)")
    print(
        f"replay of an 8-player game (104 turns): median {replay_ms:.3f} ms "
        f"(target ≤ {REPLAY_TARGET_MS:.0f} ms)"
    )
    met = options_us <= OPTIONS_TARGET_US and replay_ms <= REPLAY_TARGET_MS
    print("targets met" if met else "TARGET MISSED")
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
