"""The app's own game page, printed from the browser, is the paper sheet of the print view and the PDF.

The game page and the scoreboard carry print/_sheet.html hidden on screen (class paper-only); on paper
(print.css) it is all that prints. htmx swaps and live updates bring it along with the rest of the page.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scorekeeper.rules import Box
from scorekeeper.services import games
from tests.support.printed_pages import expected_rows, page_count, pdf_text, printed_rows, to_png
from tests.support.sample_games import entries

NAMES = ["Ann", "Bo Ek", "Cyrille", "Dominique", "Émile", "Fay", "Gus", "Hana"]
PAD_LABELS = ["TOTAL SCORE", "GRAND TOTAL", "Count and add only Threes", "HOW TO SCORE", "YAHTZEE BONUS"]
APP_CONTROLS = [
    "Undo",
    "Share",
    "History",
    "Export",
    "Rematch",
    "Review",
    "Show options",
    "Final dice",
    "Print",
    "Upper",
    "Y bonus",
    "Pace",
]


def has_word(text: str, word: str) -> bool:
    return re.search(rf"\b{re.escape(word)}\b", text) is not None


def assert_no_app_controls(pages: list[str]) -> None:
    text = "\n".join(pages)
    assert [control for control in APP_CONTROLS if has_word(text, control)] == []


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("players", [6, 8])
@pytest.mark.parametrize("link", ["edit", "view"])
def test_the_finished_game_page_prints_as_the_paper_sheet_without_its_controls(
    store_game,
    chromium_pdf,
    print_output,
    paper,
    players,
    link,
):
    created = store_game(NAMES[:players], title="Club night", seed=players, extra_yahtzee_seat=1)
    token = created.edit_token if link == "edit" else created.view_token
    pdf = chromium_pdf(f"/g/{token}", print_output / f"app-page-{players}-{link}-{paper}.pdf", paper)
    to_png(pdf)
    pages = pdf_text(pdf)
    assert page_count(pdf) == len(pages) == (1 if players <= 6 else 2)
    cards = created.game.game.cards
    for number, text in enumerate(pages):
        seats = range(6 * number, min(6 * number + 6, players))
        assert printed_rows(text, len(seats)) == [
            list(row) for row in zip(*(expected_rows(cards[seat]) for seat in seats), strict=False)
        ]
        assert all(NAMES[seat] in text for seat in seats)
        assert all(label in text for label in PAD_LABELS)
        assert "Club night" in text and "Final result" in text
    assert_no_app_controls(pages)


@pytest.mark.parametrize("players", [2, 6])
def test_the_game_page_and_the_print_view_print_the_same_page(
    store_game,
    chromium_pdf,
    print_output,
    players,
):
    finished = store_game(NAMES[:players], title="Same page", seed=4)
    for token, name in ((finished.edit_token, "finished"), (finished.view_token, "finished-board")):
        game_page = chromium_pdf(f"/g/{token}", print_output / f"app-page-{name}-{players}.pdf")
        print_view = chromium_pdf(f"/g/{token}/print", print_output / f"print-view-{name}-{players}.pdf")
        to_png(game_page)
        assert pdf_text(game_page) == pdf_text(print_view)


@pytest.mark.parametrize("players", [2, 6])
def test_a_game_in_progress_prints_its_paper_sheet_but_not_the_dice_entry(
    store_game,
    chromium_pdf,
    print_output,
    players,
):
    played = entries(players, seed=7)[: 4 * players + 1]  # four rounds and the first turn of the fifth
    created = store_game(NAMES[:players], turns=played, title="Tuesday")
    printed = {}
    for paper in ("A4", "Letter"):
        printed[paper] = pdf = chromium_pdf(
            f"/g/{created.edit_token}", print_output / f"app-page-in-progress-{players}-{paper}.pdf", paper
        )
        to_png(pdf)
        pages = pdf_text(pdf)
        assert page_count(pdf) == len(pages) == 1
        (text,) = pages
        assert "Tuesday" in text and "In progress: round 5 of 13" in text
        assert all(name in text for name in NAMES[:players])
        assert all(label in text for label in PAD_LABELS)
        assert_no_app_controls(pages)
    view = chromium_pdf(
        f"/g/{created.edit_token}/print", print_output / f"print-view-in-progress-{players}.pdf"
    )
    assert pdf_text(printed["A4"]) == pdf_text(view)


def test_the_printed_game_page_follows_htmx_swaps_and_live_updates(store_game, app_page, db, print_output):
    created = store_game(["Ann", "Bo"], turns=[([1, 1, 1, 2, 3], "ones")], title="Live")
    page = app_page(f"/g/{created.edit_token}")
    pad = page.locator(".paper-only")
    expect(pad).to_be_hidden()  # on screen the app's own sheet is shown, not the paper one
    aces = pad.locator("tr.row-box").first.locator("td.cell")

    page.locator("#dice").fill("11456")
    expect(page.locator("#options form.choose")).to_be_visible()
    page.locator('#options button[name=box][value="ones"]').click()  # htmx swaps #play
    expect(page.locator('#play[data-version="2"]')).to_have_count(1)
    assert aces.all_text_contents()[:2] == ["3", "2"]

    games.record_turn(db, created.edit_token, 2, (6, 6, 6, 6, 6), Box.YAHTZEE)  # another phone
    expect(page.locator('#play[data-version="3"]')).to_have_count(1)  # live.js
    yahtzee = pad.locator("tr.row-box").nth(11).locator("td.cell")
    assert yahtzee.all_text_contents()[:2] == ["50", ""]

    pdf = print_output / "app-page-after-live-update.pdf"
    page.pdf(path=str(pdf), format="A4")
    to_png(pdf)
    (text,) = pdf_text(pdf)
    aces_line = next(line.split() for line in text.splitlines() if line.split()[:1] == ["Aces"])
    assert aces_line[-2:] == ["3", "2"]
    assert_no_app_controls([text])
