"""Whole Scandinavian Yatzy games at the table on a 390×844 phone, free and forced order, then printed.

Two players enter their dice (tapped or typed) and choose boxes as players do; the options, the sheet
and every total are the engine's; the forced game offers only the next box; the game page prints as
its edition's paper sheet on one page of A4 and of Letter.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.rules import Game, find_edition
from tests.support.browser_pages import (
    allowed_boxes,
    choose,
    engine_figures,
    forbidden_boxes,
    sheet_figures,
    start_game,
    tap_dice,
    type_dice,
)
from tests.support.paths import output_folder
from tests.support.printed_pages import YATZY_LABELS, expected_rows, page_count, pdf_text, printed_rows

SHOTS = output_folder("yatzy")  # screenshots and PDFs for a person to look at

# Free order. Ann: exactly three of each number (63, the bonus), a Yatzy first.
FREE_ANN = [
    ("66666", "yatzy"),
    ("66653", "sixes"),
    ("55512", "fives"),
    ("12345", "small_straight"),
    ("23456", "large_straight"),
    ("44413", "fours"),
    ("33356", "threes"),
    ("22215", "twos"),
    ("11123", "ones"),
    ("55566", "full_house"),
    ("66551", "two_pairs"),
    ("66612", "three_of_a_kind"),
    ("44441", "four_of_a_kind"),
    ("66543", "one_pair"),
    ("56666", "chance"),
]
# Bo: a scratched Yatzy, five 1s in Ones (no joker in Yatzy), five 6s worth 0 as a Full house.
FREE_BO = [
    ("12346", "yatzy"),
    ("66655", "two_pairs"),
    ("11111", "ones"),
    ("22334", "twos"),
    ("33312", "threes"),
    ("44456", "fours"),
    ("55561", "fives"),
    ("66123", "sixes"),
    ("66666", "full_house"),
    ("65432", "large_straight"),
    ("12345", "small_straight"),
    ("33345", "three_of_a_kind"),
    ("22223", "four_of_a_kind"),
    ("11456", "one_pair"),
    ("12356", "chance"),
]
# Forced order: the dice of each turn, top to bottom (the box is always the next one).
FORCED_ANN = [
    "11123",
    "22245",
    "33312",
    "44446",
    "55512",
    "66634",
    "55213",
    "44332",
    "66645",
    "55553",
    "12345",
    "23456",
    "22555",
    "56656",
    "33333",
]
FORCED_BO = [
    "12346",
    "22213",
    "33345",
    "44123",
    "55566",
    "66612",
    "11234",
    "66552",
    "22234",
    "11112",
    "12346",
    "23456",
    "33666",
    "12345",
    "44446",
]


def roll(dice: str) -> tuple[int, ...]:
    return tuple(int(face) for face in dice)


def play_whole_game(
    page: Page, base: str, edition: str, ann: list[tuple[str, str]], bo: list[tuple[str, str]]
) -> Game:
    """Start the game on the new-game form and play every turn through the page, checking each step."""
    rules = find_edition(edition)
    start_game(page, base, ["Ann", "Bo"], title=f"Kväll ({edition})", edition=edition)
    # Forced Yatzy names the box played for from the start of the turn.
    first = f", for {rules.boxes[0].name}" if rules.order.forced else ""
    expect(page.locator(".turn-head")).to_have_text(f"Round 1 of {rules.rounds} · Ann{first}")
    expect(page.locator("#play table.sheet tr.box-row")).to_have_count(len(rules.boxes))
    expect(page.locator("#play table.sheet tr.ybonus-row")).to_have_count(0)  # no extra bonus in Yatzy
    game = Game(["Ann", "Bo"], edition)
    for round_index in range(rules.rounds):
        for seat, (dice, box) in enumerate((ann[round_index], bo[round_index])):
            played_for = f", for {rules.box(box).name}" if rules.order.forced else ""
            expect(page.locator(".turn-head")).to_have_text(
                f"Round {round_index + 1} of {rules.rounds} · {('Ann', 'Bo')[seat]}{played_for}"
            )
            if seat == 0:
                tap_dice(page, dice)
            else:
                type_dice(page, " ".join(dice))
            card = game.cards[seat]
            offered = card.options(roll(dice))
            open_keys = [b.key for b in rules.boxes if b.key in card.open_boxes]
            expect(page.locator("#options .bonus-due")).to_have_count(0)
            if rules.order.forced:  # only the box played for: the others are not this turn's
                assert allowed_boxes(page) == open_keys[:1] == [box]
                assert forbidden_boxes(page) == []
                expect(page.locator("#options .why")).to_have_count(0)
            else:
                assert allowed_boxes(page) == [key for key in open_keys if key in offered]
                assert forbidden_boxes(page) == [key for key in open_keys if key not in offered]
            if offered[box] == 0:
                expect(page.locator(f'#options button[value="{box}"] .scratch')).to_have_text("scratch")
            else:
                expect(page.locator(f'#options button[value="{box}"] .box-pts')).to_have_text(
                    str(offered[box])
                )
            if (round_index, seat) == (8, 1) and not rules.order.forced:
                page.screenshot(path=str(SHOTS / f"{edition}-options-390.png"), full_page=False)
            choose(page, box)
            game = game.play(roll(dice), box)
            just = page.locator("#play table.sheet td.just")
            expect(just.locator("a")).to_have_text(str(game.last_turn.points))
        if round_index == 7:
            assert sheet_figures(page) == engine_figures(game)
    return game


def print_game_page(page: Page, edition: str, game: Game) -> None:
    """The game page printed by Chromium: its edition's paper sheet, one page on A4 and on Letter."""
    for paper in ("A4", "Letter"):
        pdf = SHOTS / f"{edition}-game-page-{paper}.pdf"
        page.pdf(path=str(pdf), format=paper)
        (text,) = pdf_text(pdf)  # exactly one page
        assert page_count(pdf) == 1
        assert printed_rows(text, 2) == [
            list(row) for row in zip(*map(expected_rows, game.cards), strict=False)
        ]
        starts = [line.split()[0].casefold() for line in text.splitlines() if line[:1].strip()]
        assert [label.split()[0].casefold() for label in YATZY_LABELS] == [
            word for word in starts if word in {label.split()[0].casefold() for label in YATZY_LABELS}
        ][: len(YATZY_LABELS)]
        assert "Final result" in text and "YAHTZEE" not in text and "Undo" not in text


