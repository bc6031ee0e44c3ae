"""A turn as the database stores it, and a game replayed from its stored entries."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence

from ..rules import Game, Ruleset, Turn
from ..storage.records import Entry

# Games replayed lately in this process, by what they are a pure function of: the players, the
# ruleset and the stored entries. Every request of a game opens it again; between two of its
# requests at most one turn usually came in, so the game one entry shorter is played on by one turn
# instead of replaying them all. An undone or corrected turn simply makes another key.
REPLAYS_KEPT = 256
_Key = tuple[tuple[str, ...], Ruleset, tuple[Entry, ...]]
_replays: OrderedDict[_Key, Game] = OrderedDict()
_replays_lock = threading.Lock()


def stored_entry(rules: Ruleset, turn: Turn) -> Entry:
    """What the database keeps of a turn: its column where the sheet has several, its rolls where counted."""
    return Entry(str(turn.dice), turn.box, turn.column if len(rules.columns) > 1 else None, turn.rolls)


def replayed(players: Sequence[str], rules: Ruleset, entries: Iterable[Entry]) -> Game:
    """The game these stored entries make, checked by the engine turn by turn (kept for the next ask)."""
    stored = tuple(entries)
    key = (tuple(players), rules, stored)
    with _replays_lock:
        game = _replays.get(key)
        if game is not None:
            _replays.move_to_end(key)
            return game
        before = _replays.get((key[0], rules, stored[:-1])) if stored else None
    if before is not None:
        game = before.continued(_engine_entries(rules, stored[-1:]))
    else:
        game = Game.replay(players, rules, _engine_entries(rules, stored))
    with _replays_lock:
        _replays[key] = game
        while len(_replays) > REPLAYS_KEPT:
            _replays.popitem(last=False)
    return game


def _engine_entries(
    rules: Ruleset, entries: Sequence[Entry]
) -> list[tuple[object, str, int | None, int | None]]:
    """Stored entries as the engine plays them: dice parsed by the ruleset, then box, column, rolls."""
    return [(rules.parse_dice(entry.dice), entry.box, entry.column, entry.rolls) for entry in entries]
