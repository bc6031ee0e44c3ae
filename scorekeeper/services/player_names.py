"""A table's players, matched by name without regard to case or accents ("Zoé" = "zoe")."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class TablePlayer:
    """One player of a table: every spelling of the name seen, the most recent first."""

    key: str
    name: str
    spellings: tuple[str, ...]
    games: int


@lru_cache(maxsize=4096)  # asked for every seat of every game; a table has few names
def player_key(name: str) -> str:
    """The name as a table matches players: no case, no accents, single spaces ("Zoé " → "zoe")."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(unicodedata.normalize("NFC", bare).split())


def players_of_games(games: Iterable[tuple[int, Sequence[str]]]) -> list[TablePlayer]:
    """The table's players from its games' (id, names in seat order)."""
    return players_of_seats(
        [(game_id, seat, name) for game_id, names in games for seat, name in enumerate(names)]
    )


def players_of_seats(seats: Sequence[tuple[int, int, str]]) -> list[TablePlayer]:
    """The table's players from its (game id, seat, name) rows, matched by name key: each with
    its most recent spelling first (games are stored in order), most games first."""
    spellings: dict[str, list[str]] = {}
    games_of: dict[str, set[int]] = {}
    for game_id, _, name in sorted(seats, key=lambda seat: (-seat[0], seat[1])):
        key = player_key(name)
        known = spellings.setdefault(key, [])
        if name not in known:
            known.append(name)
        games_of.setdefault(key, set()).add(game_id)
    players = [
        TablePlayer(key, names[0], tuple(names), len(games_of[key])) for key, names in spellings.items()
    ]
    return sorted(players, key=lambda player: (-player.games, player.key))
