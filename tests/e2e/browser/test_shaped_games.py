"""Whole games of the other shapes at the table, played in Chromium as players do, then printed:
Maxi Yatzy (six dice, saved rolls used and refused) on a 360×740 phone, Triple Yahtzee (three
columns a player) on a 390×844 phone, Yacht (12 boxes) on a 360×740 phone; each looked at on the
other phone size, in dark mode and on a 1280×720 TV, and printed by Chromium and by WeasyPrint.

Every figure on the pages and the papers is checked against the engine replaying the same turns.
Screenshots and the PDFs' pages (PNG) go to test-output/shapes/ for a person to look at.
"""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.rules import Game, find_edition
from tests.support.browser_pages import (
    no_horizontal_scroll,
    open_context,
    open_tv_context,
    start_game,
    tap_dice,
    type_dice,
    version,
)
from tests.support.paths import output_folder
from tests.support.printed_pages import page_count, pdf_text, printed_rows, to_png
from tests.support.shaped_games import random_entry

SHOTS = output_folder("shapes")
SMALL = {"width": 360, "height": 740}
PHONE = {"width": 390, "height": 844}


def record(page: Page, value: str, name: str = "box", rolls: int | None = None) -> None:
    """Tick the rolls (where asked), tap the box or cell, and wait for the sheet of the next version."""
    before = version(page)
    if rolls is not None:
        page.locator(f'#options .roll-choice:has(input[value="{rolls}"])').click()
        expect(page.locator(f'#options input[name=rolls][value="{rolls}"]')).to_be_checked()
    page.locator(f'#options button[name={name}][value="{value}"]').click()
    expect(page.locator(f'#play[data-version="{before + 1}"]')).to_have_count(1)


def enter(page: Page, dice: tuple[int, ...], typed: bool) -> None:
    text = "".join(map(str, dice))
    if typed:
        type_dice(page, " ".join(text))
    else:
        tap_dice(page, text)


def look(page: Page, name: str, sizes=(PHONE, SMALL)) -> None:
    """Screenshots at each phone size, light and dark; no sideways scroll of the page at any."""
    for size in sizes:
        page.set_viewport_size(size)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            width, viewport = no_horizontal_scroll(page)
            assert width <= viewport, (name, size, scheme, width)
            page.screenshot(path=str(SHOTS / f"{name}-{size['width']}-{scheme}.png"), full_page=True)
    page.emulate_media(color_scheme="light")


def tv_look(browser, url: str, name: str, check=None) -> None:
    """The view link on a 1280×720 TV, light and dark: the whole sheet stands on the screen."""
    for scheme in ("light", "dark"):
        context = open_tv_context(browser, 1280, 720)
        try:
            page = context.new_page()
            page.emulate_media(color_scheme=scheme)
            page.goto(url)
            box = page.locator("#board .sheet-wrap table.sheet").first.bounding_box()
            assert box is not None and box["y"] + box["height"] <= 720, (name, box)
            if check is not None:
                check(page)
            page.screenshot(path=str(SHOTS / f"{name}-tv-1280-{scheme}.png"))
            assert page.errors == []
        finally:
            context.close()


def printed(page: Page, base: str, token: str, name: str, columns: int) -> list[tuple[str, list[list[int]]]]:
    """The game printed by Chromium (the game page) and by WeasyPrint (/scoresheet.pdf): one page
    each, looked at as PNGs; each paper's rows of `columns` figures."""
    pdfs = []
    for paper in ("A4", "Letter"):
        pdf = SHOTS / f"{name}-chromium-{paper}.pdf"
        page.pdf(path=str(pdf), format=paper)
        pdfs.append(pdf)
    response = page.request.get(f"{base}/g/{token}/scoresheet.pdf")
    assert response.ok and response.headers["content-type"] == "application/pdf"
    weasy = SHOTS / f"{name}-weasyprint-A4.pdf"
    weasy.write_bytes(response.body())
    pdfs.append(weasy)
    read = []
    for pdf in pdfs:
        assert page_count(pdf) == 1, pdf
        to_png(pdf)
        (text,) = pdf_text(pdf)
        assert "Final result" in text and "Undo" not in text
        read.append((pdf.name, printed_rows(text, columns)))
    return read


# -- Maxi Yatzy ----------------------------------------------------------------------------------------


