"""Use cases: create a game, record, undo and correct turns, switch the coach, read history.

Each function is one transaction on the sessionmaker `db` it is given and commits before it
returns. A game is stored as settings, players and ordered (dice, box) entries; the engine
replays the entries into a `Game`, so every rule is checked by the engine and nothing
derived is stored. On any refusal (RuleViolation, StaleTurn, ReadOnly, GameNotFound,
ValueError) nothing is stored.
"""

from __future__ import annotations

import dataclasses
import hmac
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from .rules import MAX_PLAYERS, MIN_PLAYERS, Box, Edition, Game, Turn
from .rules.boxes import N_
from .rules.game import BAD_PLAYER_COUNT
from .storage import records, tokens
from .storage.engine import reading, writing

Access = Literal["edit", "view"]
Db = sessionmaker[Session]

MAX_NAME_LENGTH = 24
MAX_TITLE_LENGTH = 100

ALREADY_RECORDED = N_("%(player)s's turn was already recorded.")
SHEET_CHANGED = N_("The sheet changed on another phone.")

BAD_NAME = N_("A player's name has 1 to 24 characters.")
DUPLICATE_NAME = N_("Two players cannot have the same name (%(name)s).")
BAD_TITLE = N_("A title has at most 100 characters.")
# PostgreSQL cannot store a NUL in text (SQLite can): refuse it the same way on both.
NUL_CHARACTER = N_("Names and titles cannot contain a NUL character.")

UNDO_SUMMARY = N_("Undid %(player)s's turn in round %(round)d: %(turn)s.")
CORRECT_SUMMARY = N_("Corrected %(player)s's turn in round %(round)d: %(before)s → %(after)s.")
COACH_ON_SUMMARY = N_("Coach turned on.")
COACH_OFF_SUMMARY = N_("Coach turned off.")
TURN_SUMMARY = N_("%(dice)s in %(box)s for %(points)d")
TURN_WITH_BONUS_SUMMARY = N_("%(dice)s in %(box)s for %(points)d, +%(bonus)d Yahtzee bonus")


# -- results and refusals --------------------------------------------------------


class GameNotFound(LookupError):
    """No game has this token (or it is not a token at all)."""


class ReadOnly(PermissionError):
    """A view token tried to change the game."""


class StaleTurn(Exception):
    """The form was made for an earlier state of the game; `game` is the fresh one.

    ``template`` and ``params`` let the web layer translate: message == template % params.
    """

    def __init__(self, template: str, game: LoadedGame, **params: object) -> None:
        self.template = template
        self.params = params
        self.message = template % params if params else template
        self.game = game
        super().__init__(self.message)


@dataclass(frozen=True)
class LoadedGame:
    """A stored game replayed through the engine, as one token may see it."""

    title: str
    created_at: datetime
    edition: Edition
    coach: bool
    game: Game
    version: int
    access: Access
    edit_token: str | None
    view_token: str


@dataclass(frozen=True)
class Created:
    """A new game and both of its links' tokens."""

    edit_token: str
    view_token: str
    game: LoadedGame


@dataclass(frozen=True)
class HistoryEvent:
    """An undo, a correction or a coach switch, summed up in a player's words.

    ``template`` and ``params`` let the web layer translate: summary == template % params.
    A param that is itself a phrase ("6 6 6 6 6 in Yahtzee for 50") is also in ``phrases``
    as (template, params), its box by display name, so it can be translated too.
    """

    at: datetime
    kind: Literal["undo", "correct", "coach"]
    summary: str
    template: str = ""
    params: dict[str, Any] = field(default_factory=dict)
    phrases: dict[str, tuple[str, dict[str, Any]]] = field(default_factory=dict)


@dataclass(frozen=True)
class _Opened:
    """A game opened inside a transaction: its row id beside what the caller sees."""

    id: int
    loaded: LoadedGame


# -- use cases ---------------------------------------------------------------------


def create_game(
    db: Db, players: Sequence[str], edition: Edition | str, title: str = "", coach: bool = False
) -> Created:
    """Store a new game; ValueError (with a player's message) for bad names or title."""
    names = _checked_names(players)
    title = _checked_title(title)
    game = Game(names, edition)  # RuleViolation (a ValueError) for an unknown edition
    edition = game.edition
    edit_token = tokens.new_edit_token()
    view_token = tokens.view_token_for(edit_token)
    now = _now()
    with writing(db) as session:
        records.insert_game(
            session,
            edit_hash=tokens.token_hash(edit_token) or "",
            view_hash=tokens.token_hash(view_token) or "",
            title=title,
            edition=edition.value,
            coach=bool(coach),
            players=names,
            now=now,
        )
    loaded = LoadedGame(
        title=title, created_at=now, edition=edition, coach=bool(coach), game=game,
        version=0, access="edit", edit_token=edit_token, view_token=view_token,
    )
    return Created(edit_token=edit_token, view_token=view_token, game=loaded)


