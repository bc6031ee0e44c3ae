"""Reading the paper sheet back from a PDF's text: the figures of each row, beside the engine's."""

from __future__ import annotations

from scorekeeper.rules import Scorecard


def expected_rows(card: Scorecard) -> list[int]:
    """A complete card's figures, top to bottom, as the engine gives them and its ruleset orders them."""
    rules = card.rules

    def totals(rows: tuple) -> list[int]:  # the total lines the edition's paper prints after a section
        return [getattr(card, row.figure) for row in rows if row.figure != "yahtzee_bonus" or rules.extra]

    return [
        *(card.points(box.key) for box in rules.upper_boxes), *totals(rules.upper_totals),
        *(card.points(box.key) for box in rules.lower_boxes), *totals(rules.lower_totals),
    ]


def printed_rows(page_text: str, columns: int) -> list[list[int]]:
    """Lines of the page that end in one figure per filled column, read as numbers."""
    rows = []
    for line in page_text.splitlines():
        words = line.split()
        tail = words[-columns:]
        if len(words) > columns and all(word.isdigit() for word in tail):
            rows.append([int(word) for word in tail])
    return rows
