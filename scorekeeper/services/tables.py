"""Use cases of tables (groups that play together): create, open, play at, move to, rename, delete, import.

Each function is one transaction on the sessionmaker `db` it is given, as in scorekeeper.services.games.
A table has capability links like a game (only their hashes are stored); its games point at it
(a game is at most at one table). Players are the same player at a table when their names
match without regard to case or accents ("Zoé" = "zoe", see `player_key`). Every figure is the
engine's: games are replayed from their stored entries, nothing derived is stored.
"""

from __future__ import annotations

import hmac
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any, Literal

from sqlalchemy.orm import Session

from ..rules import EDITIONS, N_, Dice, Edition, Game, Message, RuleViolation
from ..storage import records, table_records, tokens
from ..storage.engine import reading, writing
from . import games
from .games import BadSettings, Created, Db, GameNotFound, LoadedGame, ReadOnly

Access = Literal["edit", "view"]

NAME_MAX = games.TITLE_MAX  # a table's name fits one line, as a game's title does
IMPORT_MAX_GAMES = 5000  # far more than a family plays in years; anything bigger is not an export

TABLE_NAME_TOO_LONG = N_("A table's name has at most %(max)d characters.")
TABLE_CHANGED = N_("The table changed on another phone; look again and repeat.")
NO_SUCH_PLAYER = N_("Nobody called %(name)s has played at this table.")
SAME_PLAYER = N_("%(first)s and %(second)s are already the same player.")
BOTH_PLAYED = N_("%(first)s and %(second)s both played the game of %(date)s: they cannot be one player.")
NAME_IN_USE = N_("%(name)s already plays at this table; to make them one player, merge the names.")
ALREADY_AT_TABLE = N_("This game is already at another table.")
NO_SUCH_GAME = N_("That game is not at this table (it may have been deleted).")

RENAME_SUMMARY = N_("Renamed %(before)s to %(after)s in %(num)d game.")
RENAME_SUMMARY_PLURAL = N_("Renamed %(before)s to %(after)s in %(num)d games.")
MERGE_SUMMARY = N_("Merged %(merged)s into %(kept)s in %(num)d game.")
MERGE_SUMMARY_PLURAL = N_("Merged %(merged)s into %(kept)s in %(num)d games.")
MOVE_SUMMARY = N_("A game of %(players)s was moved to this table.")
DELETE_SUMMARY = N_("Deleted the game of %(date)s (%(players)s).")

IMPORT_NOT_A_TABLE = N_("This file is not a table exported by Scorekeeper.")
IMPORT_TOO_MANY = N_("This file holds more than %(max)d games.")
IMPORT_BAD_GAME = N_("Game %(game)d: %(reason)s")
IMPORT_BAD_FIELD = N_("the field “%(field)s” is missing or not what it should be.")
IMPORT_BAD_TURN = N_("Game %(game)d, turn %(turn)d: %(reason)s")
IMPORT_TURN_MISMATCH = N_("the file says %(field)s %(stated)s, the rules give %(computed)s.")
IMPORT_UNKNOWN_EDITION = N_("unknown rules “%(edition)s”.")


# -- results and refusals --------------------------------------------------------


class TableNotFound(LookupError):
    """No table has this token (or it is not a token at all)."""


class TableReadOnly(PermissionError):
    """A table's view token tried to change it."""


class TableRefused(ValueError):
    """The change cannot be made as asked; ``message`` says why in the player's words."""

    def __init__(self, message: Message) -> None:
        self.message = message
        super().__init__(str(message))


class ImportRefused(TableRefused):
    """The file cannot be imported; nothing was stored. The message names the game and turn."""


@dataclass(frozen=True)
class LoadedTable:
    """A stored table as one token may see it."""

    id: int
    name: str
    created_at: datetime
    version: int
    access: Access
    edit_token: str | None
    view_token: str


@dataclass(frozen=True)
class CreatedTable:
    """A new table and both of its links' tokens."""

    edit_token: str
    view_token: str
    table: LoadedTable


@dataclass(frozen=True)
class PlayedGame:
    """A game at a table, replayed by the engine (the shape the game export reads)."""

    id: int
    title: str
    created_at: datetime
    game: Game
    language: str | None = None


@dataclass(frozen=True)
class TablePlayer:
    """One player of a table: every spelling of the name seen, the most recent first."""

    key: str
    name: str
    spellings: tuple[str, ...]
    games: int


