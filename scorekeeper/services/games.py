"""Use cases: create a game, record, undo and correct turns, switch the coach, read history.

Each function is one transaction on the sessionmaker `db` it is given and commits before it
returns. A game is stored as settings, players and ordered (dice, box) entries; the engine
replays the entries into a `Game`, so every rule is checked by the engine and nothing
derived is stored. On any refusal (Refused, StaleTurn, ReadOnly, GameNotFound,
BadSettings) nothing is stored; Refused and StaleTurn carry the game as it stands, so the
caller can answer without opening it again.
"""

from __future__ import annotations

import dataclasses
import hmac
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from ..rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    N_,
    Dice,
    Edition,
    Game,
    Message,
    Ruleset,
    RuleViolation,
    Turn,
)
from ..rules.game import BAD_PLAYER_COUNT
from ..storage import records, tokens
from ..storage.engine import reading, writing

Access = Literal["edit", "view"]
Db = sessionmaker[Session]

# The one limit of each, for the engine's callers, the form, its messages and its templates.
NAME_MAX = 24  # storage's players.name is String(24)
TITLE_MAX = 60  # a title fits one line of the sheet (storage's column allows 100)

ALREADY_RECORDED = N_("%(player)s's turn was already recorded.")
SHEET_CHANGED = N_("The sheet changed on another phone.")

NAME_MISSING = N_("Enter a name, or remove this player.")
NAME_TOO_LONG = N_("A name has at most %(max)d characters.")
NAME_TAKEN = N_("%(name)s is already playing; tell them apart, e.g. %(name)s 2.")
TITLE_TOO_LONG = N_("A title has at most %(max)d characters.")
# Control, format and unassigned characters (a NUL among them, which PostgreSQL cannot store).
NOT_PRINTABLE = N_("Use letters, digits and punctuation only.")

UNDO_SUMMARY = N_("Undid %(player)s's turn in round %(round)d: %(turn)s.")
CORRECT_SUMMARY = N_("Corrected %(player)s's turn in round %(round)d: %(before)s → %(after)s.")
COACH_ON_SUMMARY = N_("Coach turned on.")
COACH_OFF_SUMMARY = N_("Coach turned off.")
TURN_SUMMARY = N_("%(dice)s in %(box)s for %(points)d")
TURN_WITH_BONUS_SUMMARY = N_("%(dice)s in %(box)s for %(points)d, +%(bonus)d %(extra)s bonus")


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
    """Names or a title a game cannot have; ``message`` is the first reason (see check_players)."""

    def __init__(self, message: Message) -> None:
        self.message = message
        super().__init__(str(message))


@dataclass(frozen=True)
class PlayersCheck:
    """The names as they would be stored, a reason per refused seat, and one for the list as a whole."""

    names: tuple[str, ...]
    reasons: dict[int, Message] = field(default_factory=dict)
    count: Message | None = None  # too few or too many players

    @property
    def first(self) -> Message | None:
        """The reason to give when only one can be given (the count, else the first seat's)."""
        if self.count is not None:
            return self.count
        return next(iter(self.reasons.values()), None)


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
class HistoryEvent:
    """An undo, a correction or a coach switch, as a Message the web layer translates.

    The turn phrases inside it ("6 6 6 6 6 in Yahtzee for 50") and their box names are
    Messages too, so every word of it can be translated.
    """

    at: datetime
    kind: records.HistoryKind
    message: Message

    @property
    def summary(self) -> str:
        """The event in English."""
        return str(self.message)


@dataclass(frozen=True)
class _Opened:
    """A game opened inside a transaction: its row id beside what the caller sees."""

    id: int
    loaded: LoadedGame


# -- names and titles --------------------------------------------------------------


def clean_text(value: object) -> str:
    """Trimmed text in Unicode NFC with runs of white space made one space ("" for anything but text).

    NFC: "é" typed as one character or as e + a combining accent is one and the same name.
    """
    return " ".join(unicodedata.normalize("NFC", value).split()) if isinstance(value, str) else ""


def _printable(text: str) -> bool:
    return not any(unicodedata.category(ch).startswith("C") for ch in text)


def check_players(players: Sequence[object] | str) -> PlayersCheck:
    """The players' names cleaned, with a reason for each seat whose name cannot be stored.

    Names are compared without regard to case: "Ann" and "ann" cannot both play.
    """
    if isinstance(players, str):  # one name alone, as the engine takes it
        players = (players,)
    names = tuple(clean_text(name) for name in players)
    reasons: dict[int, Message] = {}
    seen: set[str] = set()
    for seat, name in enumerate(names):
        if not name:
            reasons[seat] = Message(NAME_MISSING)
        elif len(name) > NAME_MAX:
            reasons[seat] = Message(NAME_TOO_LONG, {"max": NAME_MAX})
        elif not _printable(name):
            reasons[seat] = Message(NOT_PRINTABLE)
        elif name.casefold() in seen:
            reasons[seat] = Message(NAME_TAKEN, {"name": name})
        else:
            seen.add(name.casefold())
    count = None
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        count = Message(BAD_PLAYER_COUNT, {"min": MIN_PLAYERS, "max": MAX_PLAYERS})
    return PlayersCheck(names, reasons, count)