def load_game(db: Db, token: str) -> LoadedGame:
    """The game this token opens (edit or view access); GameNotFound otherwise."""
    with reading(db) as session:
        return _open(session, token).loaded


def game_version(db: Db, token: str) -> int:
    """The game's version, without replaying it (for polling)."""
    digest = tokens.token_hash(token)
    if digest is None:
        raise GameNotFound
    with reading(db) as session:
        found = records.find_version(session, digest)
    if found is None or not _matches(found[0], found[1], digest):
        raise GameNotFound
    return found[2]


def record_turn(db: Db, token: str, expected_turn: int, dice: object, box: object) -> LoadedGame:
    """Record the current player's dice in a box, if the form was made for this very turn.

    `expected_turn` is the number of turns recorded when the form was made; anything else
    raises StaleTurn, so a double submit or a second phone never records a turn twice.
    """
    try:
        with writing(db) as session:
            opened = _open_for_writing(session, token)
            game = opened.loaded.game
            if type(expected_turn) is not int or expected_turn != len(game.turns):
                raise _stale_turn(opened.loaded, expected_turn)
            played = game.play(dice, box)  # RuleViolation: the transaction rolls back
            turn = played.turns[-1]
            records.add_entry(session, opened.id, turn.index, _dice_text(turn.dice), turn.box.value)
            version = records.mark_changed(session, opened.id, _now())
    except IntegrityError:
        # The unique (game_id, position) guard: another writer stored this turn first.
        raise _stale_turn(load_game(db, token), expected_turn) from None
    return _replace(opened.loaded, game=played, version=version)


def undo_turn(db: Db, token: str, expected_version: int) -> LoadedGame:
    """Remove the last turn, if the page was made for the current version."""
    with writing(db) as session:
        opened = _open_for_writing(session, token)
        _check_version(opened.loaded, expected_version)
        game = opened.loaded.game
        undone = game.undo()  # RuleViolation when there is nothing to undo
        removed = game.turns[-1]
        now = _now()
        records.remove_entry(session, opened.id, removed.index)
        records.add_history(session, opened.id, now, "undo", {"turn": _turn_details(removed)})
        version = records.mark_changed(session, opened.id, now)
    return _replace(opened.loaded, game=undone, version=version)


def correct_turn(
    db: Db, token: str, expected_version: int, turn_index: int, dice: object, box: object
) -> LoadedGame:
    """Change an earlier turn's dice and box; the engine replays and checks every later turn."""
    with writing(db) as session:
        opened = _open_for_writing(session, token)
        _check_version(opened.loaded, expected_version)
        game = opened.loaded.game
        corrected = game.correct(turn_index, dice, box)  # RuleViolation names the turn
        before, after = game.turns[turn_index], corrected.turns[turn_index]
        now = _now()
        records.replace_entry(
            session, opened.id, turn_index, _dice_text(after.dice), after.box.value
        )
        records.add_history(
            session, opened.id, now, "correct",
            {"before": _turn_details(before), "after": _turn_details(after)},
        )
        version = records.mark_changed(session, opened.id, now)
    return _replace(opened.loaded, game=corrected, version=version)


def set_coach(db: Db, token: str, on: bool) -> LoadedGame:
    """Switch the coach on or off; switching to the current state changes nothing."""
    on = bool(on)
    with writing(db) as session:
        opened = _open_for_writing(session, token)
        if opened.loaded.coach == on:
            return opened.loaded
        now = _now()
        records.add_history(session, opened.id, now, "coach", {"on": on})
        version = records.mark_changed(session, opened.id, now, coach=on)
    return _replace(opened.loaded, coach=on, version=version)


def history(db: Db, token: str) -> list[HistoryEvent]:
    """The game's undos, corrections and coach switches, oldest first (view access is enough)."""
    with reading(db) as session:
        record, _ = _find(session, token)
        stored = records.load_history(session, record.id)
    return [_history_event(record.players, event) for event in stored]


# -- opening a game ----------------------------------------------------------------


def _find(
    session: Session, token: str, *, lock: bool = False
) -> tuple[records.GameRecord, Access]:
    """The game's stored record and the access this token gives; GameNotFound otherwise."""
    digest = tokens.token_hash(token)
    if digest is None:
        raise GameNotFound
    record = records.find_game(session, digest, lock=lock)
    if record is None:
        raise GameNotFound
    # The lookup used the index; confirm in constant time which capability matched.
    if hmac.compare_digest(record.edit_hash, digest):
        return record, "edit"
    if hmac.compare_digest(record.view_hash, digest):
        return record, "view"
    raise GameNotFound


def _open(session: Session, token: str, *, lock: bool = False) -> _Opened:
    """Find the game by token hash, decide the access, and replay its entries."""
    record, access = _find(session, token, lock=lock)
    if access == "edit":
        edit_token: str | None = token
        view_token = tokens.view_token_for(token)
    else:
        edit_token, view_token = None, token
    edition = Edition(record.edition)
    entries = [(_dice_tuple(dice), box) for dice, box in records.load_entries(session, record.id)]
    game = Game.replay(record.players, edition, entries)
    loaded = LoadedGame(
        title=record.title, created_at=record.created_at, edition=edition, coach=record.coach,
        game=game, version=record.version, access=access, edit_token=edit_token,
        view_token=view_token,
    )
    return _Opened(id=record.id, loaded=loaded)