@dataclass(frozen=True)
class TableEvent:
    """A rename, merge, move or deletion, as a Message the web layer translates."""

    at: datetime
    kind: table_records.TableHistoryKind
    message: Message


@dataclass(frozen=True)
class TableContents:
    """Everything the table page shows: the table, its games oldest first, players, history."""

    table: LoadedTable
    games: list[PlayedGame]
    players: list[TablePlayer] = field(default_factory=list)
    history: list[TableEvent] = field(default_factory=list)


# -- names -------------------------------------------------------------------------


@lru_cache(maxsize=4096)  # asked for every seat of every game; a table has few names
def player_key(name: str) -> str:
    """The name as a table matches players: no case, no accents, single spaces ("Zoé " → "zoe")."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(unicodedata.normalize("NFC", bare).split())


def check_table_name(name: object) -> tuple[str, Message | None]:
    """The table's name cleaned, and why it cannot be stored (None if it can)."""
    cleaned = games.clean_text(name)
    if len(cleaned) > NAME_MAX:
        return cleaned, Message(TABLE_NAME_TOO_LONG, {"max": NAME_MAX})
    return games.check_title(cleaned)  # the same characters as a title


def _one_name(name: object) -> str:
    """A player's name as a game stores it; TableRefused with the reason otherwise."""
    checked = games.check_players([name])
    reason = checked.reasons.get(0)
    if reason is not None:
        raise TableRefused(reason)
    return checked.names[0]


# -- use cases ---------------------------------------------------------------------


def create_table(db: Db, name: str = "") -> CreatedTable:
    """Store a new, empty table; TableRefused for a name check_table_name refuses."""
    name, reason = check_table_name(name)
    if reason is not None:
        raise TableRefused(reason)
    now = _now()
    with writing(db) as session:
        created = _insert_table(session, name, now)
    return created


def _insert_table(session: Session, name: str, created_at: datetime) -> CreatedTable:
    """Store a new table with fresh links (only their hashes are kept), in the caller's transaction."""
    edit_token = tokens.new_edit_token()
    view_token = tokens.view_token_for(edit_token)
    table_id = table_records.insert_table(
        session,
        edit_hash=tokens.token_hash(edit_token) or "",
        view_hash=tokens.token_hash(view_token) or "",
        name=name,
        now=created_at,
    )
    table = LoadedTable(table_id, name, created_at, 0, "edit", edit_token, view_token)
    return CreatedTable(edit_token=edit_token, view_token=view_token, table=table)


def load_table(db: Db, token: str) -> LoadedTable:
    """The table this token opens (edit or view access); TableNotFound otherwise."""
    with reading(db) as session:
        return _find_table(session, token)


def open_table(db: Db, token: str) -> TableContents:
    """The table with its games replayed, its players and its history (one read transaction)."""
    with reading(db) as session:
        table = _find_table(session, token)
        stored = table_records.games_of_table(session, table.id)
        history = table_records.load_table_history(session, table.id)
    played = [_replayed(game) for game in stored]
    return TableContents(
        table=table,
        games=played,
        players=_players(played),
        history=[_table_event(event) for event in history],
    )


def table_overview(db: Db, token: str, *, players: bool = True) -> TableContents:
    """The table, its players and its history without replaying any game (``games`` is empty).

    For the table page, whose game list comes from the statistics' cache of totals; players=False
    leaves the players out for a caller that has every game's names already (`players_of_games`).
    """
    with reading(db) as session:
        table = _find_table(session, token)
        seats = table_records.player_names(session, table.id) if players else []
        history = table_records.load_table_history(session, table.id)
    return TableContents(
        table=table,
        games=[],
        players=_players_of_seats(seats),
        history=[_table_event(event) for event in history],
    )


def players_of_games(games: Iterable[tuple[int, Sequence[str]]]) -> list[TablePlayer]:
    """The table's players from its games' (id, names in seat order), as TableContents has them."""
    return _players_of_seats(
        [(game_id, seat, name) for game_id, names in games for seat, name in enumerate(names)]
    )


def latest_players(db: Db, token: str) -> tuple[str, ...]:
    """The players of the table's latest game, in seat order (none before the first game).

    Edit link only (TableReadOnly otherwise): the next game at the table starts with them.
    """
    with reading(db) as session:
        table = _find_table(session, token, edit=True)
        return table_records.latest_game_players(session, table.id)