def check_title(title: object) -> tuple[str, Message | None]:
    """The title cleaned, and why it cannot be stored (None if it can)."""
    title = clean_text(title)
    if len(title) > TITLE_MAX:
        return title, Message(TITLE_TOO_LONG, {"max": TITLE_MAX})
    if not _printable(title):
        return title, Message(NOT_PRINTABLE)
    return title, None


# -- use cases ---------------------------------------------------------------------


def create_game(
    db: Db,
    players: Sequence[str],
    edition: Edition | str,
    title: str = "",
    coach: bool = False,
    language: str | None = None,
) -> Created:
    """Store a new game; BadSettings for names or a title check_players/check_title refuse."""
    checked = check_players(players)
    title, title_refusal = check_title(title)
    refusal = checked.first or title_refusal
    if refusal is not None:
        raise BadSettings(refusal)
    names = checked.names
    game = Game(names, edition)  # RuleViolation (a ValueError) for an unknown edition
    edition = game.edition
    coach = bool(coach) and edition.has_coach  # no coach is stored as on for rules without one
    edit_token = tokens.new_edit_token()
    view_token = tokens.view_token_for(edit_token)
    now = _now()
    with writing(db) as session:
        records.insert_game(
            session,
            edit_hash=tokens.token_hash(edit_token) or "",
            view_hash=tokens.token_hash(view_token) or "",
            title=title,
            edition=edition.id,
            coach=coach,
            players=names,
            now=now,
            language=language or None,
        )
    loaded = LoadedGame(
        title=title,
        created_at=now,
        edition=edition,
        coach=coach,
        game=game,
        version=0,
        access="edit",
        edit_token=edit_token,
        view_token=view_token,
        language=language or None,
    )
    return Created(edit_token=edit_token, view_token=view_token, game=loaded)


def load_game(db: Db, token: str) -> LoadedGame:
    """The game this token opens (edit or view access); GameNotFound otherwise."""
    with reading(db) as session:
        return _open(session, token).loaded


def game_stamp(db: Db, token: str) -> GameStamp:
    """The game's version, access and language, without replaying it (live updates); GameNotFound."""
    digest = tokens.token_hash(token)
    if digest is None:
        raise GameNotFound
    with reading(db) as session:
        found = records.find_version(session, digest)
    if found is None or not _matches(found[0], found[1], digest):
        raise GameNotFound
    access: Access = "edit" if hmac.compare_digest(found[0], digest) else "view"
    return GameStamp(found[2], access, found[3])


def game_version(db: Db, token: str) -> int:
    """The game's version, without replaying it."""
    return game_stamp(db, token).version


def record_turn(db: Db, token: str, expected_turn: int, dice: object, box: object) -> LoadedGame:
    """Record the current player's dice in a box, if the form was made for this very turn.

    `expected_turn` is the number of turns recorded when the form was made; anything else
    raises StaleTurn, so a double submit or a second phone never records a turn twice.
    """
    try:
        recorded = _record_if_unchanged(db, token, expected_turn, dice, box)
        if recorded is not None:
            return recorded
        with writing(db) as session:
            opened = _open_for_writing(session, token)
            game = opened.loaded.game
            if type(expected_turn) is not int or expected_turn != len(game.turns):
                raise _stale_turn(opened.loaded, expected_turn)
            played = _refused_with(opened.loaded, lambda: game.play(dice, box))
            turn = played.turns[-1]
            records.add_entry(session, opened.id, turn.index, str(turn.dice), turn.box)
            version = records.mark_changed(session, opened.id, _now())
    except IntegrityError:
        # The unique (game_id, position) guard: another writer stored this turn first.
        raise _stale_turn(load_game(db, token), expected_turn) from None
    return _replace(opened.loaded, game=played, version=version)