def _open_for_writing(session: Session, token: str) -> _Opened:
    """Open and lock the game; ReadOnly for a view token."""
    opened = _open(session, token, lock=True)
    if opened.loaded.access != "edit":
        raise ReadOnly
    return opened


def _matches(edit_hash: str, view_hash: str, digest: str) -> bool:
    # Both comparisons always run, so timing does not tell which one matched.
    edit = hmac.compare_digest(edit_hash, digest)
    view = hmac.compare_digest(view_hash, digest)
    return edit or view


# -- refusals ----------------------------------------------------------------------


def _stale_turn(fresh: LoadedGame, expected_turn: object) -> StaleTurn:
    """The conflict for a form made for turn `expected_turn`, naming its player when known."""
    turns = fresh.game.turns
    if type(expected_turn) is int and 0 <= expected_turn < len(turns):
        player = fresh.game.players[turns[expected_turn].player]
        return StaleTurn(ALREADY_RECORDED, fresh, player=player)
    return StaleTurn(SHEET_CHANGED, fresh)


def _check_version(loaded: LoadedGame, expected_version: object) -> None:
    if type(expected_version) is not int or expected_version != loaded.version:
        raise StaleTurn(SHEET_CHANGED, loaded)


def _checked_names(players: Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, str):  # one name alone, as the engine takes it
        players = (players,)
    names = tuple(name.strip() if isinstance(name, str) else "" for name in players)
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise ValueError(BAD_PLAYER_COUNT)
    seen: set[str] = set()
    for name in names:
        if not 1 <= len(name) <= MAX_NAME_LENGTH:
            raise ValueError(BAD_NAME)
        if "\x00" in name:
            raise ValueError(NUL_CHARACTER)
        if name in seen:
            raise ValueError(DUPLICATE_NAME % {"name": name})
        seen.add(name)
    return names


def _checked_title(title: str | None) -> str:
    title = (title or "").strip()
    if len(title) > MAX_TITLE_LENGTH:
        raise ValueError(BAD_TITLE)
    if "\x00" in title:
        raise ValueError(NUL_CHARACTER)
    return title


# -- history summaries -------------------------------------------------------------


def _turn_details(turn: Turn) -> dict[str, Any]:
    """What history keeps of a turn (stored as JSON)."""
    return {
        "index": turn.index, "round": turn.round, "player": turn.player,
        "dice": _dice_text(turn.dice), "box": turn.box.value,
        "points": turn.points, "bonus": turn.bonus,
    }


def _turn_phrase(turn: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """E.g. "2 2 4 5 6 in Chance for 19", as (template, params)."""
    params = {
        "dice": " ".join(turn["dice"]), "box": Box(turn["box"]).display_name,
        "points": turn["points"], "bonus": turn["bonus"],
    }
    return (TURN_WITH_BONUS_SUMMARY if turn["bonus"] else TURN_SUMMARY), params


def _history_event(players: Sequence[str], event: records.HistoryRecord) -> HistoryEvent:
    details = event.details
    params: dict[str, Any]
    phrases: dict[str, tuple[str, dict[str, Any]]] = {}
    if event.kind == "undo":
        turn = details["turn"]
        template = UNDO_SUMMARY
        params = {"player": players[turn["player"]], "round": turn["round"]}
        phrases = {"turn": _turn_phrase(turn)}
    elif event.kind == "correct":
        before = details["before"]
        template = CORRECT_SUMMARY
        params = {"player": players[before["player"]], "round": before["round"]}
        phrases = {"before": _turn_phrase(before), "after": _turn_phrase(details["after"])}
    else:
        template = COACH_ON_SUMMARY if details["on"] else COACH_OFF_SUMMARY
        params = {}
    params.update({key: phrase % values for key, (phrase, values) in phrases.items()})
    summary = template % params if params else template
    return HistoryEvent(at=event.at, kind=event.kind,  # type: ignore[arg-type]
                        summary=summary, template=template, params=params, phrases=phrases)


# -- small helpers -----------------------------------------------------------------


def _now() -> datetime:
    return datetime.now(UTC)


def _dice_text(dice: Sequence[int]) -> str:
    """Sorted dice as stored, e.g. "22456"."""
    return "".join(str(face) for face in dice)


def _dice_tuple(text: str) -> tuple[int, ...]:
    return tuple(int(face) for face in text)


def _replace(loaded: LoadedGame, **changes: Any) -> LoadedGame:
    return dataclasses.replace(loaded, **changes)


__all__ = [
    "Created", "GameNotFound", "HistoryEvent", "LoadedGame", "ReadOnly", "StaleTurn",
    "correct_turn", "create_game", "game_version", "history", "load_game", "record_turn",
    "set_coach", "undo_turn",
]
