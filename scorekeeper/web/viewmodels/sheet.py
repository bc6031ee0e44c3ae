"""A scoresheet (sheet_model.Sheet) built from a game, or a blank pad, read from its ruleset.

Every label, how-to text, fixed score and rule number comes from the game's `Ruleset`, so a new
edition needs no edit here. No Flask: `gettext` is passed in (the web layer's own, or an identity
for tests).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import date as Date

from scorekeeper.rules import Game, Ruleset, Scorecard, Standing, TotalRow, Turn

from .sheet_model import (
    ARROW,
    BLOCK,
    CELLS_PER_PAGE,
    CHECK,
    COLUMNS_PER_PAGE,
    DIE_FACES,
    PAD,
    PAPER,
    SCREEN,
    TICK_BOXES,
    Cell,
    Column,
    LogLine,
    Page,
    Row,
    Section,
    Sheet,
    TotalsLine,
    Translate,
    Words,
    identity,
    signed,
)

EMPTY = Cell()  # a blank box
COVERED = Cell(covered=True)  # under a cell that spans a player's columns


# -- figures: paper writes each total once the engine says it is final ---------------------------


def _paper_cell(card: Scorecard, figure: str, column: int, winner: bool) -> Cell:
    final = card.is_final(figure, column)
    bonuses = card.column(column).bonus_count if figure == "yahtzee_bonus" else 0
    return Cell(
        str(card.figure(figure, column)) if final else "",
        checks=CHECK * bonuses,
        circled=winner and figure == "grand_total",
    )


# -- building ------------------------------------------------------------------------------------

Read = Callable[[Scorecard, int, int], Cell]  # (card, seat, column from 1) -> a column's cell
ReadPlayer = Callable[[Scorecard, int], Cell]  # (card, seat) -> the cell of the player's whole sheet


def players_per_page(rules: Ruleset) -> int:
    """Players a paper page holds: six of one column, fewer of several (four of three columns)."""
    span = len(rules.columns)
    return COLUMNS_PER_PAGE if span == 1 else max(1, min(COLUMNS_PER_PAGE, CELLS_PER_PAGE // span))


def column_headings(rules: Ruleset) -> tuple[str, ...]:
    """What heads each column of a player's sheet: ×1, ×2, ×3 (their numbers where multipliers repeat)."""
    multipliers = rules.columns
    if len(multipliers) == 1:
        return ("",)
    if len(set(multipliers)) == len(multipliers):
        return tuple(f"\u00d7{m}" for m in multipliers)
    return tuple(str(n) for n in range(1, len(multipliers) + 1))


