"""The printed pages themselves: page counts, and every figure in the PDF text equal to the engine's.

WeasyPrint (the PDF download) and Chromium's print (A4 and Letter) must agree. PDFs and PNGs of
every page are kept in test-output/print/ for a person to look at.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.services.names import NAME_MAX, TITLE_MAX
from scorekeeper.web.viewmodels.sheet_model import CHECK
from tests.support.printed_pages import (
    YATZY_LABELS,
    expected_rows,
    page_count,
    pdf_text,
    printed_rows,
    to_png,
)

NAMES = ["Ann", "Bo Ek", "Cyrille", "Dominique", "Émile", "Fay", "Gus", "Hana"]
LONG_TITLE = (
    "A very long evening of dice at the old farmhouse with the whole family and our friends, 2025 edition"
)
RENDERERS = ["weasyprint", "chromium-A4", "chromium-Letter"]


@pytest.fixture
def render(client, chromium_pdf, print_output: Path):
    """render(path, name, renderer) -> the PDF file of that app URL by that renderer."""

    def make(path: str, name: str, renderer: str) -> Path:
        out = print_output / f"{name}-{renderer}.pdf"
        if renderer == "weasyprint":
            if "/g/" in path:
                pdf_path = path.replace("/print", "/scoresheet.pdf")
            else:
                pdf_path = path.replace("/blank-sheet", "/blank-sheet.pdf")
            response = client.get(pdf_path)
            assert response.status_code == 200
            out.write_bytes(response.data)
        else:
            chromium_pdf(path, out, renderer.split("-")[1])
        to_png(out)
        return out

    return make


@pytest.mark.parametrize("renderer", RENDERERS)
def test_six_full_sheets_fit_one_page_with_every_figure_the_engines(store_game, render, renderer):
    created = store_game(NAMES[:6], title="Club night", seed=11, extra_yahtzee_seat=2)
    pdf = render(f"/g/{created.edit_token}/print", "six-players", renderer)
    assert page_count(pdf) == 1
    (text,) = pdf_text(pdf)
    for name in NAMES[:6]:
        assert name in text
    cards = created.game.game.cards
    assert printed_rows(text, 6) == [list(row) for row in zip(*map(expected_rows, cards), strict=False)]
    assert "Club night" in text and "Final result" in text


@pytest.mark.parametrize("renderer", RENDERERS)
def test_eight_players_continue_on_a_second_page(store_game, render, renderer):
    created = store_game(NAMES, seed=5)
    pdf = render(f"/g/{created.edit_token}/print", "eight-players", renderer)
    assert page_count(pdf) == 2
    first, second = pdf_text(pdf)
    cards = created.game.game.cards
    assert printed_rows(first, 6) == [list(row) for row in zip(*map(expected_rows, cards[:6]), strict=False)]
    assert printed_rows(second, 2) == [list(row) for row in zip(*map(expected_rows, cards[6:]), strict=False)]
    for text in (first, second):  # the row labels are repeated
        assert "Aces" in text and "GRAND TOTAL" in text and "YAHTZEE BONUS" in text
    assert all(name in first for name in NAMES[:6]) and all(name in second for name in NAMES[6:])


@pytest.mark.parametrize("renderer", RENDERERS)
def test_extra_yahtzees_print_their_checks_and_bonus_points(store_game, render, renderer):
    created = store_game(["Ann", "Bo"], seed=1, extra_yahtzee_seat=0)
    card = created.game.game.cards[0]
    assert card.yahtzee_bonus_count == 2
    pdf = render(f"/g/{created.view_token}/print", "extra-yahtzee", renderer)
    (text,) = pdf_text(pdf)
    bonus_line = next(line for line in text.splitlines() if "YAHTZEE BONUS" in line)
    assert bonus_line.split()[-2:] == [str(card.yahtzee_bonus), "0"] == ["200", "0"]
    assert CHECK * 2 in text
    assert f"SCORE 100 PER {CHECK}" in text


@pytest.mark.parametrize("renderer", RENDERERS)
def test_the_blank_sheet_is_one_page(render, renderer):
    pdf = render("/blank-sheet", "blank-sheet", renderer)
    assert page_count(pdf) == 1
    (text,) = pdf_text(pdf)
    assert "GRAND TOTAL" in text and "Count and add only Sixes" in text


@pytest.mark.parametrize("renderer", RENDERERS)
def test_the_turn_log_follows_the_sheet_when_ticked(store_game, render, renderer):
    created = store_game(["Ann", "Bo", "Cyrille"], seed=9, extra_yahtzee_seat=1)
    pdf = render(f"/g/{created.edit_token}/print?log=1", "turn-log", renderer)
    pages = pdf_text(pdf)
    assert len(pages) >= 2 and "Turn log" not in pages[0]
    log = "\n".join(pages[1:])
    assert "Turn log" in log
    game = created.game.game
    lines = [line.split() for line in log.splitlines() if line.split()[:1] and line.split()[0].isdigit()]
    assert len(lines) == len(game.turns) == 39
    first = game.turns[0]
    assert lines[0] == [
        str(first.round),
        game.players[first.player],
        *map(str, first.dice),
        "Sm.",
        "straight",
        str(first.points),
    ]
    bonus_turns = [t for t in game.turns if t.bonus]
    assert log.count("+ 100 bonus") == len(bonus_turns) == 2


@pytest.mark.parametrize("renderer", RENDERERS)
def test_an_unfinished_game_prints_blank_boxes_and_no_premature_totals(store_game, render, renderer):
    turns = [
        ([1, 1, 1, 2, 3], "ones"),
        ([2, 3, 4, 5, 6], "large_straight"),
        ([6, 6, 6, 6, 1], "sixes"),
        ([1, 2, 4, 4, 6], "yahtzee"),
    ]
    created = store_game(["Ann", "Bo"], turns=turns)
    pdf = render(f"/g/{created.edit_token}/print", "in-progress", renderer)
    (text,) = pdf_text(pdf)
    assert "In progress: round 3 of 13" in text
    lines: dict[str, list[str]] = {}
    for line in text.splitlines():  # the first line starting with each word
        if line.split():
            lines.setdefault(line.split()[0], line.split())
    assert lines["Aces"][-2:] == ["Aces", "3"] and lines["Sixes"][-2:] == ["Sixes", "24"]
    assert lines["Lg."][-3:] == ["SCORE", "40", "40"]  # Bo's; Ann's box is still blank
    assert lines["YAHTZEE"][-3:] == ["SCORE", "50", "0"]  # Bo's scratch prints 0
    assert lines["GRAND"] == ["GRAND", "TOTAL", "→"]  # nothing added up yet


def label_order(text: str, labels: list[str]) -> list[str]:
    """The labels that start a line of the page at its left edge (the how-to text is indented), in print
    order; the block prints its totals in capitals."""
    found = []
    for line in text.splitlines():
        words = " ".join(line.rstrip().split(" ")).casefold()
        found += [
            label for label in labels if words == label.casefold() or words.startswith(label.casefold() + " ")
        ][:1]
    return found


@pytest.mark.parametrize("renderer", RENDERERS)
@pytest.mark.parametrize("edition", ["yatzy", "yatzy-forced"])
def test_six_yatzy_sheets_fit_one_page_as_a_nordic_block_with_every_figure_the_engines(
    store_game,
    render,
    renderer,
    edition,
):
    created = store_game(NAMES[:6], title="Kväll på landet", seed=12, edition=edition)
    pdf = render(f"/g/{created.edit_token}/print", f"{edition}-six-players", renderer)
    assert page_count(pdf) == 1
    (text,) = pdf_text(pdf)
    cards = created.game.game.cards
    assert all(card.is_complete for card in cards)
    assert printed_rows(text, 6) == [list(row) for row in zip(*map(expected_rows, cards), strict=False)]
    assert label_order(text, YATZY_LABELS) == YATZY_LABELS
    for absent in ("YAHTZEE", "UPPER SECTION", "HOW TO SCORE", "Aces", "PER"):
        assert absent not in text
    assert "63 or more" in text and "SCORE 50" in text and "Final result" in text
    assert all(name in text for name in NAMES[:6])


@pytest.mark.parametrize("renderer", RENDERERS)
@pytest.mark.parametrize("edition", ["yatzy", "yatzy-forced"])
def test_the_blank_yatzy_sheet_is_one_page(render, renderer, edition):
    pdf = render(f"/blank-sheet?edition={edition}", f"blank-{edition}", renderer)
    assert page_count(pdf) == 1
    (text,) = pdf_text(pdf)
    assert label_order(text, YATZY_LABELS) == YATZY_LABELS
    assert "Count and add only Sixes" in text and "YAHTZEE" not in text and "\u25a1" not in text


LONGEST = [  # 24 characters each, the most a name may have; wide letters on purpose
    "WWWWWWWWWWWWWWWWWWWWWWWW",
    "Maximiliana Wolfeschlege",
    "Anne-Marie Delacroix-Bon",
    "Ødegård Østergaard-Ærø X",
    "Bartholomew Fitzgeraldss",
    "Zoë Ëmma Ïsabella Ûrsula",
]


def squeezed(text: str) -> str:
    return "".join(text.split())


@pytest.mark.parametrize("renderer", RENDERERS)
@pytest.mark.parametrize(
    "title",
    [
        LONG_TITLE[:TITLE_MAX],
        "W" * TITLE_MAX,
    ],
    ids=["words", "one-word"],
)
@pytest.mark.parametrize("edition", ["hasbro-1996", "yatzy"])
def test_the_longest_names_and_title_still_fit_one_page_unclipped(
    store_game, render, renderer, title, edition
):
    assert len(title) == TITLE_MAX and {len(name) for name in LONGEST} == {NAME_MAX}  # the longest allowed
    created = store_game(LONGEST, title=title, seed=3, edition=edition)
    pdf = render(f"/g/{created.edit_token}/print", f"longest-names-{edition}", renderer)
    assert page_count(pdf) == 1
    (text,) = pdf_text(pdf)
    assert squeezed(title) in squeezed(text)
    cards = created.game.game.cards
    assert printed_rows(text, 6) == [list(row) for row in zip(*map(expected_rows, cards), strict=False)]
    # Wrapped names come apart line by line in the text; every letter of each is still printed.
    header = text.split("UPPER SECTION")[0]
    for name in LONGEST:
        for word in name.split():
            for piece in word.split("-"):
                assert piece[:6] in squeezed(header)