def table_of_game(db: Db, game_token: str) -> LoadedTable | None:
    """The table the game is at, seen with the game's access (view links stay view links), or None."""
    with reading(db) as session:
        record, access = _find_game(session, game_token)
        table_id = table_records.table_of_game(session, record.id)
        found = None if table_id is None else table_records.table_by_id(session, table_id)
    if found is None:
        return None
    # A game's link never reveals its table's link: only the name and id are given.
    return LoadedTable(found.id, found.name, found.created_at, found.version, access, None, "")


def start_game(
    db: Db,
    table_token: str,
    players: Sequence[str],
    edition: Edition | str,
    title: str = "",
    coach: bool = False,
    **settings: Any,
) -> Created:
    """A new game at this table (edit link); BadSettings as for games.create_game."""
    with writing(db) as session:
        table = _find_table(session, table_token, lock=True, edit=True)
        game_id, created = _insert_game(session, players, edition, title, coach, settings)
        table_records.set_game_table(session, game_id, table.id)
        table_records.mark_table_changed(session, table.id, _now())
    return created


def rematch(db: Db, game_token: str) -> Created:
    """Same players, edition, title and settings as this game (edit link), at the same table if any."""
    with writing(db) as session:
        record, access = _find_game(session, game_token, lock=True)
        if access != "edit":
            raise ReadOnly
        settings = {"language": record.language} if getattr(record, "language", None) else {}
        game_id, created = _insert_game(
            session, record.players, record.edition, record.title, record.coach, settings
        )
        table_id = table_records.table_of_game(session, record.id)
        if table_id is not None:
            table_records.set_game_table(session, game_id, table_id)
            table_records.mark_table_changed(session, table_id, _now())
    return created


def move_game(db: Db, game_token: str, table_token: str) -> LoadedTable:
    """Put a game started alone at this table (both edit links); a game is at most at one table."""
    with writing(db) as session:
        table = _find_table(session, table_token, lock=True, edit=True)
        record, access = _find_game(session, game_token, lock=True)
        if access != "edit":
            raise ReadOnly
        current = table_records.table_of_game(session, record.id)
        if current == table.id:
            return table
        if current is not None:
            raise TableRefused(Message(ALREADY_AT_TABLE))
        now = _now()
        table_records.set_game_table(session, record.id, table.id)
        records.mark_changed(session, record.id, now)
        table_records.add_table_history(session, table.id, now, "move", {"players": list(record.players)})
        version = table_records.mark_table_changed(session, table.id, now)
    return _with_version(table, version)


def rename_player(db: Db, table_token: str, expected_version: int, name: str, new_name: str) -> LoadedTable:
    """Call this player (every spelling matching `name`) `new_name` in every game of the table."""
    return _rename(db, table_token, expected_version, name, new_name, merge=False)


def merge_players(db: Db, table_token: str, expected_version: int, keep: str, merge: str) -> LoadedTable:
    """Make `merge` the same player as `keep`: every game of the table calls them `keep`'s way."""
    return _rename(db, table_token, expected_version, merge, keep, merge=True)


def delete_game_at_table(db: Db, table_token: str, game_id: int) -> LoadedTable:
    """Delete one game of this table for good (edit link); the table keeps a line about it."""
    with writing(db) as session:
        table = _find_table(session, table_token, lock=True, edit=True)
        stored = {game.id: game for game in table_records.games_of_table(session, table.id)}
        game = stored.get(game_id) if type(game_id) is int else None
        if game is None:
            raise TableRefused(Message(NO_SUCH_GAME))
        now = _now()
        table_records.delete_games(session, [game.id])
        details = {"date": game.created_at.date().isoformat(), "players": list(game.players)}
        table_records.add_table_history(session, table.id, now, "delete", details)
        version = table_records.mark_table_changed(session, table.id, now)
    return _with_version(table, version)


def delete_game(db: Db, game_token: str) -> None:
    """Delete a game for good from its own edit link (and its line at its table, if any)."""
    with writing(db) as session:
        record, access = _find_game(session, game_token, lock=True)
        if access != "edit":
            raise ReadOnly
        table_id = table_records.table_of_game(session, record.id)
        table_records.delete_games(session, [record.id])
        if table_id is not None:
            now = _now()
            details = {"date": record.created_at.date().isoformat(), "players": list(record.players)}
            table_records.add_table_history(session, table_id, now, "delete", details)
            table_records.mark_table_changed(session, table_id, now)


def delete_table(db: Db, table_token: str) -> int:
    """Delete the table, its history and every game at it for good (edit link); returns the games deleted."""
    with writing(db) as session:
        table = _find_table(session, table_token, lock=True, edit=True)
        count = table_records.game_count(session, table.id)
        table_records.delete_table(session, table.id)
    return count