@pytest.mark.parametrize(
    "edition, ann, bo",
    [
        ("yatzy", FREE_ANN, FREE_BO),
        (
            "yatzy-forced",
            list(zip(FORCED_ANN, find_edition("yatzy-forced").box_keys, strict=False)),
            list(zip(FORCED_BO, find_edition("yatzy-forced").box_keys, strict=False)),
        ),
    ],
    ids=["free", "forced"],
)
def test_a_whole_two_player_yatzy_game_ends_engine_equal_and_prints_on_one_page(
    phone,
    live_app,
    screenshots,
    edition,
    ann,
    bo,
):
    page = phone
    game = play_whole_game(page, live_app.url, edition, ann, bo)
    assert game.is_over
    figures = sheet_figures(page)
    assert figures == engine_figures(game)
    if edition == "yatzy":  # the game as planned, so the cases above happened
        assert [f["bonus"] for f in figures] == [50, 0]
        assert game.cards[1].points("full_house") == 0 and game.cards[1].points("ones") == 5
    winner = max(range(2), key=lambda seat: game.cards[seat].grand_total)
    expect(page.locator("#over-h")).to_have_text("Game over")
    expect(page.locator(".over .winner")).to_contain_text(("Ann", "Bo")[winner])
    expect(page.locator(".over ol.standings li").nth(0).locator(".total")).to_have_text(
        str(game.cards[winner].grand_total)
    )
    page.locator(".sheet-wrap").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"{edition}-phone-sheet-390.png"), full_page=True)
    page.screenshot(path=str(screenshots / f"{edition}-game-over.png"), full_page=True)
    print_game_page(page, edition, game)

    page.get_by_role("link", name="Print").click()  # the print view, as a player opens it
    page.wait_for_url(re.compile(r"/print$"))
    expect(page.locator(".pad-page")).to_have_count(1)
    expect(page.locator(".print-sheet .label-text")).to_have_text(YATZY_LABELS)
    page.screenshot(path=str(SHOTS / f"{edition}-print-view-390.png"), full_page=True)
    assert page.errors == []
