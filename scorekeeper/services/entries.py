"""A turn as the database stores it, and a game replayed from its stored entries."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..rules import Game, Ruleset, Turn
from ..storage.records import Entry


def stored_entry(rules: Ruleset, turn: Turn) -> Entry:
    """What the database keeps of a turn: its column where the sheet has several, its rolls where counted."""
    return Entry(str(turn.dice), turn.box, turn.column if len(rules.columns) > 1 else None, turn.rolls)


def replayed(players: Sequence[str], rules: Ruleset, entries: Iterable[Entry]) -> Game:
    """The game these stored entries make, checked by the engine turn by turn."""
    turns = [(rules.parse_dice(entry.dice), entry.box, entry.column, entry.rolls) for entry in entries]
    return Game.replay(players, rules, turns)