class _Builder:
    """Builds the rows of one sheet; holds the translation and the per-sheet labels."""

    def __init__(self, rules: Ruleset, game: Game | None, _: Translate, just: int | None = None) -> None:
        self.rules, self.game, self._ = rules, game, _
        self.just = just  # the turn to highlight, when not the last (a correction just saved)
        self.span = len(rules.columns)
        self.headings = column_headings(rules)
        self.cards: list[Scorecard | None] = list(game.cards) if game else [None] * players_per_page(rules)
        self.winners = set(game.winners()) if game and game.is_over else set()
        self.standings: dict[int, Standing] | None = None  # read once, when a rank is first asked
        self.params = {
            "threshold": rules.upper_bonus.threshold if rules.upper_bonus else 0,
            "points": rules.upper_bonus.points if rules.upper_bonus else 0,
            "bonus": rules.extra.bonus if rules.extra else 0,
            "check": CHECK,
        }

    def t(self, text: str, **params: object) -> str:
        """Translated, with the ruleset's numbers; "" stays "" (gettext("") is the catalog header)."""
        if not text:
            return ""
        return self._(text, **{**self.params, **params}) if "%(" in text else self._(text)

    def cells(self, read: Read, empty: Cell = EMPTY) -> tuple[Cell, ...]:
        """One cell per column of every player, in seat order."""
        columns = range(1, self.span + 1)
        return tuple(
            empty if card is None else read(card, seat, column)
            for seat, card in enumerate(self.cards)
            for column in columns
        )

    def player_cells(self, read: ReadPlayer, empty: Cell = EMPTY) -> tuple[Cell, ...]:
        """One cell per player spanning the player's columns (the rest covered), in seat order."""
        cells: list[Cell] = []
        for seat, card in enumerate(self.cards):
            cells.append(replace(empty if card is None else read(card, seat), span=self.span))
            cells.extend(COVERED for _ in range(self.span - 1))
        return tuple(cells)

    # -- boxes

    def box_rows(self, section: str) -> tuple[Row, ...]:
        filled: dict[tuple[int, str, int], Turn] = {}
        last = None
        if self.game is not None:
            filled = {(turn.player, turn.box, turn.column): turn for turn in self.game.turns}
            last = self.game.last_turn
        highlight = self.just if self.just is not None else (last.index if last is not None else None)
        if self.span == 1:
            correct = self._("%(player)s, %(box)s: %(points)s. Correct this turn")
        else:
            correct = self._("%(player)s, %(box)s in column %(column)s: %(points)s. Correct this turn")
        players = self.game.players if self.game else ()
        headings = self.headings
        rows = []
        for box in self.rules.boxes:
            if box.section != section:
                continue
            name = self.t(box.name)

            def cell(card: Scorecard, seat: int, column: int, key: str = box.key, name: str = name) -> Cell:
                turn = filled.get((seat, key, column))
                if turn is None:
                    return Cell()
                words = {"player": players[seat], "box": name, "points": turn.points}
                return Cell(
                    str(turn.points),
                    turn=turn.index,
                    just=turn.index == highlight,
                    star=turn.bonus > 0,
                    label=correct % {**words, "column": headings[column - 1]},
                )

            rows.append(
                Row(
                    "box",
                    box.key,
                    name,
                    self.t(box.label),
                    self.cells(cell),
                    how=self.t(box.how),
                    score=self.t("SCORE %(points)d", points=box.fixed) if box.fixed is not None else "",
                    face=DIE_FACES[box.face - 1] if box.face else "",
                )
            )
        return tuple(rows)

    # -- paper totals: the lines the ruleset's paper sheet prints

    def paper_totals(self, totals: Sequence[TotalRow]) -> tuple[Row, ...]:
        rows = []
        for total in totals:
            if total.figure == "yahtzee_bonus" and self.rules.extra is None:
                continue  # no extra-bonus line where the edition has no extra bonus
            kind = (
                "grand"
                if total.figure == "grand_total"
                else ("bonus" if total.how or total.score else "total")
            )
            blank = (
                Cell(checks=TICK_BOXES) if self.game is None and total.figure == "yahtzee_bonus" else Cell()
            )
            label = self.t(total.label)
            if total.figure == "grand_total":  # the player's, under all of the player's columns

                def whole(card: Scorecard, seat: int) -> Cell:
                    return _paper_cell(card, "grand_total", 1, seat in self.winners)

                cells = self.player_cells(whole, blank)
            else:

                def cell(card: Scorecard, seat: int, column: int, figure: str = total.figure) -> Cell:
                    return _paper_cell(card, figure, column, False)

                cells = self.cells(cell, blank)
            rows.append(
                Row(
                    kind,
                    total.figure,
                    label,
                    label,
                    cells,
                    media=(PAPER,),
                    note=self.t(total.note),
                    how=self.t(total.how),
                    score=self.t(total.score) if total.how or total.score else ARROW,
                )
            )
        return tuple(rows)

    def saved_rows(self) -> tuple[Row, ...]:
        """Each player's bank of saved rolls, where the rules keep one (paper and screen)."""
        if not self.rules.bank.counted:
            return ()
        name = self._("Saved rolls")
        cells = self.player_cells(lambda card, seat: Cell(str(card.saved_rolls)))
        how = self._("Rolls a turn does not use are saved for later turns")
        return (
            Row("saved", "saved_rolls", name, name, cells, media=(PAPER,), how=how),
            Row("saved", "saved_rolls", name, "", cells, media=(SCREEN,), title=f"{name}: {how}"),
        )

    # -- screen totals: running figures, the pace and the ranks

    def screen_upper(self) -> tuple[Row, ...]:
        bonus = self.rules.upper_bonus
        upper_sum = self.screen_row(
            "sum", "upper_subtotal", self._("Upper"), lambda c, n: Cell(str(c.column(n).upper_subtotal))
        )
        if bonus is None:  # no bonus to chase: neither a pace towards it nor a bonus row
            return (upper_sum,)

        def pace(card: Scorecard, column: int) -> Cell:
            ahead = card.column(column).upper_pace
            return Cell(signed(ahead), tone="ahead" if ahead > 0 else ("behind" if ahead < 0 else ""))

        def upper_bonus(card: Scorecard, column: int) -> Cell:
            figures = card.column(column)
            if not figures.upper_bonus_settled:
                return Cell(pending=True)
            return Cell(str(figures.upper_bonus), tone="earned" if figures.upper_bonus else "")

        return (
            upper_sum,
            self.screen_row(
                "pace",
                "upper_pace",
                self._("Pace"),
                pace,
                title=self._(
                    "Pace: points above or below %(count)d of each number in the upper boxes filled",
                    count=self.rules.upper_par,
                ),
            ),
            self.screen_row(
                "bonus",
                "upper_bonus",
                self._("Upper bonus"),
                upper_bonus,
                title=self._(
                    "%(name)s: %(what)s",
                    name=self._("Upper bonus"),
                    what=self._(
                        "%(points)d points once the upper section reaches %(threshold)d",
                        points=bonus.points,
                        threshold=bonus.threshold,
                    ),
                ),
            ),
        )

    def screen_lower(self) -> tuple[Row, ...]:
        rows = [
            self.screen_row(
                "sum", "lower_subtotal", self._("Lower"), lambda c, n: Cell(str(c.column(n).lower_subtotal))
            )
        ]
        extra = self.rules.extra
        if extra is not None:  # the extra bonus, named after the box it rewards
            box = self.rules.box(extra.box)
            name = self.t(box.name)

            def extra_bonus(card: Scorecard, column: int) -> Cell:
                figures = card.column(column)
                count = figures.bonus_count
                return Cell(str(figures.yahtzee_bonus) if count else "", stars=count)

            rows.append(
                self.screen_row(
                    "ybonus",
                    "yahtzee_bonus",
                    self._("%(box)s bonus", box=name),
                    extra_bonus,
                    title=self._("%(box)s bonus: %(bonus)d per extra %(box)s", box=name, bonus=extra.bonus),
                )
            )
        return tuple(rows)

    def rank(self, card: Scorecard, seat: int) -> Cell:
        """A player's place, marked once the game has started."""
        if self.standings is None:
            self.standings = {s.player: s for s in self.game.standings()} if self.game else {}
        standing = self.standings[seat]
        started = bool(self.game and self.game.turns)
        return Cell(
            str(standing.rank),
            tone="is-first" if standing.rank == 1 and started else "",
            tied=standing.shared and started,
        )

    def screen_foot(self) -> tuple[Row, ...]:
        columns: tuple[Row, ...] = ()
        if self.span > 1:  # each column's total, and that total times the column's multiplier
            columns = (
                self.screen_row(
                    "sum", "total", self._("Column total"), lambda c, n: Cell(str(c.column(n).total))
                ),
                self.screen_row(
                    "score",
                    "score",
                    self._("Column score"),
                    lambda c, n: Cell(str(c.column(n).score)),
                    title=self._("Column score: the column's total times its multiplier"),
                ),
            )
        return (
            *columns,
            Row(
                "grand",
                "grand_total",
                self._("Total"),
                "",
                self.player_cells(lambda card, seat: Cell(str(card.grand_total))),
                media=(SCREEN,),
            ),
            Row("rank", "rank", self._("Rank"), "", self.player_cells(self.rank), media=(SCREEN,)),
        )

    def screen_row(
        self,
        kind: str,
        key: str,
        name: str,
        read: Callable[[Scorecard, int], Cell],
        **words: str,
    ) -> Row:
        cells = self.cells(lambda card, seat, column: read(card, column))
        return Row(kind, key, name, "", cells, media=(SCREEN,), **words)

    # -- the whole sheet

    def sections(self) -> tuple[Section, ...]:
        rules = self.rules
        saved = self.saved_rows()
        return (
            Section(
                "upper",
                self._("UPPER SECTION"),
                self.box_rows("upper") + self.paper_totals(rules.upper_totals) + self.screen_upper(),
            ),
            Section(
                "lower",
                self._("LOWER SECTION"),
                self.box_rows("lower")
                + self.paper_totals(rules.lower_totals)
                + saved[:1]
                + self.screen_lower(),
            ),
            Section("foot", "", self.screen_foot() + saved[1:]),
        )

    def columns(self) -> tuple[Column, ...]:
        game = self.game
        headings, span = self.headings, self.span
        if game is None:
            return tuple(
                Column(seat=seat, number=n, heading=headings[n - 1], span=span)
                for seat in range(len(self.cards))
                for n in range(1, span + 1)
            )
        shared = len(self.winners) > 1
        return tuple(
            Column(
                name,
                (self._("Shared victory") if shared else self._("Winner")) if seat in self.winners else "",
                current=not game.is_over and seat == game.current_player,
                seat=seat,
                number=n,
                heading=headings[n - 1],
                span=span,
            )
            for seat, name in enumerate(game.players)
            for n in range(1, span + 1)
        )

    def totals(self) -> tuple[TotalsLine, ...]:
        """Every player's column scores, grand total and rank (a sheet of several columns)."""
        game = self.game
        if game is None or self.span == 1:
            return ()
        return tuple(
            TotalsLine(
                name=game.players[seat],
                current=not game.is_over and seat == game.current_player,
                scores=tuple(str(column.score) for column in card.columns),
                total=str(card.grand_total),
                rank=self.rank(card, seat),
            )
            for seat, card in enumerate(game.cards)
        )

    def shown(self) -> int | None:
        """The player whose sheet a screen opens (several columns): who plays next, or the winner."""
        game = self.game
        if game is None or self.span == 1:
            return None
        if not game.is_over:
            return game.current_player
        return game.winners()[0]

    def log(self) -> tuple[LogLine, ...]:
        game = self.game
        assert game is not None
        labels = {box.key: self.t(box.label) for box in self.rules.boxes}  # once, not once per turn
        headings = self.headings
        lines = []
        for turn in game.turns:
            points = str(turn.points)
            if turn.bonus:
                points = self._("%(points)d + %(bonus)d bonus", points=turn.points, bonus=turn.bonus)
            box = labels[turn.box]
            if self.span > 1:
                box = f"{box} {headings[turn.column - 1]}"
            lines.append(
                LogLine(
                    turn.round,
                    game.players[turn.player],
                    " ".join(str(d) for d in turn.dice),
                    box,
                    points,
                    "" if turn.rolls is None else str(turn.rolls),
                )
            )
        return tuple(lines)

    def status(self) -> str:
        game = self.game
        if game is None:
            return ""
        if game.is_over:
            return self._("Final result")
        if not game.turns:
            return self._("Not started")
        return self._("In progress: round %(round)d of %(rounds)d", round=game.round, rounds=game.rounds)


