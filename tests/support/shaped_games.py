"""Games of any shape played at random by the engine's own offers: any edition, several columns,
saved rolls (the sheet and page tests of Maxi Yatzy, Triple Yahtzee and made-up editions)."""

from __future__ import annotations

import random

from scorekeeper.rules import Cell, Game, Scorecard, find_edition

# One turn as the forms send it: dice, box, column, rolls (None where the rules do not count them).
Entry = tuple[tuple[int, ...], str, int, int | None]


def random_entry(card: Scorecard, rng: random.Random) -> Entry:
    """A legal turn for this sheet: fair dice (all equal now and then), an offered cell, some rolls."""
    rules = card.edition
    while True:
        if rng.random() < 0.1:
            dice = (rng.randint(1, 6),) * rules.dice_count
        else:
            dice = tuple(rng.randint(1, 6) for _ in range(rules.dice_count))
        offered = card.cell_options(dice)
        if offered:
            break
    cell: Cell = rng.choice(list(offered))
    most = card.most_rolls
    rolls = None if most is None else rng.randint(1, min(most, 4))
    return dice, cell.box, cell.column, rolls


def random_game(edition: object, players: list[str], turns: int | None = None, seed: int = 1) -> Game:
    """A game of this edition after `turns` random legal turns (the whole game when None)."""
    rng = random.Random(seed)
    game = Game(players, find_edition(edition))
    limit = game.rounds * len(players) if turns is None else turns
    while len(game.turns) < limit and not game.is_over:
        game = game.play(*random_entry(game.cards[game.current_player], rng))
    return game
