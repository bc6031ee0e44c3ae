"""Use cases of a game: create one, record, undo and correct turns, switch the coach, read history.

Each function is one transaction on the sessionmaker `db` it is given and commits before it
returns. A game is stored as settings, players and ordered entries (dice, box, and the column
and rolls where its sheet has them); the engine
replays the entries into a `Game`, so every rule is checked by the engine and nothing
derived is stored. On any refusal (Refused, StaleTurn, ReadOnly, GameNotFound,
BadSettings) nothing is stored; Refused and StaleTurn carry the game as it stands, so the
caller can answer without opening it again.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from ..rules import N_, Game, Message, Ruleset, RuleViolation, find_edition
from ..storage import records
from ..storage.engine import reading, writing
from .access import Access, access_of, digest_of, new_links, seen_links
from .clock import now
from .entries import replayed, stored_entry
from .history import HistoryEvent, history_event, turn_details
from .names import check_players, check_title

Db = sessionmaker[Session]

ALREADY_RECORDED = N_("%(player)s's turn was already recorded.")
SHEET_CHANGED = N_("The sheet changed on another phone.")


# -- results and refusals --------------------------------------------------------


class GameNotFound(LookupError):
    """No game has this token (or it is not a token at all)."""


class ReadOnly(PermissionError):
    """A view token tried to change the game."""


class StaleTurn(Exception):
    """The form was made for an earlier state of the game; `game` is the fresh one."""

    def __init__(self, message: Message, game: LoadedGame) -> None:
        self.message = message
        self.game = game
        super().__init__(str(message))


class Refused(RuleViolation):
    """The rules refused the change; `game` is the game as it stands (read in the same transaction).

    A RuleViolation, so a caller that only wants the reason catches it as one.
    """

    def __init__(self, violation: RuleViolation, game: LoadedGame) -> None:
        super().__init__(violation.message)
        self.game = game


class BadSettings(ValueError):
    """Names or a title a game cannot have; ``message`` is the first reason (see names.check_players)."""

    def __init__(self, message: Message) -> None:
        self.message = message
        super().__init__(str(message))


@dataclass(frozen=True)
class LoadedGame:
    """A stored game replayed through the engine, as one token may see it."""

    title: str
    created_at: datetime
    edition: Ruleset
    coach: bool
    game: Game
    version: int
    access: Access
    edit_token: str | None
    view_token: str
    language: str | None = None  # the language its sheet prints in ("de"); None: each phone's own

    @property
    def coached(self) -> bool:
        """Whether the coach is on for this game: asked for, and its rules have one."""
        return self.coach and self.edition.has_coach


@dataclass(frozen=True)
class GameStamp:
    """A game as live updates need it, without replaying it: its version, the link's access, its language."""

    version: int
    access: Access
    language: str | None = None


@dataclass(frozen=True)
class Created:
    """A new game and both of its links' tokens."""

    edit_token: str
    view_token: str
    game: LoadedGame


@dataclass(frozen=True)
class _Opened:
    """A game opened inside a transaction: its row id beside what the caller sees."""

    id: int
    loaded: LoadedGame


# -- use cases ---------------------------------------------------------------------


def create_game(
    db: Db,
    players: Sequence[str],
    edition: Ruleset | str,
    title: str = "",
    coach: bool = False,
    language: str | None = None,
) -> Created:
    """Store a new game; BadSettings for names or a title names.check_players/check_title refuse."""
    with writing(db) as session:
        _, created = insert_game(session, players, edition, title=title, coach=coach, language=language)
    return created


def insert_game(
    session: Session,
    players: Sequence[object],
    edition: Ruleset | str,
    *,
    title: object = "",
    coach: bool = False,
    language: str | None = None,
    created_at: datetime | None = None,
    played: Game | None = None,
) -> tuple[int, Created]:
    """Store a new game in the caller's transaction, the one way every use case does; (row id, game).
    `played`: these players' game already replayed from its turns (an import), stored with them.
    BadSettings for names or a title names.py refuses, RuleViolation for an unknown edition."""
    checked = check_players(players)
    title, title_refusal = check_title(title)
    refusal = checked.first or title_refusal
    if refusal is not None:
        raise BadSettings(refusal)
    game = played or Game(checked.names, edition)  # RuleViolation (a ValueError): an unknown edition
    coach = bool(coach) and game.edition.has_coach  # no coach is stored as on for rules without one
    links = new_links()
    created_at = created_at or now()
    game_id = records.insert_game(
        session,
        **links.hashes,
        title=title,
        edition=game.edition.id,
        coach=coach,
        players=checked.names,
        now=created_at,
        language=language or None,
    )
    records.add_entries(session, game_id, [stored_entry(game.edition, turn) for turn in game.turns])
    loaded = LoadedGame(
        title=title,
        created_at=created_at,
        edition=game.edition,
        coach=coach,
        game=game,
        version=0,
        access="edit",
        edit_token=links.edit_token,
        view_token=links.view_token,
        language=language or None,
    )
    return game_id, Created(edit_token=links.edit_token, view_token=links.view_token, game=loaded)


