"""The printed scoresheet as plain values: rows, columns and cells read from the engine (no Flask)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date as Date

from scorekeeper.rules import LOWER_BOXES, ROUNDS, UPPER_BOXES, Box, Edition, Game, Scorecard
from scorekeeper.rules.joker import EXTRA_YAHTZEE_BONUS
from scorekeeper.rules.scorecard import UPPER_BONUS_POINTS, UPPER_BONUS_THRESHOLD
from scorekeeper.rules.scoring import (
    FULL_HOUSE_POINTS, LARGE_STRAIGHT_POINTS, SMALL_STRAIGHT_POINTS, YAHTZEE_POINTS,
)

COLUMNS_PER_PAGE = 6  # the paper pad's six columns
LONG_NAME = 11  # characters that fit a column at the normal size
LONG_TITLE = 40  # characters that fit one line of the heading at the normal size
CHECK = "\u2713"  # ✓, one per extra-Yahtzee bonus
TICK_BOXES = "\u25a1\u25a1\u25a1"  # □□□ where a blank sheet's Yahtzee bonuses get ticked
DIE_FACES = "\u2680\u2681\u2682\u2683\u2684\u2685"  # ⚀ … ⚅, printed beside Aces … Sixes

# Named `_` where used, so that pybabel extract finds the strings.
Translate = Callable[..., str]


def _identity(text: str, **params: object) -> str:
    return text % params if params else text


@dataclass(frozen=True, slots=True)
class Column:
    """A player's column head: the name and, once the game is over, the winner's mark."""

    name: str = ""
    mark: str = ""  # "Winner", "Shared victory" or ""

    @property
    def long(self) -> bool:
        """A name that needs the smaller type to fit its column."""
        return len(self.name) > LONG_NAME


@dataclass(frozen=True, slots=True)
class Cell:
    """What one box of the sheet shows; empty text is a blank box."""

    text: str = ""
    checks: str = ""  # the Yahtzee-bonus check marks
    circled: bool = False  # the winner's grand total, ringed as a scorer would


@dataclass(frozen=True, slots=True)
class Row:
    """A line of the sheet: its label, how to score it, and one cell per column."""

    kind: str  # "box", "total", "bonus" or "grand": a styling hook
    label: str
    note: str  # small text under the label, e.g. "of upper section"
    how: str  # the "how to score" column
    score: str  # the fixed score printed in the how-to column, e.g. "SCORE 25"
    cells: tuple[Cell, ...]
    face: str = ""  # the die glyph of an upper row


@dataclass(frozen=True, slots=True)
class Page:
    """One printed page: up to six columns, both sections, labels repeated."""

    number: int
    columns: tuple[Column, ...]
    upper: tuple[Row, ...]
    lower: tuple[Row, ...]


@dataclass(frozen=True, slots=True)
class LogLine:
    """One recorded turn for the optional turn log."""

    round: int
    player: str
    dice: str
    box: str
    points: str


@dataclass(frozen=True, slots=True)
class Sheet:
    """Everything the scoresheet template prints."""

    title: str
    date: str
    edition: str
    status: str  # "Final result", "In progress: round 5 of 13" or "" for a blank sheet
    pages: tuple[Page, ...]
    log: tuple[LogLine, ...]
    blank: bool

    @property
    def long_title(self) -> bool:
        """A title that needs the smaller type to stay within two or three lines."""
        return len(self.title) > LONG_TITLE


def _labels(_: Translate) -> dict[Box, tuple[str, str, str]]:
    """Each box's label as the paper pad prints it, its how-to text and its fixed score."""
    def score(points: int) -> str:
        return _("SCORE %(points)d", points=points)

    return {
        Box.ONES: (_("Aces"), _("Count and add only Aces"), ""),
        Box.TWOS: (_("Twos"), _("Count and add only Twos"), ""),
        Box.THREES: (_("Threes"), _("Count and add only Threes"), ""),
        Box.FOURS: (_("Fours"), _("Count and add only Fours"), ""),
        Box.FIVES: (_("Fives"), _("Count and add only Fives"), ""),
        Box.SIXES: (_("Sixes"), _("Count and add only Sixes"), ""),
        Box.THREE_OF_A_KIND: (_("3 of a kind"), _("Add total of all dice"), ""),
        Box.FOUR_OF_A_KIND: (_("4 of a kind"), _("Add total of all dice"), ""),
        Box.FULL_HOUSE: (_("Full house"), "", score(FULL_HOUSE_POINTS)),
        Box.SMALL_STRAIGHT: (_("Sm. straight"), _("Sequence of 4"), score(SMALL_STRAIGHT_POINTS)),
        Box.LARGE_STRAIGHT: (_("Lg. straight"), _("Sequence of 5"), score(LARGE_STRAIGHT_POINTS)),
        Box.YAHTZEE: (_("YAHTZEE"), _("5 of a kind"), score(YAHTZEE_POINTS)),
        Box.CHANCE: (_("Chance"), _("Score total of all 5 dice"), ""),
    }


