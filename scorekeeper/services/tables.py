"""Use cases of tables (groups that play together): create, open, play at, move to, delete.

Each function is one transaction on the sessionmaker `db` it is given, as in services.games.
A table has capability links like a game (only their hashes are stored); its games point at it
(a game is at most at one table). Its players are matched by name (player_names.py), renamed and
merged by table_players.py; its export and import are interchange.py's. Every figure is the
engine's: games are replayed from their stored entries, nothing derived is stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy.orm import Session

from ..rules import N_, Game, Message, Ruleset, find_edition
from ..storage import records, table_records
from ..storage.engine import reading, writing
from .access import Access, access_of, digest_of, new_links, seen_links
from .clock import now
from .entries import replayed
from .games import Created, Db, ReadOnly, find_record, insert_game
from .names import TITLE_MAX, check_title, clean_text
from .player_names import TablePlayer, players_of_seats
from .table_history import TableEvent, table_event
from .table_seals import Seals, seals_for

NAME_MAX = TITLE_MAX  # a table's name fits one line, as a game's title does

TABLE_NAME_TOO_LONG = N_("A table's name has at most %(max)d characters.")
ALREADY_AT_TABLE = N_("This game is already at another table.")
NO_SUCH_GAME = N_("That game is not at this table (it may have been deleted).")


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
class TableContents:
    """Everything the table page shows: the table, its games oldest first, players, history."""

    table: LoadedTable
    games: list[PlayedGame]
    players: list[TablePlayer] = field(default_factory=list)
    history: list[TableEvent] = field(default_factory=list)


def check_table_name(name: object) -> tuple[str, Message | None]:
    """The table's name cleaned, and why it cannot be stored (None if it can)."""
    cleaned = clean_text(name)
    if len(cleaned) > NAME_MAX:
        return cleaned, Message(TABLE_NAME_TOO_LONG, {"max": NAME_MAX})
    return check_title(cleaned)  # the same characters as a title


# -- use cases ---------------------------------------------------------------------


def create_table(db: Db, name: str = "") -> CreatedTable:
    """Store a new, empty table; TableRefused for a name check_table_name refuses."""
    name, reason = check_table_name(name)
    if reason is not None:
        raise TableRefused(reason)
    with writing(db) as session:
        return insert_table(session, name, now())


def insert_table(session: Session, name: str, created_at: datetime) -> CreatedTable:
    """Store a new table with fresh links (only their hashes are kept), in the caller's transaction."""
    links = new_links()
    table_id = table_records.insert_table(session, **links.hashes, name=name, now=created_at)
    table = LoadedTable(table_id, name, created_at, 0, "edit", links.edit_token, links.view_token)
    return CreatedTable(edit_token=links.edit_token, view_token=links.view_token, table=table)


def load_table(db: Db, token: str) -> LoadedTable:
    """The table this token opens (edit or view access); TableNotFound otherwise."""
    with reading(db) as session:
        return find_table(session, token)


def open_table(db: Db, token: str) -> TableContents:
    """The table with its games replayed, its players and its history (one read transaction)."""
    with reading(db) as session:
        table = find_table(session, token)
        stored = table_records.games_of_table(session, table.id)
        history = table_records.load_table_history(session, table.id)
    played = [_replayed(game) for game in stored]
    return TableContents(
        table=table,
        games=played,
        players=players_of_seats(
            [(game.id, seat, name) for game in played for seat, name in enumerate(game.game.players)]
        ),
        history=[table_event(event) for event in history],
    )


def table_overview(db: Db, token: str, *, players: bool = True) -> TableContents:
    """The table, its players and its history without replaying any game (``games`` is empty).

    For the table page, whose game list comes from the statistics' cache of totals; players=False
    leaves the players out for a caller that has every game's names already
    (player_names.players_of_games).
    """
    with reading(db) as session:
        table = find_table(session, token)
        seats = table_records.player_names(session, table.id) if players else []
        history = table_records.load_table_history(session, table.id)
    return TableContents(
        table=table,
        games=[],
        players=players_of_seats(seats),
        history=[table_event(event) for event in history],
    )


def latest_players(db: Db, token: str) -> tuple[str, ...]:
    """The players of the table's latest game, in seat order (none before the first game).

    Edit link only (TableReadOnly otherwise): the next game at the table starts with them.
    """
    with reading(db) as session:
        table = find_table(session, token, edit=True)
        return table_records.latest_game_players(session, table.id)


def table_of_game(db: Db, game_token: str) -> LoadedTable | None:
    """The table the game is at, seen with the game's access (view links stay view links), or None."""
    with reading(db) as session:
        record, access = find_record(session, game_token)
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
    edition: Ruleset | str,
    title: str = "",
    coach: bool = False,
    language: str | None = None,
    secret: str | None = None,
) -> Created:
    """A new game at this table (edit link); BadSettings as for games.create_game. With the server's
    `secret`, the table keeps the game's links (table_seals.py) and its list opens the game."""
    with writing(db) as session:
        table = find_table(session, table_token, lock=True, edit=True)
        game_id, created = insert_game(session, players, edition, title=title, coach=coach, language=language)
        table_records.set_game_table(session, game_id, table.id, _seals(secret, table.id, game_id, created))
        table_records.mark_table_changed(session, table.id, now())
    return created


