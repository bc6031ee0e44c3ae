"""Opening a game from the token in its URL, the one way every blueprint does it."""

from __future__ import annotations

from flask import abort

from scorekeeper import games, storage

from .recent import forget


def load_or_404(token: str, *, edit: bool = False) -> games.LoadedGame:
    """The game this token opens; the same 404 for any token that opens nothing.

    With edit=True a view link gets that 404 too, so it cannot tell a write route exists.
    """
    try:
        loaded = games.load_game(storage.get_db(), token)
    except games.GameNotFound:
        forget(token)  # this device's recent list should not keep a link that opens nothing
        abort(404)
    if edit and loaded.access != "edit":
        abort(404)
    return loaded
