"""The JSON export of a game (documented in the README): read from the engine, nothing recomputed."""

from __future__ import annotations

from typing import Any


def export_game(loaded: Any) -> dict[str, Any]:
    """Edition and its boxes, players, every turn and every player's totals and rank."""
    game = loaded.game
    rules = game.rules
    ranks = {standing.player: standing.rank for standing in game.standings()}
    return {
        "title": loaded.title,
        "created_at": loaded.created_at.isoformat(),
        "edition": rules.id,
        # The sheet the turns' box keys refer to, in its order (names in English, as the engine has them).
        "boxes": [{"key": box.key, "section": box.section, "name": box.name} for box in rules.boxes],
        "players": list(game.players),
        "over": game.is_over,
        "turns": [
            {
                "index": turn.index,
                "round": turn.round,
                "player": turn.player,
                "name": game.players[turn.player],
                "dice": list(turn.dice),
                "box": turn.box,
                "points": turn.points,
                "bonus": turn.bonus,
            }
            for turn in game.turns
        ],
        "totals": [
            {
                "player": seat,
                "name": name,
                "upper_subtotal": card.upper_subtotal,
                "upper_bonus": card.upper_bonus,
                "lower_subtotal": card.lower_subtotal,
                "yahtzee_bonus": card.yahtzee_bonus,
                "grand_total": card.grand_total,
                "rank": ranks[seat],
            }
            for seat, (name, card) in enumerate(zip(game.players, game.cards, strict=True))
        ],
    }