def load_game(db: Db, token: str) -> LoadedGame:
    """The game this token opens (edit or view access); GameNotFound otherwise."""
    with reading(db) as session:
        return _open(session, token).loaded


def game_stamp(db: Db, token: str) -> GameStamp:
    """The game's version, access and language, without replaying it (live updates); GameNotFound."""
    digest = digest_of(token)
    if digest is None:
        raise GameNotFound
    with reading(db) as session:
        found = records.find_version(session, digest)
    access = None if found is None else access_of(found[0], found[1], digest)
    if found is None or access is None:
        raise GameNotFound
    return GameStamp(found[2], access, found[3])


def game_version(db: Db, token: str) -> int:
    """The game's version, without replaying it."""
    return game_stamp(db, token).version


def record_turn(
    db: Db,
    token: str,
    expected_turn: int,
    dice: object,
    box: object,
    column: object = None,
    rolls: object = None,
) -> LoadedGame:
    """Record the current player's dice in a box (of a column, with the rolls used), if the form was
    made for this very turn.

    `column` may be None where the sheet has one column, `rolls` where the rules do not count them;
    the engine refuses anything else. `expected_turn` is the number of turns recorded when the form
    was made; anything else raises StaleTurn, so a double submit or a second phone never records a
    turn twice.
    """
    try:
        recorded = _record_if_unchanged(db, token, expected_turn, dice, box, column, rolls)
        if recorded is not None:
            return recorded
        with writing(db) as session:
            opened = _open_for_writing(session, token)
            game = opened.loaded.game
            if type(expected_turn) is not int or expected_turn != len(game.turns):
                raise _stale_turn(opened.loaded, expected_turn)
            played = _refused_with(opened.loaded, lambda: game.play(dice, box, column, rolls))
            turn = played.turns[-1]
            records.add_entry(session, opened.id, turn.index, stored_entry(played.edition, turn))
            version = records.mark_changed(session, opened.id, now())
    except IntegrityError:
        # The unique (game_id, position) guard: another writer stored this turn first.
        raise _stale_turn(load_game(db, token), expected_turn) from None
    return _replace(opened.loaded, game=played, version=version)


def _record_if_unchanged(
    db: Db, token: str, expected_turn: object, dice: object, box: object, column: object, rolls: object
) -> LoadedGame | None:
    """The turn worked out on the game as read, then stored if no write came in between; None when
    anything is off (the locked path above then decides, and words any refusal).

    Reading and replaying outside the write lock keeps the lock for a version check, one insert
    and the commit: under many tables, turns waiting for one another's replay were the slowest
    requests (every write bumps the version, so an unchanged version means an unchanged game).
    """
    with reading(db) as session:
        opened = _open(session, token)
    loaded = opened.loaded
    if loaded.access != "edit" or type(expected_turn) is not int or expected_turn != len(loaded.game.turns):
        return None
    try:
        played = loaded.game.play(dice, box, column, rolls)
    except RuleViolation:
        return None
    turn = played.turns[-1]
    with writing(db) as session:
        version = records.mark_changed_if_at(session, opened.id, loaded.version, now())
        if version is None:
            return None
        records.add_entry(session, opened.id, turn.index, stored_entry(played.edition, turn))
    return _replace(loaded, game=played, version=version)


def undo_turn(db: Db, token: str, expected_version: int) -> LoadedGame:
    """Remove the last turn, if the page was made for the current version."""
    with writing(db) as session:
        opened = _open_for_writing(session, token)
        _check_version(opened.loaded, expected_version)
        game = opened.loaded.game
        undone = _refused_with(opened.loaded, game.undo)  # nothing to undo
        removed = game.turns[-1]
        when = now()
        records.remove_entry(session, opened.id, removed.index)
        details = {"turn": turn_details(game.edition, removed)}
        records.add_history(session, opened.id, when, "undo", details)
        version = records.mark_changed(session, opened.id, when)
    return _replace(opened.loaded, game=undone, version=version)


