"""The print view and the WeasyPrint PDF of the other shapes, through their routes: a Triple Yahtzee
card of four players (three columns each, multipliers, each column's bonus and score, the grand
total) on one page, Maxi Yatzy's saved rolls, and the blank sheet of every edition on one page."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from scorekeeper.rules import EDITIONS, Game, find_edition
from scorekeeper.services import games
from tests.support.printed_pages import pdf_text, printed_rows
from tests.support.shaped_games import random_game

TRIPLE = find_edition("triple-yahtzee")
MAXI = find_edition("maxi-yatzy")


def stored(db, game: Game) -> games.Created:
    """The engine's game recorded turn by turn through the service, as the forms record it."""
    created = games.create_game(db, list(game.players), game.edition)
    for index, turn in enumerate(game.turns):
        games.record_turn(db, created.edit_token, index, turn.dice, turn.box, turn.column, turn.rolls)
    return created


def pdf_pages(client, path: str, tmp_path) -> list[str]:
    """The PDF at this path (200, a PDF) read back as each page's laid-out text."""
    response = client.get(path)
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert len(PdfReader(io.BytesIO(response.data)).pages) >= 1
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(response.data)
    return pdf_text(pdf)


@pytest.fixture
def four_triple(db):
    game = random_game(["Ann", "Bo", "Cy", "Dee"], TRIPLE, seed=11)
    assert game.is_over
    return game, stored(db, game)


def test_a_four_player_triple_card_prints_three_columns_each_with_their_multipliers(client, four_triple):
    game, created = four_triple
    html = client.get(f"/g/{created.view_token}/print").get_data(as_text=True)
    headings = re.findall(r'<th scope="col" class="column-heading[^"]*">([^<]+)</th>', html)
    assert headings == ["×1", "×2", "×3"] * 4
    assert html.count('<table class="scorepad"') == 1  # the four players on one sheet
    for card in game.cards:
        assert f">{card.grand_total}<" in html


def test_a_four_player_triple_pdf_is_one_page_of_each_columns_figures_and_the_grand_totals(
    client, four_triple, tmp_path
):
    game, created = four_triple
    (page,) = pdf_pages(client, f"/g/{created.view_token}/scoresheet.pdf", tmp_path)
    rows = printed_rows(page, 12)
    cards = game.cards
    for box in TRIPLE.boxes:  # each box: every player's three columns, in seat order
        assert [card.points(box.key, n) for card in cards for n in (1, 2, 3)] in rows, box.key
    assert [c.upper_bonus for card in cards for c in card.columns] in rows  # each column's own bonus
    assert [c.score for card in cards for c in card.columns] in rows  # the ×2, ×3 products
    grand = printed_rows(page, 4)
    assert [card.grand_total for card in cards] in grand
    assert page.count("×2") >= 4 and page.count("×3") >= 4


def test_five_triple_players_print_on_two_pages(client, db, tmp_path):
    game = random_game(["Ann", "Bo", "Cy", "Dee", "Eve"], TRIPLE, seed=3, turns=12)
    created = stored(db, game)
    pages = pdf_pages(client, f"/g/{created.edit_token}/scoresheet.pdf", tmp_path)
    assert len(pages) == 2 and "Eve" in pages[1] and "Eve" not in pages[0]


def test_a_maxi_pdf_prints_each_players_saved_rolls(client, db, tmp_path):
    game = random_game(["Ann", "Bo", "Cy"], MAXI, seed=3, turns=11)
    created = stored(db, game)
    (page,) = pdf_pages(client, f"/g/{created.edit_token}/scoresheet.pdf", tmp_path)
    assert "SAVED ROLLS" in page  # the last row of the card, its figures under its explanation
    assert printed_rows(page, 3)[-1] == [card.saved_rolls for card in game.cards]


@pytest.mark.parametrize("rules", list(EDITIONS.values()), ids=str)
def test_the_blank_sheet_of_every_edition_is_one_page_of_its_boxes(client, tmp_path, rules):
    html = client.get(f"/blank-sheet?edition={rules.id}")
    assert html.status_code == 200
    (page,) = pdf_pages(client, f"/blank-sheet.pdf?edition={rules.id}", tmp_path)
    assert rules.name.upper().replace(" ", "") in page.replace(" ", "")  # the title, spaced out
    labels = [box.label for box in rules.boxes]
    found = [label for label in labels if label.split()[0] in page]
    assert found == labels
    if len(rules.columns) > 1:
        assert page.count("×3") == 4  # four players of three columns
