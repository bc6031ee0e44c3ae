"""Opening a game from the token in its URL, the one way every blueprint does it."""

from __future__ import annotations

from scorekeeper import storage
from scorekeeper.services import games

from ..infra.i18n import use_vocabulary


def load_or_404(token: str, *, edit: bool = False) -> games.LoadedGame:
    """The game this token opens; GameNotFound (a 404, see errors.py) for a token that opens nothing.

    With edit=True a view link raises ReadOnly, which answers the same 404, so it cannot tell
    a write route exists.
    """
    loaded = games.load_game(storage.get_db(), token)
    if edit and loaded.access != "edit":
        raise games.ReadOnly
    use_vocabulary(loaded.edition)  # the page words the boxes as this edition's sheets do
    return loaded