def correct_turn(
    db: Db,
    token: str,
    expected_version: int,
    turn_index: int,
    dice: object,
    box: object,
    column: object = None,
    rolls: object = None,
) -> LoadedGame:
    """Change an earlier turn's dice, box, column and rolls; the engine replays and checks every later
    turn (the saved rolls too: a later turn left claiming more than its player has is refused).

    `column` may be None where the sheet has one column, `rolls` where the rules do not count them.
    """
    with writing(db) as session:
        opened = _open_for_writing(session, token)
        _check_version(opened.loaded, expected_version)
        game = opened.loaded.game
        # A refusal names the turn it concerns (this one, or a later one it would break).
        corrected = _refused_with(opened.loaded, lambda: game.correct(turn_index, dice, box, column, rolls))
        before, after = game.turns[turn_index], corrected.turns[turn_index]
        when = now()
        records.replace_entry(session, opened.id, turn_index, stored_entry(corrected.edition, after))
        records.add_history(
            session,
            opened.id,
            when,
            "correct",
            {"before": turn_details(game.edition, before), "after": turn_details(game.edition, after)},
        )
        version = records.mark_changed(session, opened.id, when)
    return _replace(opened.loaded, game=corrected, version=version)


def set_coach(db: Db, token: str, on: bool) -> LoadedGame:
    """Switch the coach on or off; switching to the current state changes nothing.

    Rules without a coach keep it off: asking for it on changes nothing either.
    """
    on = bool(on)
    with writing(db) as session:
        opened = _open_for_writing(session, token)
        on = on and opened.loaded.edition.has_coach
        if opened.loaded.coach == on:
            return opened.loaded
        when = now()
        records.add_history(session, opened.id, when, "coach", {"on": on})
        version = records.mark_changed(session, opened.id, when, coach=on)
    return _replace(opened.loaded, coach=on, version=version)


def history(db: Db, token: str) -> list[HistoryEvent]:
    """The game's undos, corrections and coach switches, oldest first (view access is enough)."""
    with reading(db) as session:
        record, _ = find_record(session, token)
        stored = records.load_history(session, record.id)
    rules = find_edition(record.edition)
    return [history_event(record.players, rules, event) for event in stored]


# -- opening a game ----------------------------------------------------------------


def find_record(session: Session, token: object, *, lock: bool = False) -> tuple[records.GameRecord, Access]:
    """The game's stored record and the access this token gives; GameNotFound otherwise."""
    digest = digest_of(token)
    record = None if digest is None else records.find_game(session, digest, lock=lock)
    if record is None or digest is None:
        raise GameNotFound
    access = access_of(record.edit_hash, record.view_hash, digest)
    if access is None:
        raise GameNotFound
    return record, access


def _open(session: Session, token: str, *, lock: bool = False) -> _Opened:
    """Find the game by token hash, decide the access, and replay its entries."""
    record, access = find_record(session, token, lock=lock)
    edit_token, view_token = seen_links(token, access)
    edition = find_edition(record.edition)  # the stored id ("hasbro-1996") names the ruleset
    game = replayed(record.players, edition, records.load_entries(session, record.id))
    loaded = LoadedGame(
        title=record.title,
        created_at=record.created_at,
        edition=edition,
        coach=record.coach,
        game=game,
        version=record.version,
        access=access,
        edit_token=edit_token,
        view_token=view_token,
        language=record.language,
    )
    return _Opened(id=record.id, loaded=loaded)


def _open_for_writing(session: Session, token: str) -> _Opened:
    """Open and lock the game; ReadOnly for a view token."""
    opened = _open(session, token, lock=True)
    if opened.loaded.access != "edit":
        raise ReadOnly
    return opened


# -- refusals ----------------------------------------------------------------------


def _refused_with(loaded: LoadedGame, change: Callable[[], Game]) -> Game:
    """The changed game, or Refused carrying `loaded` (the game before the change) as the fresh one."""
    try:
        return change()
    except RuleViolation as violation:
        raise Refused(violation, loaded) from violation


def _stale_turn(fresh: LoadedGame, expected_turn: object) -> StaleTurn:
    """The conflict for a form made for turn `expected_turn`, naming its player when known."""
    turns = fresh.game.turns
    if type(expected_turn) is int and 0 <= expected_turn < len(turns):
        player = fresh.game.players[turns[expected_turn].player]
        return StaleTurn(Message(ALREADY_RECORDED, {"player": player}), fresh)
    return StaleTurn(Message(SHEET_CHANGED), fresh)


def _check_version(loaded: LoadedGame, expected_version: object) -> None:
    if type(expected_version) is not int or expected_version != loaded.version:
        raise StaleTurn(Message(SHEET_CHANGED), loaded)


def _replace(loaded: LoadedGame, **changes: Any) -> LoadedGame:
    return dataclasses.replace(loaded, **changes)
