"""The one view model of a scoresheet: columns, sections of rows, and cells (built by sheet.py).

The phone sheet, the TV board and the paper sheet (print view, PDF, the game page's hidden copy)
all render a `Sheet`. Box rows serve every medium; a total is a row per medium because paper
writes a figure only once it is final while a screen shows it running.

A player's sheet may have several columns (×1, ×2, ×3, as the ruleset says): the sheet's columns are
then every player's columns side by side, and a figure of the whole player (the grand total, the
rank, the saved rolls) is one cell spanning that player's columns.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

COLUMNS_PER_PAGE = 6  # the paper pad's six players
CELLS_PER_PAGE = 12  # score columns a paper page holds when each player has several (4 × 3)
LONG_NAME = 11  # characters that fit a column at the normal size
LONG_TITLE = 40  # characters that fit one line of the heading at the normal size
TALL = 22  # paper rows a page holds at the normal height (Hasbro's pad has 22 with its headings)
SCREEN_FITS = (21, 24, 28, 32)  # the steps of screen rows the TV board sizes its type for
CHECK = "\u2713"  # ✓, one per extra bonus on paper
TICK_BOXES = "\u25a1\u25a1\u25a1"  # □□□ where a blank sheet's extra bonuses get ticked
DIE_FACES = "\u2680\u2681\u2682\u2683\u2684\u2685"  # ⚀ … ⚅, printed beside the upper boxes
ARROW = "\u2192"  # → : "write the sum here"
PAPER, SCREEN = "paper", "screen"
PAD, BLOCK = "pad", "block"  # a sheet that totals each section / one that totals once at the bottom

# gettext(text, **params) -> the translated text formatted with params (flask_babel's signature).
Translate = Callable[..., str]


def identity(text: str, **params: object) -> str:
    """English, formatted: the translation used outside a request (tests, scripts)."""
    return text % params if params else text


def signed(number: int) -> str:
    """A pace figure as the sheet shows it: +4, −3 (a true minus sign), ±0."""
    if number > 0:
        return f"+{number}"
    if number < 0:
        return f"\u2212{-number}"
    return "\u00b10"


@dataclass(frozen=True, slots=True)
class Column:
    """A column of a player's sheet: the player's name, the paper's winner mark, whether this player
    records next, and which of the player's columns it is (one, or ×1, ×2, ×3)."""

    name: str = ""
    mark: str = ""  # "Winner", "Shared victory" or ""
    current: bool = False
    seat: int = 0  # the player's seat (a blank sheet: the place on the page)
    number: int = 1  # the column of the player's sheet, from 1
    heading: str = ""  # "×2" where a player has several columns, else ""
    span: int = 1  # how many columns the player's sheet has

    @property
    def long(self) -> bool:
        """A name that needs the smaller type to fit its column."""
        return len(self.name) > LONG_NAME

    @property
    def first(self) -> bool:
        """The player's first column, which carries the name over all of them."""
        return self.number == 1


@dataclass(frozen=True, slots=True)
class Cell:
    """What one box or total of one column shows; empty text is a blank box."""

    text: str = ""
    checks: str = ""  # paper: the extra-bonus check marks (tick boxes on a blank sheet)
    stars: int = 0  # screen: extra bonuses earned, one star each
    circled: bool = False  # paper: the winner's grand total, ringed as a scorer would
    turn: int | None = None  # the index of the turn that filled this box (its correction link)
    just: bool = False  # filled by the last turn
    star: bool = False  # the turn that filled this box earned the extra bonus
    pending: bool = False  # screen: a figure not decided yet (the upper bonus while it may come)
    tone: str = ""  # screen: "ahead"/"behind" (pace), "earned" (bonus), "is-first" (rank)
    tied: bool = False  # screen: a rank another player shares
    label: str = ""  # for screen readers: the correction link's words
    span: int = 1  # columns it covers: a whole player's figure on a sheet of several columns
    covered: bool = False  # taken by the spanning cell before it: not drawn

    @property
    def zero(self) -> bool:
        """A filled box that scored nothing (a scratch)."""
        return self.text == "0" and self.turn is not None


@dataclass(frozen=True, slots=True)
class Row:
    """A line of the sheet: its words for each medium and one cell per column."""

    kind: str  # paper: box, total, bonus, grand; screen: box, sum, pace, bonus, ybonus, grand, rank
    key: str  # the box key, or the Scorecard figure a total shows
    name: str  # the full name (screen, screen readers)
    label: str  # the paper label
    cells: tuple[Cell, ...]
    media: tuple[str, ...] = (PAPER, SCREEN)
    title: str = ""  # the screen's explanation of a total, shown under the phone sheet
    note: str = ""  # paper: small text under the label, e.g. "of upper section"
    how: str = ""  # paper: the "how to score" column
    score: str = ""  # paper: the fixed score in the how-to column, "SCORE 25", or the arrow of a total
    face: str = ""  # paper: the die glyph of an upper row

    @property
    def paper(self) -> bool:
        return PAPER in self.media

    @property
    def screen(self) -> bool:
        return SCREEN in self.media