def test_a_whole_maxi_yatzy_game_on_six_dice_with_saved_rolls_used_and_refused(browser, live_app):
    rules = find_edition("maxi-yatzy")
    rng = random.Random(2025)
    context = open_context(browser, viewport=SMALL)
    try:
        page = context.new_page()
        token = start_game(page, live_app.url, ["Ann", "Bo"], title="Maxi", edition="maxi-yatzy")
        expect(page.locator("#dice-form .slot")).to_have_count(6)
        expect(page.locator("#dice")).to_have_attribute("placeholder", "e.g. 224566")
        game = Game(["Ann", "Bo"], rules)
        # Ann uses one roll in each of her first two turns (two saved each time), then seven.
        planned_rolls = {0: 1, 2: 1, 4: 7}
        while not game.is_over:
            seat = game.current_player
            card = game.cards[seat]
            dice, box, _, rolls = random_entry(card, rng)
            rolls = planned_rolls.get(len(game.turns), rolls)
            enter(page, dice, typed=len(game.turns) % 2 == 1)
            # The rolls: 1 to the turn's three plus the saved ones, three ticked.
            offered = page.locator("#options input[name=rolls]").evaluate_all("r => r.map(i => +i.value)")
            assert offered == list(range(1, card.most_rolls + 1))
            expect(page.locator("#options input[name=rolls]:checked")).to_have_value("3")
            expect(page.locator("#options .rolls-saved")).to_have_text(f"{card.saved_rolls} saved")
            if len(game.turns) == 4:
                assert card.saved_rolls == 4 and offered[-1] == 7
                look(page, "maxi-options")
            allowed = card.options(dice)
            button = page.locator(f'#options button[name=box][value="{box}"]')
            if allowed[box]:
                expect(button.locator(".box-pts")).to_have_text(str(allowed[box]))
            record(page, box, rolls=rolls)
            game = game.play(dice, box, None, rolls)
            saved = page.locator("#play tr.saved-row td").all_inner_texts()
            assert saved == [str(c.saved_rolls) for c in game.cards]
        assert game.cards[0].saved_rolls == sum(3 - (t.rolls or 0) for t in game.turns if t.player == 0)

        # Refused: Ann's first turn corrected to three rolls leaves her two saved for her third
        # turn, which used seven: the correction is refused with the reason, nothing changes.
        before = version(page)
        page.goto(f"{live_app.url}/g/{token}/turns/0/edit")
        expect(page.locator("#rolls")).to_have_value("1")
        page.locator("#rolls").fill("3")
        page.get_by_role("button", name="Save correction").click()
        expect(page.locator("#correct-error")).to_contain_text(
            "That change would make turn 5 (round 3, Ann) illegal: "
            "Only 5 rolls this turn (3 plus 2 saved), not 7."
        )
        page.screenshot(path=str(SHOTS / "maxi-correction-refused-360.png"), full_page=True)
        # The refusal's 422 is what Chromium logs of it, and nothing else went wrong.
        assert page.errors == [
            "Failed to load resource: the server responded with a status of 422 (UNPROCESSABLE ENTITY)"
        ]
        page.errors.clear()
        page.goto(f"{live_app.url}/g/{token}")
        assert version(page) == before

        expect(page.locator("#over-h")).to_have_text("Game over")
        grand = page.locator("#play tr.grand-row td").all_inner_texts()
        assert [int(t) for t in grand] == [c.grand_total for c in game.cards]
        look(page, "maxi-over")
        expected = [[card.points(b.key) for card in game.cards] for b in rules.boxes if b.is_upper]
        for name, rows in printed(page, live_app.url, token, "maxi", 2):
            for row in expected:
                assert row in rows, (name, row)
            assert [c.grand_total for c in game.cards] in rows, name
            assert [c.saved_rolls for c in game.cards] == rows[-1], name
        page.goto(f"{live_app.url}/g/{token}/history")
        expect(page.locator(".turn-rolls").first).to_have_text("1 roll")
        assert page.errors == []
    finally:
        context.close()
    tv_look(
        browser,
        f"{live_app.url}/g/{_view_token(live_app, token)}",
        "maxi",
        lambda tv: expect(tv.locator("#board tr.saved-row td")).to_have_count(2),
    )


def _view_token(live_app, token: str) -> str:
    from scorekeeper import storage
    from scorekeeper.services import games

    with live_app.app.app_context():
        return games.load_game(storage.get_db(), token).view_token


# -- Triple Yahtzee --------------------------------------------------------------------------------------