def _padding(row: Row, span: int, players: int) -> tuple[Cell, ...]:
    """Empty cells for `players` players nobody plays on this page, spanning as the row does."""
    if row.cells and row.cells[0].span > 1:
        return (replace(EMPTY, span=span), *(COVERED,) * (span - 1)) * players
    return (EMPTY,) * (span * players)


def _pages(
    columns: tuple[Column, ...], sections: tuple[Section, ...], span: int, per_page: int
) -> tuple[Page, ...]:
    """A page of `per_page` players; a bigger game continues on a second page with the labels repeated."""
    pages: list[Page] = []
    step = per_page * span
    for start in range(0, len(columns), step):
        stop = start + step
        pad = per_page - len(columns[start:stop]) // span  # the pad always has its full width
        blank = columns[-span:]  # a player's columns with their headings, names dropped below
        padded = tuple(Column(number=c.number, heading=c.heading, span=span) for c in blank) * pad
        page_sections = tuple(
            replace(
                section,
                rows=tuple(
                    replace(row, cells=row.cells[start:stop] + _padding(row, span, pad))
                    for row in section.paper_rows
                ),
            )
            for section in sections
            if section.paper_rows
        )
        pages.append(Page(len(pages) + 1, columns[start:stop] + padded, page_sections))
    return tuple(pages)