def box_label(box: Box, _: Translate = _identity) -> str:
    """A box's name as the paper pad prints it ("3 of a kind", "Sm. straight")."""
    return _labels(_)[box][0]


def _text(points: int | None) -> str:
    """A figure as written on the sheet: blank while unknown, 0 for a scratch."""
    return "" if points is None else str(points)


def _upper_done(card: Scorecard) -> bool:
    return all(card.points(box) is not None for box in UPPER_BOXES)


# Each total is written once the boxes it sums can no longer change, as a scorer does on paper.
# An extra Yahtzee can still add 100 while any box is empty, so the lower totals wait for the whole sheet.
def _upper_subtotal(card: Scorecard) -> Cell:
    return Cell(str(card.upper_subtotal) if _upper_done(card) else "")


def _upper_bonus(card: Scorecard) -> Cell:
    # 35 is final as soon as it is earned; 0 only once the section is complete.
    return Cell(str(card.upper_bonus) if card.upper_bonus_settled else "")


def _upper_total(card: Scorecard) -> Cell:
    return Cell(str(card.upper_total) if _upper_done(card) else "")


def _yahtzee_bonus(card: Scorecard) -> Cell:
    return Cell(
        str(card.yahtzee_bonus) if card.is_complete else "",
        checks=CHECK * card.yahtzee_bonus_count,
    )


def _lower_total(card: Scorecard) -> Cell:
    return Cell(str(card.lower_total) if card.is_complete else "")


def _grand_total(card: Scorecard, winner: bool) -> Cell:
    return Cell(str(card.grand_total) if card.is_complete else "", circled=winner)


def _rows(
    cards: Sequence[Scorecard | None], winners: Sequence[bool], blank: bool,
    labels: dict[Box, tuple[str, str, str]], _: Translate,
) -> tuple[tuple[Row, ...], tuple[Row, ...]]:
    """The upper and lower rows for these columns (None: an empty column)."""

    def cells(read: Callable[[Scorecard], Cell], empty: Cell = Cell()) -> tuple[Cell, ...]:
        return tuple(empty if card is None else read(card) for card in cards)

    def box_row(box: Box) -> Row:
        label, how, score = labels[box]
        face = DIE_FACES[box.face - 1] if box.face else ""
        return Row("box", label, "", how, score,
                   cells(lambda card: Cell(_text(card.points(box)))), face)

    arrow = "\u2192"  # → : "write the sum here"
    upper_total = Row("total", _("TOTAL"), _("of upper section"), "", arrow, cells(_upper_total))
    upper = tuple(box_row(box) for box in UPPER_BOXES) + (
        Row("total", _("TOTAL SCORE"), "", "", arrow, cells(_upper_subtotal)),
        Row("bonus", _("BONUS"), "",
            _("If total score is %(threshold)d or over", threshold=UPPER_BONUS_THRESHOLD),
            _("SCORE %(points)d", points=UPPER_BONUS_POINTS), cells(_upper_bonus)),
        upper_total,
    )
    grand = tuple(
        Cell() if card is None else _grand_total(card, won) for card, won in zip(cards, winners)
    )
    lower = tuple(box_row(box) for box in LOWER_BOXES) + (
        Row("bonus", _("YAHTZEE BONUS"), "", _("%(check)s for each bonus", check=CHECK),
            _("SCORE %(points)d PER %(check)s", points=EXTRA_YAHTZEE_BONUS, check=CHECK),
            cells(_yahtzee_bonus, Cell(checks=TICK_BOXES) if blank else Cell())),
        Row("total", _("TOTAL"), _("of lower section"), "", arrow, cells(_lower_total)),
        upper_total,
        Row("grand", _("GRAND TOTAL"), "", "", arrow, grand),
    )
    return upper, lower


