"""Reading printed pages back: a PDF's text and pages, the paper sheet's figures beside the engine's."""

from __future__ import annotations

import subprocess
from pathlib import Path

from scorekeeper.rules import Scorecard


def pdf_text(path: Path) -> list[str]:
    """The text of each page of a PDF, laid out in columns as printed (pdftotext -layout)."""
    text = subprocess.run(
        ["pdftotext", "-layout", "-enc", "UTF-8", str(path), "-"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return text.split("\f")[:-1]  # pdftotext ends every page with a form feed


def page_count(path: Path) -> int:
    """Pages of a PDF, read by pypdf."""
    from pypdf import PdfReader

    return len(PdfReader(path).pages)


def to_png(path: Path) -> list[Path]:
    """Each page of the PDF as a PNG beside it (pdftoppm), for a person to look at."""
    stem = path.with_suffix("")
    for old in path.parent.glob(f"{stem.name}-*.png"):
        old.unlink()
    subprocess.run(["pdftoppm", "-png", "-r", "100", str(path), str(stem)], check=True)
    return sorted(path.parent.glob(f"{stem.name}-*.png"))


def expected_rows(card: Scorecard) -> list[int]:
    """A complete card's figures, top to bottom, as the engine gives them and its ruleset orders them."""
    rules = card.edition

    def totals(rows: tuple) -> list[int]:  # the total lines the edition's paper prints after a section
        return [getattr(card, row.figure) for row in rows if row.figure != "yahtzee_bonus" or rules.extra]

    return [
        *(card.points(box.key) for box in rules.upper_boxes),
        *totals(rules.upper_totals),
        *(card.points(box.key) for box in rules.lower_boxes),
        *totals(rules.lower_totals),
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


# The paper Yatzy block, top to bottom, as a Nordic pad prints it (RULES.md's order, plus the
# Sum, Bonus and Total lines).
YATZY_LABELS = [
    "Ones",
    "Twos",
    "Threes",
    "Fours",
    "Fives",
    "Sixes",
    "Sum",
    "Bonus",
    "One pair",
    "Two pairs",
    "Three of a kind",
    "Four of a kind",
    "Small straight",
    "Large straight",
    "Full house",
    "Chance",
    "Yatzy",
    "Total",
]