def _record_if_unchanged(
    db: Db, token: str, expected_turn: object, dice: object, box: object
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
        played = loaded.game.play(dice, box)
    except RuleViolation:
        return None
    turn = played.turns[-1]
    with writing(db) as session:
        version = records.mark_changed_if_at(session, opened.id, loaded.version, _now())
        if version is None:
            return None
        records.add_entry(session, opened.id, turn.index, str(turn.dice), turn.box)
    return _replace(loaded, game=played, version=version)


def undo_turn(db: Db, token: str, expected_version: int) -> LoadedGame:
    """Remove the last turn, if the page was made for the current version."""
    with writing(db) as session:
        opened = _open_for_writing(session, token)
        _check_version(opened.loaded, expected_version)
        game = opened.loaded.game
        undone = _refused_with(opened.loaded, game.undo)  # nothing to undo
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
        # A refusal names the turn it concerns (this one, or a later one it would break).
        corrected = _refused_with(opened.loaded, lambda: game.correct(turn_index, dice, box))
        before, after = game.turns[turn_index], corrected.turns[turn_index]
        now = _now()
        records.replace_entry(session, opened.id, turn_index, str(after.dice), after.box)
        records.add_history(
            session,
            opened.id,
            now,
            "correct",
            {"before": _turn_details(before), "after": _turn_details(after)},
        )
        version = records.mark_changed(session, opened.id, now)
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
        now = _now()
        records.add_history(session, opened.id, now, "coach", {"on": on})
        version = records.mark_changed(session, opened.id, now, coach=on)
    return _replace(opened.loaded, coach=on, version=version)


def history(db: Db, token: str) -> list[HistoryEvent]:
    """The game's undos, corrections and coach switches, oldest first (view access is enough)."""
    with reading(db) as session:
        record, _ = _find(session, token)
        stored = records.load_history(session, record.id)
    rules = Edition(record.edition)
    return [_history_event(record.players, rules, event) for event in stored]


# -- opening a game ----------------------------------------------------------------


def _find(session: Session, token: str, *, lock: bool = False) -> tuple[records.GameRecord, Access]:
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
    edition = Edition(record.edition)  # the stored id ("hasbro-1996") names the ruleset
    entries = [(Dice.parse(dice), box) for dice, box in records.load_entries(session, record.id)]
    game = Game.replay(record.players, edition, entries)
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


def _matches(edit_hash: str, view_hash: str, digest: str) -> bool:
    # Both comparisons always run, so timing does not tell which one matched.
    edit = hmac.compare_digest(edit_hash, digest)
    view = hmac.compare_digest(view_hash, digest)
    return edit or view


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


# -- history summaries -------------------------------------------------------------


def _turn_details(turn: Turn) -> dict[str, Any]:
    """What history keeps of a turn (stored as JSON)."""
    return {
        "index": turn.index,
        "round": turn.round,
        "player": turn.player,
        "dice": str(turn.dice),
        "box": turn.box,
        "points": turn.points,
        "bonus": turn.bonus,
    }


def _turn_phrase(rules: Ruleset, turn: dict[str, Any]) -> Message:
    """E.g. "2 2 4 5 6 in Chance for 19", its box named by the game's ruleset."""
    params = {
        "dice": " ".join(str(Dice.parse(turn["dice"]))),
        "box": Message(rules.box(turn["box"]).name),
        "points": turn["points"],
        "bonus": turn["bonus"],
    }
    extra = rules.extra
    if not turn["bonus"] or extra is None:
        return Message(TURN_SUMMARY, params)
    # The bonus is named after the edition's five-of-a-kind box ("+100 Yahtzee bonus").
    params["extra"] = Message(rules.box(extra.box).name)
    return Message(TURN_WITH_BONUS_SUMMARY, params)


def _history_event(players: Sequence[str], rules: Ruleset, event: records.HistoryRecord) -> HistoryEvent:
    details = event.details
    if event.kind == "undo":
        turn = details["turn"]
        message = Message(
            UNDO_SUMMARY,
            {
                "player": players[turn["player"]],
                "round": turn["round"],
                "turn": _turn_phrase(rules, turn),
            },
        )
    elif event.kind == "correct":
        before = details["before"]
        message = Message(
            CORRECT_SUMMARY,
            {
                "player": players[before["player"]],
                "round": before["round"],
                "before": _turn_phrase(rules, before),
                "after": _turn_phrase(rules, details["after"]),
            },
        )
    else:
        message = Message(COACH_ON_SUMMARY if details["on"] else COACH_OFF_SUMMARY)
    return HistoryEvent(at=event.at, kind=event.kind, message=message)


# -- small helpers -----------------------------------------------------------------


def _now() -> datetime:
    return datetime.now(UTC)


def _replace(loaded: LoadedGame, **changes: Any) -> LoadedGame:
    return dataclasses.replace(loaded, **changes)


__all__ = [
    "NAME_MAX",
    "TITLE_MAX",
    "BadSettings",
    "Created",
    "GameNotFound",
    "GameStamp",
    "HistoryEvent",
    "LoadedGame",
    "PlayersCheck",
    "ReadOnly",
    "Refused",
    "StaleTurn",
    "check_players",
    "check_title",
    "clean_text",
    "correct_turn",
    "create_game",
    "game_stamp",
    "game_version",
    "history",
    "load_game",
    "record_turn",
    "set_coach",
    "undo_turn",
]