def _pages(game: Game | None, _: Translate) -> tuple[Page, ...]:
    """Six columns a page; a game of 7 or 8 continues on a second page."""
    if game is None:
        seats: list[int | None] = [None] * COLUMNS_PER_PAGE
        winners: set[int] = set()
    else:
        seats = list(range(len(game.players)))
        winners = set(game.winners()) if game.is_over else set()
    shared = len(winners) > 1
    labels = _labels(_)  # translated once for every page: the game page builds its sheet on every render
    pages = []
    for start in range(0, len(seats), COLUMNS_PER_PAGE):
        chunk = seats[start:start + COLUMNS_PER_PAGE]
        chunk += [None] * (COLUMNS_PER_PAGE - len(chunk))  # the pad always has six columns
        columns = tuple(
            Column() if seat is None else Column(
                game.players[seat],  # type: ignore[union-attr]
                (_("Shared victory") if shared else _("Winner")) if seat in winners else "",
            )
            for seat in chunk
        )
        cards = [None if seat is None else game.cards[seat] for seat in chunk]  # type: ignore[union-attr]
        upper, lower = _rows(cards, [seat in winners for seat in chunk], game is None, labels, _)
        pages.append(Page(len(pages) + 1, columns, upper, lower))
    return tuple(pages)


def _log(game: Game, _: Translate) -> tuple[LogLine, ...]:
    """Every recorded turn in order, with the points the engine gave it."""
    labels = _labels(_)  # translated once, not once per turn
    lines = []
    for turn in game.turns:
        points = str(turn.points)
        if turn.bonus:
            points = _("%(points)d + %(bonus)d bonus", points=turn.points, bonus=turn.bonus)
        lines.append(LogLine(
            turn.round, game.players[turn.player], " ".join(str(d) for d in turn.dice),
            labels[turn.box][0], points,
        ))
    return tuple(lines)


def _status(game: Game, _: Translate) -> str:
    if game.is_over:
        return _("Final result")
    if not game.turns:
        return _("Not started")
    return _("In progress: round %(round)d of %(rounds)d", round=game.round, rounds=ROUNDS)


def sheet_context(
    game: Game | None,
    title: str = "",
    date: Date | None = None,
    edition: Edition | None = None,
    *,
    gettext: Translate = _identity,
    with_log: bool = True,
) -> Sheet:
    """The sheet of a game (finished or not), or a blank sheet when `game` is None;
    without its turn log when `with_log` is False (the game page prints the sheet alone)."""
    _ = gettext
    edition = edition or (game.edition if game else None)
    return Sheet(
        title=title,
        date=date.isoformat() if date else "",
        edition=_(edition.display_name) if edition else "",
        status="" if game is None else _status(game, _),
        pages=_pages(game, _),
        log=_log(game, _) if game is not None and with_log else (),
        blank=game is None,
    )


__all__ = ["CHECK", "Cell", "Column", "LogLine", "Page", "Row", "Sheet", "box_label",
           "sheet_context"]


def sheet_context(loaded: object) -> dict[str, object]:
    """Everything the sheet templates (phone sheet, TV board, hidden paper sheet) need for a loaded game.

    Views merge this into their template context; templates never build a sheet themselves.
    (Filled in by the sheet view-model work; the views already call it.)
    """
    return {}