@dataclass(frozen=True, slots=True)
class Section:
    """Upper, lower, or the screen's foot (grand total and ranks)."""

    key: str  # "upper", "lower", "foot"
    title: str  # the paper's heading ("UPPER SECTION"), "" for none
    rows: tuple[Row, ...]

    @property
    def paper_rows(self) -> tuple[Row, ...]:
        return tuple(row for row in self.rows if row.paper)

    @property
    def screen_rows(self) -> tuple[Row, ...]:
        return tuple(row for row in self.rows if row.screen)


@dataclass(frozen=True, slots=True)
class Page:
    """One printed page: up to six players (four of three columns) of the same rows, labels repeated."""

    number: int
    columns: tuple[Column, ...]
    sections: tuple[Section, ...]

    @property
    def rows(self) -> tuple[Row, ...]:
        """Every paper row of the page, top to bottom."""
        return tuple(row for section in self.sections for row in section.paper_rows)

    @property
    def players(self) -> tuple[Column, ...]:
        """Each player's first column: the names row spans the player's columns."""
        return tuple(column for column in self.columns if column.first)

    @property
    def multi(self) -> bool:
        """Each player has several columns: a second heading row names them."""
        return any(column.span > 1 for column in self.columns)


@dataclass(frozen=True, slots=True)
class TotalsLine:
    """One player on the table of every player's column scores and grand total (several columns)."""

    name: str
    current: bool
    scores: tuple[str, ...]  # each column's total times its multiplier
    total: str
    rank: Cell


@dataclass(frozen=True, slots=True)
class LogLine:
    """One recorded turn for the optional turn log."""

    round: int
    player: str
    dice: str
    box: str
    points: str
    rolls: str = ""  # the rolls the turn used, where the rules count them


@dataclass(frozen=True, slots=True)
class Words:
    """The sheet's own words, translated once per sheet instead of once per cell."""

    empty: str  # an open box, for screen readers
    not_yet: str  # the upper bonus while it may still come
    heading: str = ""  # a player's own sheet: "Ann's sheet" (several columns)


@dataclass(frozen=True, slots=True)
class Sheet:
    """Everything a sheet template shows, for one game or a blank pad (or one player's part of it)."""

    title: str
    date: str
    edition: str  # the ruleset's name, translated
    status: str  # "Final result", "In progress: round 5 of 15", "Not started" or "" (blank)
    layout: str  # PAD or BLOCK: how the paper sheet is drawn
    columns: tuple[Column, ...]  # each player's columns in seat order (empty ones on a blank sheet)
    sections: tuple[Section, ...]
    pages: tuple[Page, ...]
    log: tuple[LogLine, ...]
    words: Words
    blank: bool
    span: int = 1  # columns per player, from the ruleset
    totals: tuple[TotalsLine, ...] = ()  # several columns: every player's column scores and total
    players_per_page: int = COLUMNS_PER_PAGE
    shown: int | None = None  # the seat whose sheet is open on screen (several columns), if any

    @property
    def multi(self) -> bool:
        """Each player has several columns: a screen shows one player's sheet at a time."""
        return self.span > 1

    @property
    def players(self) -> tuple[Column, ...]:
        """Each player's first column, in seat order."""
        return tuple(column for column in self.columns if column.first)

    def of_player(self, seat: int) -> Sheet:
        """Only this player's columns: what a screen shows of a sheet of several columns."""
        start, stop = seat * self.span, (seat + 1) * self.span
        return replace(
            self,
            columns=self.columns[start:stop],
            sections=tuple(
                replace(
                    section,
                    rows=tuple(replace(row, cells=row.cells[start:stop]) for row in section.rows),
                )
                for section in self.sections
            ),
            pages=(),
            log=(),
            totals=(),
            words=replace(self.words, heading=self.words.heading % {"player": self.columns[start].name}),
        )

    @property
    def parts(self) -> tuple[Sheet, ...]:
        """Each player's own sheet (several columns), in seat order."""
        return tuple(self.of_player(seat) for seat in range(len(self.players)))

    @property
    def fit(self) -> str:
        """The step of screen rows this sheet fits in ("rows-24"): the TV board sizes its type by it
        so that a sheet of 20 boxes stands on one screen as one of 13 does."""
        rows = sum(len(section.screen_rows) for section in self.sections) + (1 if self.multi else 0)
        fit = next((limit for limit in SCREEN_FITS if rows <= limit), SCREEN_FITS[-1])
        return f"rows-{fit}"

    @property
    def tall(self) -> bool:
        """More paper rows than a page holds at the normal height: they are drawn lower."""
        return bool(self.pages) and len(self.pages[0].rows) + len(self.pages[0].sections) > TALL

    @property
    def log_rolls(self) -> bool:
        """The turn log has a column for the rolls each turn used."""
        return any(line.rolls for line in self.log)

    @property
    def long_title(self) -> bool:
        """A title that needs the smaller type to stay within two or three lines."""
        return len(self.title) > LONG_TITLE

    @property
    def notes(self) -> tuple[str, ...]:
        """What the totals mean (pace, bonuses), written under the phone sheet: a phone has no hover."""
        return tuple(row.title for section in self.sections for row in section.screen_rows if row.title)

    @property
    def crowded(self) -> bool:
        """More columns than a phone shows at the normal size."""
        return len(self.columns) > 4

    @property
    def wide(self) -> bool:
        """More columns than fit a phone's width: the sheet scrolls inside its box."""
        return len(self.columns) > COLUMNS_PER_PAGE
