"""Plausible finished games for the print tests: every box filled, the way real players fill them."""

from __future__ import annotations

import random

from scorekeeper.rules import Box, Game, Ruleset, find_edition

HASBRO = "hasbro-1996"

# Dice a player might end a turn with for each lower box, from a good turn to a scratch.
_LOWER_CHOICES: dict[str, dict[str, list[list[int]]]] = {
    "hasbro": {
        Box.THREE_OF_A_KIND: [[4, 4, 4, 5, 6], [6, 6, 6, 2, 3], [3, 3, 3, 1, 5], [5, 5, 5, 6, 2]],
        Box.FOUR_OF_A_KIND: [[5, 5, 5, 5, 2], [6, 6, 6, 6, 4], [2, 2, 2, 2, 6], [1, 3, 4, 4, 6]],
        Box.FULL_HOUSE: [[3, 3, 5, 5, 5], [2, 2, 6, 6, 6], [1, 1, 4, 4, 4], [1, 2, 3, 5, 6]],
        Box.SMALL_STRAIGHT: [[1, 2, 3, 4, 6], [2, 3, 4, 5, 5], [3, 4, 5, 6, 6], [1, 1, 3, 4, 6]],
        Box.LARGE_STRAIGHT: [[1, 2, 3, 4, 5], [2, 3, 4, 5, 6], [1, 2, 3, 4, 6], [2, 2, 3, 5, 6]],
        Box.YAHTZEE: [[4, 4, 4, 4, 4], [1, 2, 2, 2, 2], [3, 3, 3, 6, 6], [1, 1, 5, 5, 5]],
        Box.CHANCE: [[4, 5, 5, 6, 6], [2, 3, 5, 6, 6], [1, 4, 4, 5, 6], [3, 3, 4, 5, 6]],
    },
    "yatzy": {
        "one_pair": [[6, 6, 1, 2, 4], [5, 5, 2, 3, 6], [4, 4, 1, 2, 6], [1, 2, 3, 4, 6]],
        "two_pairs": [[6, 6, 5, 5, 1], [3, 3, 4, 4, 2], [2, 2, 6, 6, 6], [1, 2, 3, 5, 6]],
        "three_of_a_kind": [[5, 5, 5, 1, 2], [6, 6, 6, 3, 4], [2, 2, 2, 4, 6], [1, 1, 2, 3, 4]],
        "four_of_a_kind": [[4, 4, 4, 4, 1], [6, 6, 6, 6, 2], [3, 3, 3, 3, 5], [1, 1, 2, 5, 6]],
        "small_straight": [[1, 2, 3, 4, 5], [1, 2, 3, 4, 5], [1, 2, 3, 4, 6]],
        "large_straight": [[2, 3, 4, 5, 6], [2, 3, 4, 5, 6], [1, 3, 4, 5, 6]],
        "full_house": [[3, 3, 5, 5, 5], [2, 2, 6, 6, 6], [1, 1, 4, 4, 4], [1, 2, 3, 5, 6]],
        "chance": [[4, 5, 5, 6, 6], [2, 3, 5, 6, 6], [1, 4, 4, 5, 6]],
        "yatzy": [[4, 4, 4, 4, 4], [1, 2, 2, 2, 2], [6, 6, 6, 6, 6], [1, 1, 5, 5, 5]],
    },
}


def _family(edition: str | Ruleset) -> str:
    return "hasbro" if find_edition(edition).id.startswith("hasbro") else "yatzy"


def _upper_dice(face: int, rng: random.Random) -> list[int]:
    count = rng.choice([2, 3, 3, 3, 4, 4])
    others = [f for f in range(1, 7) if f != face]
    return [face] * count + [rng.choice(others) for _ in range(5 - count)]


def player_turns(rng: random.Random, edition: str | Ruleset = HASBRO) -> list[tuple[list[int], str]]:
    """One player's turns (dice, box key), in a shuffled but plausible order (sheet order if forced)."""
    rules = find_edition(edition)
    lower = _LOWER_CHOICES[_family(edition)]
    turns = [
        (_upper_dice(box.face, rng) if box.face else rng.choice(lower[box.key]), box.key)
        for box in rules.boxes
    ]
    if not rules.order.forced:
        rng.shuffle(turns)
    return turns


def extra_yahtzee_turns() -> list[tuple[list[int], str]]:
    """A Hasbro sheet with 50 in Yahtzee and two extra Yahtzees (fives and twos as jokers): ✓✓, +200."""
    return [
        ([6, 6, 6, 6, 6], Box.YAHTZEE),
        ([5, 5, 5, 5, 5], Box.FIVES),  # joker: the matching upper box, +100
        ([1, 1, 1, 3, 4], Box.ONES),
        ([2, 2, 2, 2, 2], Box.TWOS),  # joker again, +100
        ([3, 3, 3, 5, 6], Box.THREES),
        ([4, 4, 4, 1, 2], Box.FOURS),
        ([6, 6, 6, 6, 3], Box.SIXES),
        ([5, 5, 5, 6, 6], Box.THREE_OF_A_KIND),
        ([6, 6, 6, 6, 2], Box.FOUR_OF_A_KIND),
        ([2, 2, 3, 3, 3], Box.FULL_HOUSE),
        ([1, 2, 3, 4, 6], Box.SMALL_STRAIGHT),
        ([2, 3, 4, 5, 6], Box.LARGE_STRAIGHT),
        ([4, 5, 5, 6, 6], Box.CHANCE),
    ]


def entries(
    players: int,
    seed: int = 0,
    extra_yahtzee_seat: int | None = None,
    edition: str | Ruleset = HASBRO,
) -> list[tuple[list[int], str]]:
    """Every turn of a finished game in play order (round by round, seat by seat)."""
    rng = random.Random(seed)
    sheets = [
        extra_yahtzee_turns() if seat == extra_yahtzee_seat else player_turns(rng, edition)
        for seat in range(players)
    ]
    return [sheets[seat][turn] for turn in range(find_edition(edition).rounds) for seat in range(players)]


def finished_game(
    names: list[str],
    seed: int = 0,
    extra_yahtzee_seat: int | None = None,
    edition: str | Ruleset = HASBRO,
) -> Game:
    """The engine's game for these entries (raises if a scripted turn broke the rules)."""
    return Game.replay(names, edition, entries(len(names), seed, extra_yahtzee_seat, edition))
