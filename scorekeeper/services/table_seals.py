"""A game's links sealed for its table: a key from the server's secret and the table (HMAC-SHA256)."""

from __future__ import annotations

import hashlib
import hmac

from ..storage import tokens
from .sealing import seal

Seals = tuple[str, str]  # a game's (edit, view) links as sealed for its table


def table_key(secret: str, table_id: int) -> str:
    """The key a table's games' links are sealed with: the server's secret and the table."""
    return hmac.new(secret.encode(), f"table-games:{table_id}".encode(), hashlib.sha256).hexdigest()


def seals_for(secret: str, table_id: int, game_id: int, edit_token: str) -> Seals:
    """The game's edit and view links sealed for its table."""
    key = table_key(secret, table_id)
    view_token = tokens.view_token_for(edit_token)
    return seal(key, f"game:{game_id}:edit", edit_token), seal(key, f"game:{game_id}:view", view_token)
