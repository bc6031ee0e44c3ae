"""Use cases of a table's players: call one another name in every game, or make two spellings one player.

Each is one transaction, as in scorekeeper.services.tables; the table's history keeps a line of each.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.orm import Session

from ..rules import N_, Message
from ..storage import table_records
from ..storage.engine import writing
from .clock import now
from .games import Db
from .names import check_players, clean_text
from .player_names import player_key
from .tables import LoadedTable, TableRefused, find_table, with_version

TABLE_CHANGED = N_("The table changed on another phone; look again and repeat.")
NO_SUCH_PLAYER = N_("Nobody called %(name)s has played at this table.")
SAME_PLAYER = N_("%(first)s and %(second)s are already the same player.")
BOTH_PLAYED = N_("%(first)s and %(second)s both played the game of %(date)s: they cannot be one player.")
NAME_IN_USE = N_("%(name)s already plays at this table; to make them one player, merge the names.")


def rename_player(db: Db, table_token: str, expected_version: int, name: str, new_name: str) -> LoadedTable:
    """Call this player (every spelling matching `name`) `new_name` in every game of the table."""
    return _rename(db, table_token, expected_version, name, new_name, merge=False)


def merge_players(db: Db, table_token: str, expected_version: int, keep: str, merge: str) -> LoadedTable:
    """Make `merge` the same player as `keep`: every game of the table calls them `keep`'s way."""
    return _rename(db, table_token, expected_version, merge, keep, merge=True)


def _rename(
    db: Db, table_token: str, expected_version: int, old: str, new: str, *, merge: bool
) -> LoadedTable:
    """Rename (merge=False) or merge (merge=True) the player matching `old` into the name `new`."""
    with writing(db) as session:
        table = find_table(session, table_token, lock=True, edit=True)
        if type(expected_version) is not int or expected_version != table.version:
            raise TableRefused(Message(TABLE_CHANGED))
        seats = table_records.player_names(session, table.id)
        old_key = player_key(clean_text(old))
        moving = [(game_id, seat, name) for game_id, seat, name in seats if player_key(name) == old_key]
        if not old_key or not moving:
            raise TableRefused(Message(NO_SUCH_PLAYER, {"name": clean_text(old)}))
        _refuse_one_seated_twice(session, table.id, moving)
        if merge:
            new_key = player_key(clean_text(new))
            kept = [name for _, _, name in seats if player_key(name) == new_key]
            if not new_key or not kept:
                raise TableRefused(Message(NO_SUCH_PLAYER, {"name": clean_text(new)}))
            if new_key == old_key:
                typed = {"first": clean_text(new), "second": clean_text(old)}
                raise TableRefused(Message(SAME_PLAYER, typed))
            new = kept[-1]  # the kept player's most recent spelling
        else:
            new = _one_name(new)
            new_key = player_key(new)
            if new_key != old_key and any(player_key(name) == new_key for _, _, name in seats):
                raise TableRefused(Message(NAME_IN_USE, {"name": new}))
        typed_old = clean_text(old)
        _refuse_two_in_one_game(session, table.id, seats, old_key, new_key, typed_old, clean_text(new))
        when = now()
        game_ids = sorted({game_id for game_id, _, _ in moving})
        table_records.rename_seats(session, [(game_id, seat) for game_id, seat, _ in moving], new)
        table_records.bump_games(session, game_ids, when)
        before = sorted({name for _, _, name in moving})
        if merge:
            details = {"merged": before, "kept": new, "games": len(game_ids)}
            table_records.add_table_history(session, table.id, when, "merge", details)
        else:
            details = {"before": before, "after": new, "games": len(game_ids)}
            table_records.add_table_history(session, table.id, when, "rename", details)
        version = table_records.mark_table_changed(session, table.id, when)
    return with_version(table, version)


def _refuse_one_seated_twice(session: Session, table_id: int, moving: Sequence[tuple[int, int, str]]) -> None:
    """TableRefused if two spellings being renamed as one sat in the same game ("Zoé" and "Zoe" may
    both play a game; one name for both would seat one player twice).
    """
    seen: dict[int, str] = {}
    for game_id, _, name in moving:
        if game_id in seen:
            typed = {"first": seen[game_id], "second": name, "date": _game_date(session, table_id, game_id)}
            raise TableRefused(Message(BOTH_PLAYED, typed))
        seen[game_id] = name


def _game_date(session: Session, table_id: int, game_id: int) -> str:
    """The day a game at this table was started, as the refusals name it."""
    dates = {game.id: game.created_at for game in table_records.games_of_table(session, table_id)}
    return dates[game_id].date().isoformat()


def _refuse_two_in_one_game(
    session: Session,
    table_id: int,
    seats: Sequence[tuple[int, int, str]],
    old_key: str,
    new_key: str,
    old_name: str,
    new_name: str,
) -> None:
    """TableRefused if one game has both players: a game cannot seat one player twice."""
    if old_key == new_key:
        return
    old_games = {game_id for game_id, _, name in seats if player_key(name) == old_key}
    both = sorted(
        game_id for game_id, _, name in seats if player_key(name) == new_key and game_id in old_games
    )
    if both:
        date = _game_date(session, table_id, both[0])
        raise TableRefused(Message(BOTH_PLAYED, {"first": new_name, "second": old_name, "date": date}))


def _one_name(name: object) -> str:
    """A player's name as a game stores it; TableRefused with the reason otherwise."""
    checked = check_players([name])
    reason = checked.reasons.get(0)
    if reason is not None:
        raise TableRefused(reason)
    return checked.names[0]
