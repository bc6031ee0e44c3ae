"""A table's games reopen from its list: each game's links kept sealed for its table.

Only the hashes of a game's links are stored, so a table could not link to its games. Now, when a
game is put at a table (started there, a rematch, moved there, imported) or opened with its edit link
while at one, its edit and view links are kept sealed with a key made from the server's secret and
the table (HMAC-SHA256, see sealing.py): the database alone opens nothing. A page opened with the
table's edit link unseals the games' edit links; one opened with its view link, their view links.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..storage import table_records, tokens
from ..storage.engine import reading, writing
from .games import Db, find_record
from .sealing import unseal
from .table_seals import seals_for, table_key
from .tables import find_table


def game_links(db: Db, table_token: str, secret: str, game_ids: Iterable[int]) -> dict[int, tuple[str, str]]:
    """The (link, view link) of each of these games of the table that it keeps, by game id: its edit
    link for the table's edit link, its view link for the table's view link (twice). A seal that opens
    to another link (a changed secret) gives none."""
    with reading(db) as session:
        table = find_table(session, table_token)
        stored = table_records.game_seals(session, table.id, game_ids)
    key = table_key(secret, table.id)
    kind = "edit" if table.access == "edit" else "view"
    links = {}
    for game in stored:
        if kind == "edit":
            sealed, digest = game.edit_seal, game.edit_hash
        else:
            sealed, digest = game.view_seal, game.view_hash
        token = None if sealed is None else unseal(key, f"game:{game.game_id}:{kind}", sealed)
        if token is not None and tokens.token_hash(token) == digest:
            links[game.game_id] = (token, tokens.view_token_for(token) if kind == "edit" else token)
    return links


def keep_links(db: Db, game_token: str, secret: str) -> bool:
    """Seal the game's links for its table if it is at one and they are not kept yet (edit link
    only: a game put at its table before links were kept). True if they were kept now."""
    with reading(db) as session:
        record, access = find_record(session, game_token)
        table_id, kept = table_records.table_and_seal_of_game(session, record.id)
    if access != "edit" or table_id is None or kept is not None:
        return False
    with writing(db) as session:
        table_records.set_game_seals(session, record.id, seals_for(secret, table_id, record.id, game_token))
    return True
