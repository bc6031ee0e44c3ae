"""A scoresheet (sheet_model.Sheet) built from a game, or a blank pad, read from its ruleset.

Every label, how-to text, fixed score and rule number comes from the game's `Ruleset`, so a new
edition needs no edit here. No Flask: `gettext` is passed in (the web layer's own, or an identity
for tests).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import date as Date

from scorekeeper.rules import Game, Ruleset, Scorecard, TotalRow, Turn

from .sheet_model import (
    ARROW,
    BLOCK,
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
    Translate,
    Words,
    identity,
    signed,
)

EMPTY = Cell()  # a blank box


# -- figures: when paper writes each total -----------------------------------------------------


def _upper_done(card: Scorecard) -> bool:
    boxes = zip(card.edition.boxes, card.scores, strict=True)
    return all(points is not None for box, points in boxes if box.is_upper)


def _lower_done(card: Scorecard) -> bool:
    boxes = zip(card.edition.boxes, card.scores, strict=True)
    return all(points is not None for box, points in boxes if not box.is_upper)


# Each total is written once the boxes it sums can no longer change, as a scorer does on paper.
# An extra bonus could still add to the lower section while any box is empty, so the lower
# figures wait for the whole sheet where the edition has one.
_FINAL_WHEN: dict[str, Callable[[Scorecard], bool]] = {
    "upper_subtotal": _upper_done,
    "upper_total": _upper_done,
    "upper_bonus": lambda card: card.upper_bonus_settled,
    "lower_subtotal": lambda card: _lower_done(card) and (card.edition.extra is None or card.is_complete),
}


def _paper_cell(card: Scorecard, figure: str, winner: bool) -> Cell:
    final = _FINAL_WHEN.get(figure, lambda card: card.is_complete)(card)
    return Cell(
        str(getattr(card, figure)) if final else "",
        checks=CHECK * card.yahtzee_bonus_count if figure == "yahtzee_bonus" else "",
        circled=winner and figure == "grand_total",
    )


# -- building ------------------------------------------------------------------------------------


class _Builder:
    """Builds the rows of one sheet; holds the translation and the per-sheet labels."""

    def __init__(self, rules: Ruleset, game: Game | None, _: Translate) -> None:
        self.rules, self.game, self._ = rules, game, _
        self.cards: list[Scorecard | None] = list(game.cards) if game else [None] * COLUMNS_PER_PAGE
        self.winners = set(game.winners()) if game and game.is_over else set()
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

    def cells(self, read: Callable[[Scorecard, int], Cell], empty: Cell = EMPTY) -> tuple[Cell, ...]:
        return tuple(empty if card is None else read(card, seat) for seat, card in enumerate(self.cards))

    # -- boxes

    def box_rows(self, section: str) -> tuple[Row, ...]:
        filled: dict[tuple[int, str], Turn] = {}
        last = None
        if self.game is not None:
            filled = {(turn.player, turn.box): turn for turn in self.game.turns}
            last = self.game.last_turn
        correct = self._("%(player)s, %(box)s: %(points)s. Correct this turn")
        players = self.game.players if self.game else ()
        rows = []
        for box in self.rules.boxes:
            if box.section != section:
                continue
            name = self.t(box.name)

            def cell(card: Scorecard, seat: int, key: str = box.key, name: str = name) -> Cell:
                turn = filled.get((seat, key))
                if turn is None:
                    return Cell()
                return Cell(
                    str(turn.points),
                    turn=turn.index,
                    just=last is not None and turn.index == last.index,
                    star=turn.bonus > 0,
                    label=correct % {"player": players[seat], "box": name, "points": turn.points},
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

            def cell(card: Scorecard, seat: int, figure: str = total.figure) -> Cell:
                return _paper_cell(card, figure, seat in self.winners)

            rows.append(
                Row(
                    kind,
                    total.figure,
                    label,
                    label,
                    self.cells(cell, blank),
                    media=(PAPER,),
                    note=self.t(total.note),
                    how=self.t(total.how),
                    score=self.t(total.score) if total.how or total.score else ARROW,
                )
            )
        return tuple(rows)

    # -- screen totals: running figures, the pace and the ranks

    def screen_upper(self) -> tuple[Row, ...]:
        bonus = self.rules.upper_bonus
        upper_sum = self.screen_row(
            "sum", "upper_subtotal", self._("Upper"), lambda c: Cell(str(c.upper_subtotal))
        )
        if bonus is None:  # no bonus to chase: neither a pace towards it nor a bonus row
            return (upper_sum,)
        return (
            upper_sum,
            self.screen_row(
                "pace",
                "upper_pace",
                self._("Pace"),
                lambda c: Cell(
                    signed(c.upper_pace),
                    tone="ahead" if c.upper_pace > 0 else ("behind" if c.upper_pace < 0 else ""),
                ),
                title=self._("Pace: points above or below three of each number in the upper boxes filled"),
            ),
            self.screen_row(
                "bonus",
                "upper_bonus",
                self._("Upper bonus"),
                lambda c: (
                    Cell(str(c.upper_bonus), tone="earned" if c.upper_bonus else "")
                    if c.upper_bonus_settled
                    else Cell(pending=True)
                ),
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
            self.screen_row("sum", "lower_subtotal", self._("Lower"), lambda c: Cell(str(c.lower_subtotal)))
        ]
        extra = self.rules.extra
        if extra is not None:  # the extra bonus, named after the box it rewards
            box = self.rules.box(extra.box)
            name = self.t(box.name)
            rows.append(
                self.screen_row(
                    "ybonus",
                    "yahtzee_bonus",
                    self._("%(box)s bonus", box=name),
                    lambda c: Cell(
                        str(c.yahtzee_bonus) if c.yahtzee_bonus_count else "", stars=c.yahtzee_bonus_count
                    ),
                    title=self._("%(box)s bonus: %(bonus)d per extra %(box)s", box=name, bonus=extra.bonus),
                )
            )
        return tuple(rows)

    def screen_foot(self) -> tuple[Row, ...]:
        standings = {s.player: s for s in self.game.standings()} if self.game else {}
        started = bool(self.game and self.game.turns)

        def rank(card: Scorecard, seat: int) -> Cell:
            standing = standings[seat]
            return Cell(
                str(standing.rank),
                tone="is-first" if standing.rank == 1 and started else "",
                tied=standing.shared and started,
            )

        return (
            self.screen_row("grand", "grand_total", self._("Total"), lambda c: Cell(str(c.grand_total))),
            Row("rank", "rank", self._("Rank"), "", self.cells(rank), media=(SCREEN,)),
        )

    def screen_row(
        self,
        kind: str,
        key: str,
        name: str,
        read: Callable[[Scorecard], Cell],
        **words: str,
    ) -> Row:
        return Row(kind, key, name, "", self.cells(lambda card, seat: read(card)), media=(SCREEN,), **words)

    # -- the whole sheet

    def sections(self) -> tuple[Section, ...]:
        rules = self.rules
        return (
            Section(
                "upper",
                self._("UPPER SECTION"),
                self.box_rows("upper") + self.paper_totals(rules.upper_totals) + self.screen_upper(),
            ),
            Section(
                "lower",
                self._("LOWER SECTION"),
                self.box_rows("lower") + self.paper_totals(rules.lower_totals) + self.screen_lower(),
            ),
            Section("foot", "", self.screen_foot()),
        )

    def columns(self) -> tuple[Column, ...]:
        game = self.game
        if game is None:
            return (Column(),) * COLUMNS_PER_PAGE
        shared = len(self.winners) > 1
        return tuple(
            Column(
                name,
                (self._("Shared victory") if shared else self._("Winner")) if seat in self.winners else "",
                current=not game.is_over and seat == game.current_player,
            )
            for seat, name in enumerate(game.players)
        )

    def log(self) -> tuple[LogLine, ...]:
        game = self.game
        assert game is not None
        labels = {box.key: self.t(box.label) for box in self.rules.boxes}  # once, not once per turn
        lines = []
        for turn in game.turns:
            points = str(turn.points)
            if turn.bonus:
                points = self._("%(points)d + %(bonus)d bonus", points=turn.points, bonus=turn.bonus)
            lines.append(
                LogLine(
                    turn.round,
                    game.players[turn.player],
                    " ".join(str(d) for d in turn.dice),
                    labels[turn.box],
                    points,
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


def _pages(columns: tuple[Column, ...], sections: tuple[Section, ...]) -> tuple[Page, ...]:
    """Six columns a page; a game of 7 or 8 continues on a second page with the labels repeated."""
    pages: list[Page] = []
    for start in range(0, len(columns), COLUMNS_PER_PAGE):
        stop = start + COLUMNS_PER_PAGE
        pad = COLUMNS_PER_PAGE - len(columns[start:stop])  # the pad always has six columns
        page_sections = tuple(
            replace(
                section,
                rows=tuple(
                    replace(row, cells=row.cells[start:stop] + (Cell(),) * pad) for row in section.paper_rows
                ),
            )
            for section in sections
            if section.paper_rows
        )
        pages.append(Page(len(pages) + 1, columns[start:stop] + (Column(),) * pad, page_sections))
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
) -> Sheet:
    """The sheet of a game (finished or not), or a blank pad of `rules` when `game` is None;
    without its turn log when `with_log` is False (the game page never prints it)."""
    if rules is None:
        if game is None:
            raise ValueError("a blank sheet needs its ruleset")
        rules = game.edition
    builder = _Builder(rules, game, gettext)
    columns = builder.columns()
    sections = builder.sections()
    return Sheet(
        title=title,
        date=date.isoformat() if date else "",
        edition=gettext(rules.name),
        status=builder.status(),
        layout=layout(rules),
        columns=columns,
        sections=sections,
        pages=_pages(columns, sections),
        log=builder.log() if game is not None and with_log else (),
        words=Words(empty=gettext("empty"), not_yet=gettext("not yet")),
        blank=game is None,
    )


__all__ = ["build_sheet", "layout"]
