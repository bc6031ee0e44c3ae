"""Whole games of any edition's shape played by a seeded random player through the engine alone:
legal dice of the ruleset's count, a cell the rules allow, and rolls within the player's bank."""

from __future__ import annotations

import random

from scorekeeper.rules import Game, Ruleset, find_edition


def random_game(players: list[str], edition: str | Ruleset, seed: int = 0, turns: int | None = None) -> Game:
    """The game a seeded random player makes: every turn (or the first `turns`) legal by the engine."""
    rng = random.Random(seed)
    rules = find_edition(edition)
    game = Game(players, rules)
    while not game.is_over and (turns is None or len(game.turns) < turns):
        dice = [rng.randint(1, 6) for _ in range(rules.dice_count)]
        card = game.cards[game.current_player]
        cell = rng.choice(list(card.cell_options(dice)))
        most = card.most_rolls
        rolls = None if most is None else rng.randint(1, min(most, 3) if rng.random() < 0.8 else most)
        game = game.play(dice, cell.box, cell.column, rolls)
    return game