def import_table(db: Db, document: object) -> CreatedTable:
    """A new table holding the games of a table's JSON export, every turn replayed by the engine.

    Any broken structure, unknown edition or illegal turn refuses the whole file with
    ImportRefused naming the game and turn; nothing is stored then.
    """
    name, created_at, parsed = _parse_export(document)
    with writing(db) as session:
        created = _insert_table(session, name, created_at or _now())
        table_id = created.table.id
        for game in parsed:
            game_edit = tokens.new_edit_token()
            game_id = records.insert_game(
                session,
                edit_hash=tokens.token_hash(game_edit) or "",
                view_hash=tokens.token_hash(tokens.view_token_for(game_edit)) or "",
                title=game.title,
                edition=game.game.rules.id,
                coach=False,
                players=game.game.players,
                now=game.created_at,
            )
            records.add_entries(session, game_id, [(t.index, str(t.dice), t.box) for t in game.game.turns])
            table_records.set_game_table(session, game_id, table_id)
    return created


# -- renaming ----------------------------------------------------------------------


def _rename(
    db: Db, table_token: str, expected_version: int, old: str, new: str, *, merge: bool
) -> LoadedTable:
    """Rename (merge=False) or merge (merge=True) the player matching `old` into the name `new`."""
    with writing(db) as session:
        table = _find_table(session, table_token, lock=True, edit=True)
        if type(expected_version) is not int or expected_version != table.version:
            raise TableRefused(Message(TABLE_CHANGED))
        seats = table_records.player_names(session, table.id)
        old_key = player_key(games.clean_text(old))
        moving = [(game_id, seat, name) for game_id, seat, name in seats if player_key(name) == old_key]
        if not old_key or not moving:
            raise TableRefused(Message(NO_SUCH_PLAYER, {"name": games.clean_text(old)}))
        _refuse_one_seated_twice(session, table.id, moving)
        if merge:
            new_key = player_key(games.clean_text(new))
            kept = [name for _, _, name in seats if player_key(name) == new_key]
            if not new_key or not kept:
                raise TableRefused(Message(NO_SUCH_PLAYER, {"name": games.clean_text(new)}))
            if new_key == old_key:
                typed = {"first": games.clean_text(new), "second": games.clean_text(old)}
                raise TableRefused(Message(SAME_PLAYER, typed))
            new = kept[-1]  # the kept player's most recent spelling
        else:
            new = _one_name(new)
            new_key = player_key(new)
            if new_key != old_key and any(player_key(name) == new_key for _, _, name in seats):
                raise TableRefused(Message(NAME_IN_USE, {"name": new}))
        typed_old = games.clean_text(old)
        _refuse_two_in_one_game(session, table.id, seats, old_key, new_key, typed_old, games.clean_text(new))
        now = _now()
        game_ids = sorted({game_id for game_id, _, _ in moving})
        table_records.rename_seats(session, [(game_id, seat) for game_id, seat, _ in moving], new)
        table_records.bump_games(session, game_ids, now)
        before = sorted({name for _, _, name in moving})
        if merge:
            details = {"merged": before, "kept": new, "games": len(game_ids)}
            table_records.add_table_history(session, table.id, now, "merge", details)
        else:
            details = {"before": before, "after": new, "games": len(game_ids)}
            table_records.add_table_history(session, table.id, now, "rename", details)
        version = table_records.mark_table_changed(session, table.id, now)
    return _with_version(table, version)


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


# -- import --------------------------------------------------------------------------


def _parse_export(document: object) -> tuple[str, datetime | None, list[PlayedGame]]:
    """The table's name, creation time and games of an export, replayed; ImportRefused otherwise."""
    if not isinstance(document, Mapping) or not isinstance(document.get("games"), list):
        raise ImportRefused(Message(IMPORT_NOT_A_TABLE))
    name, reason = check_table_name(document.get("name", ""))
    if reason is not None or not isinstance(document.get("name", ""), str):
        raise ImportRefused(Message(IMPORT_NOT_A_TABLE))
    created_at = _timestamp(document.get("created_at"))
    items = document["games"]
    if len(items) > IMPORT_MAX_GAMES:
        raise ImportRefused(Message(IMPORT_TOO_MANY, {"max": IMPORT_MAX_GAMES}))
    return name, created_at, [_parse_game(number, item) for number, item in enumerate(items, start=1)]


