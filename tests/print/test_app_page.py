"""The app's own game page, printed from the browser, is the paper sheet of the print view and the PDF.

The game page and the scoreboard carry print/_sheet.html hidden on screen (class paper-only); on paper
(print.css) it is all that prints. htmx swaps and live updates bring it along with the rest of the page.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scorekeeper import games
from scorekeeper.rules import Box

from .conftest import page_count, pdf_text, to_png
from .pad_text import expected_rows, printed_rows
from .sample_games import entries

NAMES = ["Ann", "Bo Ek", "Cyrille", "Dominique", "Émile", "Fay", "Gus", "Hana"]
PAD_LABELS = ["TOTAL SCORE", "GRAND TOTAL", "Count and add only Threes", "HOW TO SCORE", "YAHTZEE BONUS"]
APP_CONTROLS = ["Undo", "Share", "History", "Export", "Rematch", "Review", "Show options", "Final dice",
                "Print", "Upper", "Y bonus", "Pace"]
HX = {"HX-Request": "true"}


def has_word(text: str, word: str) -> bool:
    return re.search(rf"\b{re.escape(word)}\b", text) is not None


def assert_no_app_controls(pages: list[str]) -> None:
    text = "\n".join(pages)
    assert [control for control in APP_CONTROLS if has_word(text, control)] == []


@pytest.mark.browser
@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("players", [6, 8])
@pytest.mark.parametrize("link", ["edit", "view"])
def test_the_finished_game_page_prints_as_the_paper_sheet_without_its_controls(
    store_game, chromium_pdf, output_dir, paper, players, link,
):
    created = store_game(NAMES[:players], title="Club night", seed=players, extra_yahtzee_seat=1)
    token = created.edit_token if link == "edit" else created.view_token
    pdf = chromium_pdf(f"/g/{token}", output_dir / f"app-page-{players}-{link}-{paper}.pdf", paper)
    to_png(pdf)
    pages = pdf_text(pdf)
    assert page_count(pdf) == len(pages) == (1 if players <= 6 else 2)
    cards = created.game.game.cards
    for number, text in enumerate(pages):
        seats = range(6 * number, min(6 * number + 6, players))
        assert printed_rows(text, len(seats)) == [
            list(row) for row in zip(*(expected_rows(cards[seat]) for seat in seats))
        ]
        assert all(NAMES[seat] in text for seat in seats)
        assert all(label in text for label in PAD_LABELS)
        assert "Club night" in text and "Final result" in text
    assert_no_app_controls(pages)


@pytest.mark.browser
@pytest.mark.parametrize("players", [2, 6])
def test_the_game_page_and_the_print_view_print_the_same_page(
    store_game, chromium_pdf, output_dir, players,
):
    finished = store_game(NAMES[:players], title="Same page", seed=4)
    for token, name in ((finished.edit_token, "finished"), (finished.view_token, "finished-board")):
        game_page = chromium_pdf(f"/g/{token}", output_dir / f"app-page-{name}-{players}.pdf")
        print_view = chromium_pdf(f"/g/{token}/print", output_dir / f"print-view-{name}-{players}.pdf")
        to_png(game_page)
        assert pdf_text(game_page) == pdf_text(print_view)


@pytest.mark.browser
@pytest.mark.parametrize("players", [2, 6])
def test_a_game_in_progress_prints_its_paper_sheet_but_not_the_dice_entry(
    store_game, chromium_pdf, output_dir, players,
):
    played = entries(players, seed=7)[: 4 * players + 1]  # four rounds and the first turn of the fifth
    created = store_game(NAMES[:players], turns=played, title="Tuesday")
    printed = {}
    for paper in ("A4", "Letter"):
        printed[paper] = pdf = chromium_pdf(f"/g/{created.edit_token}", output_dir / f"app-page-in-progress-{players}-{paper}.pdf",
                           paper)
        to_png(pdf)
        pages = pdf_text(pdf)
        assert page_count(pdf) == len(pages) == 1
        (text,) = pages
        assert "Tuesday" in text and "In progress: round 5 of 13" in text
        assert all(name in text for name in NAMES[:players])
        assert all(label in text for label in PAD_LABELS)
        assert_no_app_controls(pages)
    view = chromium_pdf(f"/g/{created.edit_token}/print", output_dir / f"print-view-in-progress-{players}.pdf")
    assert pdf_text(printed["A4"]) == pdf_text(view)


def pad_row(html: str, label: str) -> list[str]:
    """The cells of one row of the hidden paper sheet in a page or fragment."""
    pad = html[re.search(r'<div class="print-sheet[^"]* paper-only">', html).start():]
    row = re.search(rf'<span class="label-text">{re.escape(label)}</span>.*?</tr>', pad, re.S)
    assert row, label
    return re.findall(r'<td class="cell">(?:<span class="ring">)?([^<]*)', row.group(0))


def test_the_fragment_of_a_recorded_turn_carries_the_updated_paper_sheet(client, store_game):
    created = store_game(["Ann", "Bo"], turns=[([1, 1, 1, 2, 3], "ones")])
    assert pad_row(client.get(f"/g/{created.edit_token}").get_data(as_text=True), "Aces")[:2] == ["3", ""]
    response = client.post(
        f"/g/{created.edit_token}/turns", data={"dice": "11456", "box": "ones", "turn": "1"}, headers=HX,
    )
    assert response.status_code == 200
    fragment = response.get_data(as_text=True)
    assert fragment.startswith('<div id="play"')
    assert pad_row(fragment, "Aces")[:2] == ["3", "2"]


def test_the_scoreboard_carries_the_paper_sheet_too(client, store_game):
    created = store_game(["Ann", "Bo"], turns=[([1, 1, 1, 2, 3], "ones"), ([6, 6, 6, 6, 6], "yahtzee")])
    fragment = client.get(f"/g/{created.view_token}", headers=HX).get_data(as_text=True)
    assert fragment.startswith('<div id="board"')
    assert pad_row(fragment, "YAHTZEE")[:2] == ["", "50"]


def test_a_yatzy_game_page_carries_the_yatzy_paper_sheet(client, store_game):
    created = store_game(["Ann", "Bo"], turns=[([3, 3, 3, 6, 6], "full_house"), ([2, 2, 2, 2, 2], "yatzy")],
                         edition="yatzy")
    for token in (created.edit_token, created.view_token):
        html = client.get(f"/g/{token}", headers=HX).get_data(as_text=True)
        assert pad_row(html, "Full house")[:2] == ["21", ""]
        assert pad_row(html, "Yatzy")[:2] == ["", "50"]
        assert "YAHTZEE" not in html and "ybonus-row" not in html


@pytest.mark.browser
def test_the_printed_game_page_follows_htmx_swaps_and_live_updates(store_game, app_page, db, output_dir):
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
    expect(page.locator('#play[data-version="3"]')).to_have_count(1, timeout=10_000)  # live.js
    yahtzee = pad.locator("tr.row-box").nth(11).locator("td.cell")
    assert yahtzee.all_text_contents()[:2] == ["50", ""]

    pdf = output_dir / "app-page-after-live-update.pdf"
    page.pdf(path=str(pdf), format="A4")
    to_png(pdf)
    (text,) = pdf_text(pdf)
    aces_line = next(line.split() for line in text.splitlines() if line.split()[:1] == ["Aces"])
    assert aces_line[-2:] == ["3", "2"]
    assert_no_app_controls([text])
