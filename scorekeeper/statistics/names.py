"""The key a player's name is matched by within a table: case, accents and spacing ignored."""

from __future__ import annotations

import unicodedata


def player_key(name: str) -> str:
    """ "Zoé", "ZOE" and " zoe " share one key ("zoe"); letters other than accents still differ.

    NFKD splits an accented letter into its letter and combining marks, which are dropped;
    casefold() then compares "Straße" with "STRASSE" as a German reader would.
    """
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(bare.casefold().split())