def rematch(db: Db, game_token: str, secret: str | None = None) -> Created:
    """Same players, edition, title and settings as this game (edit link), at the same table if any
    (which keeps its links, given the server's `secret`); the next player starts (the engine's
    rematch_players)."""
    with writing(db) as session:
        record, access = find_record(session, game_token, lock=True)
        if access != "edit":
            raise ReadOnly
        game_id, created = insert_game(
            session,
            list(Game(record.players, record.edition).rematch_players()),
            record.edition,
            title=record.title,
            coach=record.coach,
            language=record.language,
        )
        table_id = table_records.table_of_game(session, record.id)
        if table_id is not None:
            seals = _seals(secret, table_id, game_id, created)
            table_records.set_game_table(session, game_id, table_id, seals)
            table_records.mark_table_changed(session, table_id, now())
    return created


def move_game(db: Db, game_token: str, table_token: str, secret: str | None = None) -> LoadedTable:
    """Put a game started alone at this table (both edit links); a game is at most at one table.
    With the server's `secret`, the table keeps the game's links and its list opens the game."""
    with writing(db) as session:
        table = find_table(session, table_token, lock=True, edit=True)
        record, access = find_record(session, game_token, lock=True)
        if access != "edit":
            raise ReadOnly
        current = table_records.table_of_game(session, record.id)
        if current == table.id:
            return table
        if current is not None:
            raise TableRefused(Message(ALREADY_AT_TABLE))
        when = now()
        seals = None if secret is None else seals_for(secret, table.id, record.id, game_token)
        table_records.set_game_table(session, record.id, table.id, seals)
        records.mark_changed(session, record.id, when)
        table_records.add_table_history(session, table.id, when, "move", {"players": list(record.players)})
        version = table_records.mark_table_changed(session, table.id, when)
    return with_version(table, version)


def _seals(secret: str | None, table_id: int, game_id: int, created: Created) -> Seals | None:
    """The new game's links sealed for its table, if the server's secret is given."""
    return None if secret is None else seals_for(secret, table_id, game_id, created.edit_token)


def delete_game_at_table(db: Db, table_token: str, game_id: int) -> LoadedTable:
    """Delete one game of this table for good (edit link); the table keeps a line about it."""
    with writing(db) as session:
        table = find_table(session, table_token, lock=True, edit=True)
        stored = {game.id: game for game in table_records.games_of_table(session, table.id)}
        game = stored.get(game_id) if type(game_id) is int else None
        if game is None:
            raise TableRefused(Message(NO_SUCH_GAME))
        when = now()
        table_records.delete_games(session, [game.id])
        details = {"date": game.created_at.date().isoformat(), "players": list(game.players)}
        table_records.add_table_history(session, table.id, when, "delete", details)
        version = table_records.mark_table_changed(session, table.id, when)
    return with_version(table, version)


def delete_game(db: Db, game_token: str) -> None:
    """Delete a game for good from its own edit link (and its line at its table, if any)."""
    with writing(db) as session:
        record, access = find_record(session, game_token, lock=True)
        if access != "edit":
            raise ReadOnly
        table_id = table_records.table_of_game(session, record.id)
        table_records.delete_games(session, [record.id])
        if table_id is not None:
            when = now()
            details = {"date": record.created_at.date().isoformat(), "players": list(record.players)}
            table_records.add_table_history(session, table_id, when, "delete", details)
            table_records.mark_table_changed(session, table_id, when)


def delete_table(db: Db, table_token: str) -> int:
    """Delete the table, its history and every game at it for good (edit link); returns the games deleted."""
    with writing(db) as session:
        table = find_table(session, table_token, lock=True, edit=True)
        count = table_records.game_count(session, table.id)
        table_records.delete_table(session, table.id)
    return count


# -- opening -------------------------------------------------------------------------


def find_table(session: Session, token: str, *, lock: bool = False, edit: bool = False) -> LoadedTable:
    """The table this token opens and the access it gives; TableNotFound / TableReadOnly otherwise."""
    digest = digest_of(token)
    record = None if digest is None else table_records.find_table(session, digest, lock=lock)
    if record is None or digest is None:
        raise TableNotFound
    access = access_of(record.edit_hash, record.view_hash, digest)
    if access is None:
        raise TableNotFound
    if edit and access != "edit":
        raise TableReadOnly
    edit_token, view_token = seen_links(token, access)
    return LoadedTable(
        record.id, record.name, record.created_at, record.version, access, edit_token, view_token
    )


def with_version(table: LoadedTable, version: int) -> LoadedTable:
    """The table as it is after a change that gave it this version."""
    return LoadedTable(
        table.id, table.name, table.created_at, version, table.access, table.edit_token, table.view_token
    )


def _replayed(stored: table_records.TableGame) -> PlayedGame:
    game = replayed(stored.players, find_edition(stored.edition), stored.entries)
    return PlayedGame(id=stored.id, title=stored.title, created_at=stored.created_at, game=game)
