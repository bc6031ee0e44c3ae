"""Reading the paper sheet back from a PDF's text: the figures of each row, beside the engine's."""

from __future__ import annotations

from scorekeeper.rules import LOWER_BOXES, UPPER_BOXES, Scorecard


def expected_rows(card: Scorecard) -> list[int]:
    """A complete card's figures, top to bottom, as the engine gives them."""
    return [
        *(card.points(box) for box in UPPER_BOXES),
        card.upper_subtotal, card.upper_bonus, card.upper_total,
        *(card.points(box) for box in LOWER_BOXES),
        card.yahtzee_bonus, card.lower_total, card.upper_total, card.grand_total,
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