def _parse_game(number: int, item: object) -> PlayedGame:
    """One exported game replayed turn by turn; ImportRefused naming the game (and turn)."""

    def refuse(reason: Message) -> ImportRefused:
        return ImportRefused(Message(IMPORT_BAD_GAME, {"game": number, "reason": reason}))

    if not isinstance(item, Mapping):
        raise refuse(Message(IMPORT_BAD_FIELD, {"field": "game"}))
    for key, kind in (("edition", str), ("players", list), ("turns", list)):
        if not isinstance(item.get(key), kind):
            raise refuse(Message(IMPORT_BAD_FIELD, {"field": key}))
    if item["edition"] not in EDITIONS:
        raise refuse(Message(IMPORT_UNKNOWN_EDITION, {"edition": item["edition"][:40]}))
    title, title_reason = games.check_title(item.get("title", ""))
    created_at = _timestamp(item.get("created_at"))
    if title_reason is not None or not isinstance(item.get("title", ""), str):
        raise refuse(Message(IMPORT_BAD_FIELD, {"field": "title"}))
    if created_at is None:
        raise refuse(Message(IMPORT_BAD_FIELD, {"field": "created_at"}))
    checked = games.check_players(item["players"])
    if checked.first is not None or list(checked.names) != item["players"]:
        raise refuse(checked.first or Message(IMPORT_BAD_FIELD, {"field": "players"}))
    game = Game(checked.names, Edition(item["edition"]))
    for index, turn in enumerate(item["turns"]):
        game = _replay_turn(number, index, game, turn)
    return PlayedGame(id=0, title=title, created_at=created_at, game=game)


def _replay_turn(number: int, index: int, game: Game, turn: object) -> Game:
    """The game with this exported turn played; ImportRefused naming the game and turn otherwise."""

    def refuse(reason: Message) -> ImportRefused:
        return ImportRefused(Message(IMPORT_BAD_TURN, {"game": number, "turn": index + 1, "reason": reason}))

    if not isinstance(turn, Mapping):
        raise refuse(Message(IMPORT_BAD_FIELD, {"field": "turn"}))
    dice, box = turn.get("dice"), turn.get("box")
    if not isinstance(box, str):
        raise refuse(Message(IMPORT_BAD_FIELD, {"field": "box"}))
    if not isinstance(dice, list) or not all(type(face) is int for face in dice):
        raise refuse(Message(IMPORT_BAD_FIELD, {"field": "dice"}))
    try:
        played = game.play(Dice.of(dice), box)
    except (RuleViolation, ValueError, TypeError) as refusal:
        reason = (
            refusal.message
            if isinstance(refusal, RuleViolation)
            else Message(IMPORT_BAD_FIELD, {"field": "dice"})
        )
        raise refuse(reason) from None
    # What the file states beside the dice and box must be what the rules give.
    made = played.turns[-1]
    stated: dict[str, object] = {
        "player": made.player,
        "name": game.players[made.player],
        "points": made.points,
        "bonus": made.bonus,
    }
    for key, computed in stated.items():
        if key in turn and turn[key] != computed:
            raise refuse(
                Message(
                    IMPORT_TURN_MISMATCH,
                    {"field": key, "stated": str(turn[key])[:40], "computed": str(computed)},
                )
            )
    return played


def _timestamp(value: object) -> datetime | None:
    """A time zone-aware ISO timestamp from the file, in UTC; None if it is not one."""
    if not isinstance(value, str) or len(value) > 40:
        return None
    try:
        parsed = datetime.fromisoformat(value)
        return None if parsed.tzinfo is None else parsed.astimezone(UTC)
    except (ValueError, OverflowError):  # year 1 or 9999 moved past the calendar's end by its offset
        return None


# -- opening -------------------------------------------------------------------------


def _find_table(session: Session, token: str, *, lock: bool = False, edit: bool = False) -> LoadedTable:
    """The table this token opens and the access it gives; TableNotFound / TableReadOnly otherwise."""
    digest = tokens.token_hash(token)
    if digest is None:
        raise TableNotFound
    record = table_records.find_table(session, digest, lock=lock)
    if record is None:
        raise TableNotFound
    if hmac.compare_digest(record.edit_hash, digest):
        table = LoadedTable(
            record.id,
            record.name,
            record.created_at,
            record.version,
            "edit",
            token,
            tokens.view_token_for(token),
        )
    elif hmac.compare_digest(record.view_hash, digest):
        table = LoadedTable(record.id, record.name, record.created_at, record.version, "view", None, token)
    else:
        raise TableNotFound
    if edit and table.access != "edit":
        raise TableReadOnly
    return table


