"""The key a player's name is matched by within a table: the tables' own (case, accents, spacing ignored)."""

from __future__ import annotations

from functools import lru_cache

from scorekeeper.services import player_names

# The one definition lives with the table use cases (merges and renames match by it); the
# statistics ask it for every seat of every game, and a table has few names: memoised.
player_key = lru_cache(maxsize=4096)(player_names.player_key)