def test_a_whole_triple_yahtzee_game_names_box_and_column_in_one_tap(browser, live_app):
    rules = find_edition("triple-yahtzee")
    rng = random.Random(39)
    context = open_context(browser, viewport=PHONE)
    try:
        page = context.new_page()
        token = start_game(page, live_app.url, ["Ann", "Bo"], title="Triple", edition="triple-yahtzee")
        expect(page.locator(".turn-head")).to_have_text("Round 1 of 39 · Ann")
        game = Game(["Ann", "Bo"], rules)
        while not game.is_over:
            card = game.cards[game.current_player]
            dice, box, column, _ = random_entry(card, rng)
            enter(page, dice, typed=len(game.turns) % 3 == 2)
            offered = page.locator("#options button[name=cell]:not([disabled])").evaluate_all(
                "b => b.map(x => x.value)"
            )
            assert offered == [f"{c.box}:{c.column}" for c in card.cell_options(dice)]
            if len(game.turns) == 30:
                look(page, "triple-options")
            record(page, f"{box}:{column}", name="cell")
            game = game.play(dice, box, column)
            # The sheet shown is the next player's (or the winner's), each column the engine's.
            totals = page.locator("#play .column-totals tbody tr")
            for seat, line in enumerate(game.cards):
                cells = totals.nth(seat).locator("td").all_inner_texts()
                assert [int(t) for t in cells[:4]] == [*(c.score for c in line.columns), line.grand_total]
        expect(page.locator("#over-h")).to_have_text("Game over")
        look(page, "triple-over")
        # Every player's sheet is a tap away, with its cells' correction links.
        other = page.locator("#play details.player-sheet summary").first
        other.click()
        expect(page.locator("#play details.player-sheet[open] table.sheet")).to_be_visible()
        look(page, "triple-over-other-open", sizes=(SMALL,))
        expected = [
            [card.points(b.key, n) for card in game.cards for n in (1, 2, 3)]
            for b in rules.boxes
            if b.is_upper
        ]
        for name, rows in printed(page, live_app.url, token, "triple", 6):
            for row in expected:
                assert row in rows, (name, row)
            scores = [c.score for card in game.cards for c in card.columns]
            assert scores in rows, name
        assert page.errors == []
    finally:
        context.close()
    tv_look(
        browser,
        f"{live_app.url}/g/{_view_token(live_app, token)}",
        "triple",
        lambda tv: expect(tv.locator("#board .column-totals tbody tr")).to_have_count(2),
    )


# -- Yacht ------------------------------------------------------------------------------------------------


def test_a_whole_yacht_game_on_its_twelve_boxes(browser, live_app):
    rules = find_edition("yacht")
    rng = random.Random(12)
    context = open_context(browser, viewport=SMALL)
    try:
        page = context.new_page()
        token = start_game(page, live_app.url, ["Ann", "Bo", "Cy"], title="Yacht", edition="yacht")
        expect(page.locator("#play table.sheet tr.box-row")).to_have_count(12)
        game = Game(["Ann", "Bo", "Cy"], rules)
        while not game.is_over:
            card = game.cards[game.current_player]
            dice, box, _, _ = random_entry(card, rng)
            enter(page, dice, typed=len(game.turns) % 2 == 0)
            expect(page.locator("#options .rolls")).to_have_count(0)
            record(page, box)
            game = game.play(dice, box)
        grand = page.locator("#play tr.grand-row td").all_inner_texts()
        assert [int(t) for t in grand] == [c.grand_total for c in game.cards]
        look(page, "yacht-over")
        expected = [[card.points(b.key) for card in game.cards] for b in rules.boxes]
        for name, rows in printed(page, live_app.url, token, "yacht", 3):
            for row in expected:
                assert row in rows, (name, row)
        assert page.errors == []
    finally:
        context.close()
    tv_look(browser, f"{live_app.url}/g/{_view_token(live_app, token)}", "yacht")


# -- six players at 360 px ----------------------------------------------------------------------------------

SIX = ["Annabelle", "Bartholomew", "Cyrille", "Dee", "Evangeline", "Fred"]


def _stored(live_app, edition: str, turns: int | None) -> str:
    """A six-player game of this edition stored through the service (`turns` turns, or whole)."""
    from scorekeeper import storage
    from scorekeeper.services import games
    from tests.support.shaped_games import random_game

    game = random_game(SIX, edition, seed=6, turns=turns)
    db = live_app.app.extensions[storage.DB_KEY]
    created = games.create_game(db, SIX, edition)
    for index, turn in enumerate(game.turns):
        games.record_turn(db, created.edit_token, index, turn.dice, turn.box, turn.column, turn.rolls)
    return created.edit_token


@pytest.mark.parametrize(
    "edition, turns",
    [("triple-yahtzee", 100), ("triple-yahtzee", None), ("maxi-yatzy", 40)],
    ids=["triple-mid-game", "triple-finished", "maxi-mid-game"],
)
def test_six_players_of_a_shaped_sheet_never_scroll_the_360_px_page_sideways(
    browser, live_app, edition, turns
):
    token = _stored(live_app, edition, turns)
    rules = find_edition(edition)
    context = open_context(browser, viewport=SMALL)
    try:
        page = context.new_page()
        page.goto(f"{live_app.url}/g/{token}")
        if turns is not None:
            tap_dice(page, "2" * rules.dice_count)  # the page at its widest: dice in, cells listed
            expect(page.locator("#options")).to_contain_text("Where do")
        else:
            expect(page.locator("#over-h")).to_have_text("Game over")
        if len(rules.columns) > 1:
            expect(page.locator("#play .column-totals tbody tr")).to_have_count(6)
        else:
            expect(page.locator("#play tr.saved-row td")).to_have_count(6)
        name = f"six-{edition}-{'over' if turns is None else turns}"
        look(page, name, sizes=(SMALL,))
        for wrap in page.locator("#play .sheet-scroll").all():  # only the sheet itself may scroll
            box = wrap.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= SMALL["width"] + 0.5
        assert page.errors == []
    finally:
        context.close()
