"""Plausible finished games for the print tests: every box filled, the way real players fill them."""

from __future__ import annotations

import random

from scorekeeper.rules import BOXES, Box, Game

# Dice a player might end a turn with for each box, from a good turn to a scratch.
_LOWER_CHOICES: dict[Box, list[list[int]]] = {
    Box.THREE_OF_A_KIND: [[4, 4, 4, 5, 6], [6, 6, 6, 2, 3], [3, 3, 3, 1, 5], [5, 5, 5, 6, 2]],
    Box.FOUR_OF_A_KIND: [[5, 5, 5, 5, 2], [6, 6, 6, 6, 4], [2, 2, 2, 2, 6], [1, 3, 4, 4, 6]],
    Box.FULL_HOUSE: [[3, 3, 5, 5, 5], [2, 2, 6, 6, 6], [1, 1, 4, 4, 4], [1, 2, 3, 5, 6]],
    Box.SMALL_STRAIGHT: [[1, 2, 3, 4, 6], [2, 3, 4, 5, 5], [3, 4, 5, 6, 6], [1, 1, 3, 4, 6]],
    Box.LARGE_STRAIGHT: [[1, 2, 3, 4, 5], [2, 3, 4, 5, 6], [1, 2, 3, 4, 6], [2, 2, 3, 5, 6]],
    Box.YAHTZEE: [[4, 4, 4, 4, 4], [1, 2, 2, 2, 2], [3, 3, 3, 6, 6], [1, 1, 5, 5, 5]],
    Box.CHANCE: [[4, 5, 5, 6, 6], [2, 3, 5, 6, 6], [1, 4, 4, 5, 6], [3, 3, 4, 5, 6]],
}


def _upper_dice(box: Box, rng: random.Random) -> list[int]:
    face = box.face or 1
    count = rng.choice([2, 3, 3, 3, 4, 4])
    others = [f for f in range(1, 7) if f != face]
    return [face] * count + [rng.choice(others) for _ in range(5 - count)]


def player_turns(rng: random.Random) -> list[tuple[list[int], Box]]:
    """One player's 13 turns (dice, box) in a shuffled but plausible order."""
    turns = [(_upper_dice(box, rng), box) for box in BOXES[:6]]
    turns += [(rng.choice(choices), box) for box, choices in _LOWER_CHOICES.items()]
    rng.shuffle(turns)
    return turns


def extra_yahtzee_turns() -> list[tuple[list[int], Box]]:
    """A sheet with 50 in Yahtzee and two extra Yahtzees (fives and twos as jokers): ✓✓, +200."""
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


def entries(players: int, seed: int = 0, extra_yahtzee_seat: int | None = None) -> list[tuple[list[int], Box]]:
    """Every turn of a finished game in play order (round by round, seat by seat)."""
    rng = random.Random(seed)
    sheets = [
        extra_yahtzee_turns() if seat == extra_yahtzee_seat else player_turns(rng)
        for seat in range(players)
    ]
    return [sheets[seat][turn] for turn in range(len(BOXES)) for seat in range(players)]


def finished_game(names: list[str], seed: int = 0, extra_yahtzee_seat: int | None = None) -> Game:
    """The engine's game for these entries (raises if a scripted turn broke the rules)."""
    return Game.replay(names, "hasbro-1996", entries(len(names), seed, extra_yahtzee_seat))
