"""The app's own game page, printed from the browser, gives one clean sheet (print.css, media=print)."""

from __future__ import annotations

import pytest

from .conftest import page_count, pdf_text, to_png

NAMES = ["Ann", "Bo Ek", "Cyrille", "Dominique", "Émile", "Fay", "Gus", "Hana"]
PLAY_CONTROLS = ["Undo", "History", "Export", "Rematch", "Show options", "Final dice", "Print"]


@pytest.mark.browser
@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("players", [6, 8])
@pytest.mark.parametrize("link", ["edit", "view"])
def test_the_game_page_prints_on_one_page_without_its_controls(
    store_game, chromium_pdf, output_dir, paper, players, link,
):
    created = store_game(NAMES[:players], title="Club night", seed=players, extra_yahtzee_seat=1)
    token = created.edit_token if link == "edit" else created.view_token
    pdf = chromium_pdf(f"/g/{token}", output_dir / f"app-page-{players}-{link}-{paper}.pdf", paper)
    to_png(pdf)
    assert page_count(pdf) == 1
    (text,) = pdf_text(pdf)
    assert "Club night" in text
    for name in NAMES[:players]:
        assert name in text
    totals = next(line for line in text.splitlines() if line.split()[:1] == ["Total"])
    assert totals.split()[1:] == [str(card.grand_total) for card in created.game.game.cards]
    for control in PLAY_CONTROLS:
        assert control not in text


@pytest.mark.browser
def test_a_game_in_progress_prints_its_sheet_but_not_the_dice_entry(store_game, chromium_pdf, output_dir):
    turns = [([1, 1, 1, 2, 3], "ones"), ([2, 3, 4, 5, 6], "large_straight")]
    created = store_game(["Ann", "Bo"], turns=turns, title="Tuesday")
    pdf = chromium_pdf(f"/g/{created.edit_token}", output_dir / "app-page-in-progress.pdf", "A4")
    to_png(pdf)
    assert page_count(pdf) == 1
    (text,) = pdf_text(pdf)
    assert "Tuesday" in text and "Ann" in text and "Bo" in text
    for control in PLAY_CONTROLS:
        assert control not in text
