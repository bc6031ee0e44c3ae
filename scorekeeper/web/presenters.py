"""What the game templates show, read from the engine (no rule and no total is computed here)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from flask_babel import get_locale, gettext

from scorekeeper.rules import (
    BOXES, LOWER_BOXES, ROUNDS, UPPER_BOXES, Box, Game, RuleViolation, Scorecard, Turn,
)

from .dice import DiceError, dice_faces, dice_text, parse_dice
from .i18n import box_name, violation_message


@dataclass(frozen=True)
class Option:
    """One open box for the dice entered: its points, or why the rules forbid it."""

    box: Box
    points: int | None
    reason: str | None  # None when allowed

    @property
    def allowed(self) -> bool:
        return self.reason is None


@dataclass
class Entry:
    """The dice entry area: the text typed, the parsed dice, their options or what is wrong."""

    text: str = ""
    dice: tuple[int, ...] | None = None
    error: str | None = None  # about the dice, shown beside the dice field
    box_error: str | None = None  # about the box chosen, shown above the boxes
    options: list[Option] = field(default_factory=list)
    bonus_due: bool = False

    @property
    def faces(self) -> list[int]:
        """The faces to show in the five slots (valid digits only)."""
        return [int(ch) for ch in dice_faces(self.text)[:5]]

    @property
    def refusals(self) -> list[tuple[str, list[Option]]]:
        """Forbidden options grouped by reason, so a joker reason is shown once."""
        groups: dict[str, list[Option]] = {}
        for option in self.options:
            if option.reason is not None:
                groups.setdefault(option.reason, []).append(option)
        return list(groups.items())


def refusal(card: Scorecard, box: Box, dice: tuple[int, ...]) -> str | None:
    """The engine's reason (translated) why this box may not take these dice, or None."""
    violation = card.refusal(box, dice)
    return None if violation is None else violation_message(violation)


def options_for(card: Scorecard, dice: tuple[int, ...]) -> list[Option]:
    """Every open box of the sheet, in sheet order, with its points or the engine's reason."""
    allowed = card.options(dice)
    return [
        Option(box, allowed[box], None) if box in allowed else Option(box, None, refusal(card, box, dice))
        for box in BOXES
        if box in card.open_boxes
    ]


def build_entry(game: Game, text: str = "", *, validate: bool = True) -> Entry:
    """The entry area for this text: options when it is five dice, a message when it is not."""
    entry = Entry(text=text)
    if game.is_over or (not validate and not text):
        return entry
    try:
        entry.dice = parse_dice(text)
    except DiceError as error:
        if validate:
            entry.error = str(error)
        return entry
    try:
        card = game.cards[game.current_player]
        entry.options = options_for(card, entry.dice)
        entry.bonus_due = card.bonus_due(entry.dice)
    except RuleViolation as error:  # the engine refuses these dice: say so beside the field
        entry.error = violation_message(error)
        entry.dice = None
    return entry


def keypad_text(text: str, add: object, clear: object) -> str:
    """The dice text after a keypad press without JavaScript: a face added or a slot cleared."""
    digits = list(dice_faces(text))
    if isinstance(add, str) and add in ("1", "2", "3", "4", "5", "6") and len(digits) < 5:
        digits.append(add)
    if isinstance(clear, str) and clear in ("0", "1", "2", "3", "4") and int(clear) < len(digits):
        del digits[int(clear)]
    return "".join(digits)


def cell_turns(game: Game) -> dict[tuple[int, Box], Turn]:
    """Which turn filled each (seat, box) cell, for the correction links."""
    return {(turn.player, turn.box): turn for turn in game.turns}


@dataclass(frozen=True)
class BoxLabel:
    """A box's row head on the sheet: its full name and the abbreviation narrow screens show."""

    box: Box
    name: str
    short: str


@dataclass(frozen=True)
class SheetLabels:
    """The sheet's words, translated once per language instead of once per cell."""

    upper: tuple[BoxLabel, ...]
    lower: tuple[BoxLabel, ...]
    empty: str  # an open cell, for screen readers
    not_yet: str  # the upper bonus while it is still open
    correct: str  # a filled cell's link: "%(player)s, %(box)s: %(points)s. Correct this turn"


def _short_names() -> dict[Box, str]:
    # Abbreviations as on a paper pad; the full name is kept in <abbr title> and for screen readers.
    return {
        Box.ONES: gettext("1s"), Box.TWOS: gettext("2s"), Box.THREES: gettext("3s"),
        Box.FOURS: gettext("4s"), Box.FIVES: gettext("5s"), Box.SIXES: gettext("6s"),
        Box.THREE_OF_A_KIND: gettext("3K"), Box.FOUR_OF_A_KIND: gettext("4K"),
        Box.FULL_HOUSE: gettext("FH"), Box.SMALL_STRAIGHT: gettext("SS"),
        Box.LARGE_STRAIGHT: gettext("LS"), Box.YAHTZEE: gettext("Yz"), Box.CHANCE: gettext("Ch"),
    }


@lru_cache(maxsize=16)
def _sheet_labels(locale: str) -> SheetLabels:
    """The labels in `locale`, which is the request's current language (the cache key)."""
    short = _short_names()

    def labels(boxes: tuple[Box, ...]) -> tuple[BoxLabel, ...]:
        return tuple(BoxLabel(box, box_name(box), short[box]) for box in boxes)

    return SheetLabels(
        upper=labels(UPPER_BOXES), lower=labels(LOWER_BOXES),
        empty=gettext("empty"), not_yet=gettext("not yet"),
        correct=gettext("%(player)s, %(box)s: %(points)s. Correct this turn"),
    )


def sheet_labels() -> SheetLabels:
    """The sheet's labels in the current request's language."""
    return _sheet_labels(str(get_locale() or "en"))


def turn_headline(game: Game) -> str:
    """ "Round 4 of 13 · Bo" while playing."""
    return gettext(
        "Round %(round)d of %(rounds)d · %(player)s",
        round=game.round, rounds=ROUNDS, player=game.players[game.current_player],
    )


def turn_summary(game: Game, turn: Turn) -> str:
    """One turn in words: "Bo: 12 in Fours" (with the bonus when there was one)."""
    params = {"player": game.players[turn.player], "points": turn.points, "box": box_name(turn.box)}
    if turn.bonus:
        return gettext("%(player)s: %(points)d in %(box)s, plus the 100-point Yahtzee bonus", **params)
    return gettext("%(player)s: %(points)d in %(box)s", **params)


def announcement(game: Game) -> str:
    """What the live region says after a change: the last score and who plays next."""
    turn = game.last_turn
    if turn is None:
        return gettext("New game. %(player)s starts.", player=game.players[0])
    summary = turn_summary(game, turn)
    if game.is_over:
        return gettext("%(summary)s. The game is over.", summary=summary)
    return gettext(
        "%(summary)s. Next: %(player)s.", summary=summary, player=game.players[game.current_player]
    )


def signed(number: int) -> str:
    """A pace figure as the sheet shows it: +4, −3 (a true minus sign), ±0."""
    if number > 0:
        return f"+{number}"
    if number < 0:
        return f"\u2212{-number}"
    return "\u00b10"


__all__ = [
    "BoxLabel", "Entry", "Option", "SheetLabels", "announcement", "build_entry", "cell_turns", "dice_text", "keypad_text",
    "options_for", "sheet_labels", "signed", "turn_headline", "turn_summary",
]
