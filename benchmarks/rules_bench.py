"""Times the rules engine: options() on mid-game sheets and replaying a finished 8-player game.

Hasbro's sheet against the issue's targets, and Maxi Yatzy (six dice, saved rolls) and Triple
Yahtzee (three columns) beside it in the same run, as ratios to Hasbro's (target: within 2x).
A whole game's replay is printed too: Maxi has 20 rounds and Triple 39 to Hasbro's 13, so its
ratio is about the ratio of the turns; the replay's target is per turn.
Times are this process's CPU time: on a shared machine a game's replay long enough to be
preempted would otherwise count the other processes' turns on the core.

Run: .venv/bin/python benchmarks/rules_bench.py [--quick]  (--quick: a small size, to show it works)
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from scorekeeper.rules import Game, Ruleset, Scorecard, find_edition

OPTIONS_TARGET_US = 20.0
REPLAY_TARGET_MS = 3.0
RATIO_TARGET = 2.0
SEED = 2024
EDITIONS = ("hasbro-1996", "maxi-yatzy", "triple-yahtzee")
PLAYERS = 8


def random_dice(rng: random.Random, rules: Ruleset) -> list[int]:
    """Fair dice of the edition's count, with all-equal dice often enough to exercise the joker."""
    if rng.random() < 0.1:
        return [rng.randint(1, 6)] * rules.dice_count
    return [rng.randint(1, 6) for _ in range(rules.dice_count)]


def random_turn(rng: random.Random, card: Scorecard) -> tuple[str, list[int], int, int | None]:
    """A legal turn for this sheet: box, dice, column and (where counted) the rolls used."""
    dice = random_dice(rng, card.edition)
    cell = rng.choice(list(card.cell_options(dice)))
    most = card.most_rolls
    rolls = None if most is None else rng.randint(1, min(most, 4))
    return cell.box, dice, cell.column, rolls


def mid_game_card(rng: random.Random, rules: Ruleset) -> Scorecard:
    """A sheet a quarter to three quarters filled by random legal turns."""
    card = Scorecard(rules)
    for _ in range(rng.randint(rules.rounds // 4, 3 * rules.rounds // 4)):
        card = card.fill(*random_turn(rng, card))
    return card


def finished_game(rng: random.Random, rules: Ruleset) -> Game:
    """A complete game with random legal turns."""
    game = Game([f"Player {seat + 1}" for seat in range(PLAYERS)], rules)
    while not game.is_over:
        box, dice, column, rolls = random_turn(rng, game.cards[game.current_player])
        game = game.play(dice, box, column, rolls)
    return game


def time_options(rng: random.Random, editions: list[Ruleset], cards: int, calls: int) -> list[float]:
    """Median µs per options() call over many mid-game sheets, per edition (every cell the dice may fill).

    The editions take turns sheet by sheet, so a busy machine slows them alike.
    """
    medians: list[list[float]] = [[] for _ in editions]
    for _ in range(cards):
        for median, rules in zip(medians, editions, strict=True):
            card = mid_game_card(rng, rules)
            dice = random_dice(rng, rules)
            options: Callable[[object], object] = (
                card.cell_options if len(rules.columns) > 1 else card.options
            )
            start = time.process_time()
            for _ in range(calls):
                options(dice)
            median.append((time.process_time() - start) / calls)
    return [statistics.median(median) * 1e6 for median in medians]


def time_replay(rng: random.Random, editions: list[Ruleset], games: int, repeats: int) -> list[float]:
    """Median ms to replay a finished 8-player game from its turn list, per edition (taking turns)."""
    samples: list[list[float]] = [[] for _ in editions]
    for _ in range(games):
        finished = [finished_game(rng, rules) for rules in editions]
        entries = [[turn.entry for turn in game.turns] for game in finished]
        for _ in range(repeats):
            for sample, rules, game, turns in zip(samples, editions, finished, entries, strict=True):
                start = time.process_time()
                replayed = Game.replay(game.players, rules, turns)
                sample.append(time.process_time() - start)
                assert replayed == game  # a benchmark of a wrong answer is worthless
    return [statistics.median(sample) * 1e3 for sample in samples]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a small size: shows it works, proves nothing")
    quick = parser.parse_args().quick
    cards, calls, games, repeats = (20, 50, 2, 3) if quick else (400, 200, 10, 20)
    editions = [find_edition(id) for id in EDITIONS]
    rng = random.Random(SEED)
    options_us = time_options(rng, editions, cards, calls)
    replay_ms = time_replay(rng, editions, games, repeats)
    turns = [PLAYERS * rules.rounds for rules in editions]
    per_turn_us = [1e3 * ms / count for ms, count in zip(replay_ms, turns, strict=True)]
    met = options_us[0] <= OPTIONS_TARGET_US and replay_ms[0] <= REPLAY_TARGET_MS
    print(
        f"{'edition':<16}{'options() µs':>13}{'ratio':>7}{'replay ms':>11}{'turns':>7}{'ratio':>7}"
        f"{'µs/turn':>9}{'ratio':>7}"
    )
    for i, rules in enumerate(editions):
        ratios = (options_us[i] / options_us[0], replay_ms[i] / replay_ms[0], per_turn_us[i] / per_turn_us[0])
        print(
            f"{rules.id:<16}{options_us[i]:>13.2f}{ratios[0]:>7.2f}{replay_ms[i]:>11.3f}{turns[i]:>7}"
            f"{ratios[1]:>7.2f}{per_turn_us[i]:>9.2f}{ratios[2]:>7.2f}"
        )
        # A game of more rounds replays more turns: per turn is what the engine's speed decides.
        met = met and ratios[0] <= RATIO_TARGET and ratios[2] <= RATIO_TARGET
    print(
        f"targets: Hasbro options() ≤ {OPTIONS_TARGET_US:.0f} µs and replay ≤ {REPLAY_TARGET_MS:.0f} ms; "
        f"options() and replay per turn of the others within {RATIO_TARGET:.0f}x of Hasbro's"
    )
    print("targets met" if met else "TARGET MISSED")
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
