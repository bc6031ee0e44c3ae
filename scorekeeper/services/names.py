"""Players' names and titles as a game stores them: cleaned, within their limits, printable, distinct."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..rules import MAX_PLAYERS, MIN_PLAYERS, N_, Message
from ..rules.game import BAD_PLAYER_COUNT

# The one limit of each, for the engine's callers, the form, its messages and its templates.
NAME_MAX = 24  # storage's players.name is String(24)
TITLE_MAX = 60  # a title fits one line of the sheet (storage's column allows 100)

NAME_MISSING = N_("Enter a name, or remove this player.")
NAME_TOO_LONG = N_("A name has at most %(max)d characters.")
NAME_TAKEN = N_("%(name)s is already playing; tell them apart, e.g. %(name)s 2.")
TITLE_TOO_LONG = N_("A title has at most %(max)d characters.")
# Control, format and unassigned characters (a NUL among them, which PostgreSQL cannot store).
NOT_PRINTABLE = N_("Use letters, digits and punctuation only.")


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