def _find_game(session: Session, token: str, *, lock: bool = False) -> tuple[records.GameRecord, Access]:
    """The game's record and the access this token gives; GameNotFound otherwise."""
    digest = tokens.token_hash(token)
    record = None if digest is None else records.find_game(session, digest, lock=lock)
    if record is None or digest is None:
        raise GameNotFound
    if hmac.compare_digest(record.edit_hash, digest):
        return record, "edit"
    if hmac.compare_digest(record.view_hash, digest):
        return record, "view"
    raise GameNotFound


def _insert_game(
    session: Session,
    players: Sequence[str],
    edition: Edition | str,
    title: str,
    coach: bool,
    settings: Mapping[str, Any],
) -> tuple[int, Created]:
    """Store a new game as games.create_game does, inside the caller's transaction; (row id, game)."""
    checked = games.check_players(players)
    title, title_refusal = games.check_title(title)
    refusal = checked.first or title_refusal
    if refusal is not None:
        raise BadSettings(refusal)
    game = Game(checked.names, edition)  # RuleViolation (a ValueError) for an unknown edition
    coach = bool(coach) and game.edition.has_coach
    edit_token = tokens.new_edit_token()
    view_token = tokens.view_token_for(edit_token)
    now = _now()
    game_id = records.insert_game(
        session,
        edit_hash=tokens.token_hash(edit_token) or "",
        view_hash=tokens.token_hash(view_token) or "",
        title=title,
        edition=game.edition.id,
        coach=coach,
        players=checked.names,
        now=now,
        **settings,
    )
    loaded = LoadedGame(
        title=title,
        created_at=now,
        edition=game.edition,
        coach=coach,
        game=game,
        version=0,
        access="edit",
        edit_token=edit_token,
        view_token=view_token,
        **settings,
    )
    return game_id, Created(edit_token=edit_token, view_token=view_token, game=loaded)


def _replayed(stored: table_records.TableGame) -> PlayedGame:
    entries = [(Dice.parse(dice), box) for dice, box in stored.entries]
    game = Game.replay(stored.players, Edition(stored.edition), entries)
    return PlayedGame(id=stored.id, title=stored.title, created_at=stored.created_at, game=game)


def _players(played: Sequence[PlayedGame]) -> list[TablePlayer]:
    """The players of these games (see _players_of_seats)."""
    return _players_of_seats(
        [(game.id, seat, name) for game in played for seat, name in enumerate(game.game.players)]
    )


def _players_of_seats(seats: Sequence[tuple[int, int, str]]) -> list[TablePlayer]:
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


def _table_event(event: table_records.TableHistoryRecord) -> TableEvent:
    details = event.details
    if event.kind == "rename":
        message = Message(
            RENAME_SUMMARY,
            {"before": ", ".join(details["before"]), "after": details["after"], "num": details["games"]},
            plural=RENAME_SUMMARY_PLURAL,
        )
    elif event.kind == "merge":
        message = Message(
            MERGE_SUMMARY,
            {"merged": ", ".join(details["merged"]), "kept": details["kept"], "num": details["games"]},
            plural=MERGE_SUMMARY_PLURAL,
        )
    elif event.kind == "move":
        message = Message(MOVE_SUMMARY, {"players": ", ".join(details["players"])})
    else:
        message = Message(DELETE_SUMMARY, {"date": details["date"], "players": ", ".join(details["players"])})
    return TableEvent(at=event.at, kind=event.kind, message=message)


def _with_version(table: LoadedTable, version: int) -> LoadedTable:
    return LoadedTable(
        table.id, table.name, table.created_at, version, table.access, table.edit_token, table.view_token
    )


def _now() -> datetime:
    return datetime.now(UTC)


__all__ = [
    "CreatedTable",
    "ImportRefused",
    "LoadedTable",
    "PlayedGame",
    "TableContents",
    "TableEvent",
    "TableNotFound",
    "TablePlayer",
    "TableReadOnly",
    "TableRefused",
    "create_table",
    "delete_game",
    "delete_game_at_table",
    "delete_table",
    "import_table",
    "load_table",
    "merge_players",
    "move_game",
    "open_table",
    "player_key",
    "rematch",
    "rename_player",
    "start_game",
    "table_of_game",
    "table_overview",
]
