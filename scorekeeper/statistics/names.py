"""The key a player's name is matched by within a table: case, accents and spacing ignored."""

from __future__ import annotations

import unicodedata
from functools import lru_cache


@lru_cache(maxsize=4096)  # a table's few names come back in every game
def player_key(name: str) -> str:
    """ "Zoé", "ZOE" and " zoe " share one key ("zoe"); letters other than accents still differ.

    The same key as scorekeeper.tables (merges and renames) uses: casefold, NFKD splits an accented
    letter into its letter and combining marks, the marks are dropped, then NFC and single spaces.
    """
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(unicodedata.normalize("NFC", bare).split())