def layout(rules: Ruleset) -> str:
    """PAD when the paper sheet totals each section on its own (a lower total), else BLOCK."""
    sectioned = any(total.figure in ("lower_total", "lower_subtotal") for total in rules.lower_totals)
    return PAD if sectioned else BLOCK


def build_sheet(
    game: Game | None,
    title: str = "",
    date: Date | None = None,
    rules: Ruleset | None = None,
    *,
    gettext: Translate = identity,
    with_log: bool = True,
    just: int | None = None,
) -> Sheet:
    """The sheet of a game (finished or not), or a blank pad of `rules` when `game` is None;
    without its turn log when `with_log` is False (the game page never prints it); the cell of
    turn `just` highlighted instead of the last turn's (a correction just saved)."""
    if rules is None:
        if game is None:
            raise ValueError("a blank sheet needs its ruleset")
        rules = game.edition
    builder = _Builder(rules, game, gettext, just)
    columns = builder.columns()
    sections = builder.sections()
    per_page = players_per_page(rules)
    return Sheet(
        title=title,
        date=date.isoformat() if date else "",
        edition=gettext(rules.name),
        status=builder.status(),
        layout=layout(rules),
        columns=columns,
        sections=sections,
        pages=_pages(columns, sections, builder.span, per_page),
        log=builder.log() if game is not None and with_log else (),
        words=Words(
            empty=gettext("empty"), not_yet=gettext("not yet"), heading=gettext("%(player)s's sheet")
        ),
        blank=game is None,
        span=builder.span,
        totals=builder.totals(),
        players_per_page=per_page,
        shown=builder.shown(),
    )


__all__ = ["build_sheet", "column_headings", "layout", "players_per_page"]
