"""A whole two-player game at the table, on a 390×844 phone: every special case, engine-equal totals."""

from __future__ import annotations

import re

from playwright.sync_api import expect

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
    version,
)

BOXES = find_edition("hasbro-1996").box_keys

# Ann: a Yahtzee, then two extra Yahtzees (a forced joker in Threes, a joker in Large straight).
ANN = [
    ("55555", "yahtzee"),
    ("33333", "threes"),
    ("33333", "large_straight"),
    ("11112", "ones"),
    ("22226", "twos"),
    ("44445", "fours"),
    ("55556", "fives"),
    ("66661", "sixes"),
    ("12345", "small_straight"),
    ("22333", "full_house"),
    ("44456", "three_of_a_kind"),
    ("66665", "four_of_a_kind"),
    ("12346", "chance"),
]
# Bo: an ordinary game; 60 in the upper section (no bonus), two scratches at the end.
BO = [
    ("12346", "ones"),
    ("22346", "twos"),
    ("33346", "threes"),
    ("44416", "fours"),
    ("55512", "fives"),
    ("66612", "sixes"),
    ("12345", "large_straight"),
    ("23456", "small_straight"),
    ("22255", "full_house"),
    ("11111", "yahtzee"),
    ("12346", "chance"),
    ("12346", "three_of_a_kind"),
    ("12346", "four_of_a_kind"),
]
TYPED = ["{}", "{} {} {} {} {}", "{},{},{},{},{}", " {}{} {}{}{} "]  # the text forms a player may use


def roll(dice: str) -> tuple[int, ...]:
    """Dice text as the engine takes it."""
    return tuple(int(face) for face in dice)


def replay(entries: list[tuple[str, str]]) -> Game:
    """The engine's game for these (dice text, box) entries."""
    return Game.replay(["Ann", "Bo"], find_edition("hasbro-1996"), [(roll(d), b) for d, b in entries])


def announced(game: Game) -> str:
    """What the live region should say after the last turn (screen readers hear it)."""
    turn = game.last_turn
    said = f"{game.players[turn.player]}: {turn.points} in {game.edition.box(turn.box).name}"
    if turn.bonus:
        said += ", plus the 100-point Yahtzee bonus"
    return said + (". The game is over." if game.is_over else f". Next: {game.players[game.current_player]}.")


def typed(dice: str, turn: int) -> str:
    """The dice as a player might type them, varying the form and the order."""
    faces = list(dice)[::-1] if turn % 2 else list(dice)
    form = TYPED[turn % len(TYPED)]
    return form.format("".join(faces)) if form == "{}" else form.format(*faces)


def test_a_whole_two_player_game_with_jokers_an_undo_and_a_correction_ends_engine_equal(
    phone,
    live_app,
    screenshots,
):
    page = phone
    page.goto(f"{live_app.url}/new")
    page.screenshot(path=str(screenshots / "new-game.png"), full_page=True)
    start_game(page, live_app.url, ["Ann", "Bo"], title="Tuesday")
    expect(page.locator(".turn-head")).to_have_text("Round 1 of 13 · Ann")

    entries: list[tuple[str, str]] = []
    for round_index in range(13):
        for seat, (dice, box) in enumerate((ANN[round_index], BO[round_index])):
            turn = len(entries)
            name = ("Ann", "Bo")[seat]
            expect(page.locator(".turn-head")).to_have_text(f"Round {round_index + 1} of 13 · {name}")
            before = replay(entries)
            card = before.cards[seat]

            if turn == 1:  # Bo first writes his 12346 in Chance by mistake, then undoes it
                type_dice(page, typed(dice, turn))
                choose(page, "chance")
                expect(page.locator(".turn-head")).to_have_text("Round 2 of 13 · Ann")
                undo = page.locator("#play .thumb-bar button", has_text="Undo")
                expect(undo).to_have_text("Undo Bo: 16 in Chance")
                undo_version = version(page)
                undo.click()
                expect(page.locator(f'#play[data-version="{undo_version + 1}"]')).to_have_count(1)
                expect(page.locator("#play .notice")).to_have_text("Undone: Bo: 16 in Chance.")
                expect(page.locator(".turn-head")).to_have_text("Round 1 of 13 · Bo")
                page.locator("#dice").fill("")  # the field may offer back the dice typed before

            if turn % 2 == 0:
                tap_dice(page, dice)
            else:
                type_dice(page, typed(dice, turn))

            bonus = page.locator("#options .bonus-due")
            if card.bonus_due(roll(dice)):
                expect(bonus).to_have_text(re.compile(r"\+100 Yahtzee bonus"))
            else:
                expect(bonus).to_have_count(0)
            offered = card.options(roll(dice))
            assert allowed_boxes(page) == [b for b in BOXES if b in offered]
            refused = [b for b in BOXES if b in card.open_boxes and b not in offered]
            assert forbidden_boxes(page) == refused
            for reason in {str(card.refusal(b, roll(dice)).message) for b in refused}:
                expect(page.locator("#options .why", has_text=reason)).to_be_visible()

            if (dice, box) == ("33333", "threes"):  # the forced joker: Threes is the only choice
                assert allowed_boxes(page) == ["threes"]
                assert len(forbidden_boxes(page)) == 11
                expect(page.locator("#options .why")).to_have_text(
                    "⊘ Joker rule: five 3s must go in Threes while Threes is empty."
                )
                page.screenshot(path=str(screenshots / "forced-joker.png"), full_page=False)
            if (dice, box) == ("33333", "large_straight"):  # a joker fills a straight at full value
                large = page.locator('#options button[value="large_straight"] .box-pts')
                expect(large).to_have_text("40")
            if offered.get(box) == 0:
                expect(page.locator(f'#options button[value="{box}"] .scratch')).to_have_text("scratch")

            choose(page, box)
            entries.append((dice, box))
            after = replay(entries)
            expect(page.locator("#live")).to_have_text(announced(after))
            just = page.locator("#play table.sheet td.just")
            expect(just).to_have_count(1)
            # The figure, and a star beside it when this turn earned the Yahtzee bonus.
            expect(just.locator("a")).to_have_text(re.compile(rf"^{after.last_turn.points}★?$"))

            if turn == 13:  # mid-game: Ann's three Yahtzees are on the sheet
                page.screenshot(path=str(screenshots / "mid-game-sheet.png"), full_page=True)
                assert sheet_figures(page) == engine_figures(after)

            if turn == 15:  # Bo corrects his first turn: he had rolled 11346, not 12346
                cell = page.get_by_role("link", name="Bo, Ones: 1. Correct this turn")
                cell.click()
                page.wait_for_url(re.compile(r"/turns/1/edit$"))
                expect(page.locator("#dice")).to_have_value("12346")
                page.locator("#dice").fill("11346")
                page.get_by_role("button", name="Save correction").click()
                page.wait_for_url(re.compile(r"/g/[A-Za-z0-9_-]+$"))
                expect(page.locator("#play .notice")).to_have_text(
                    re.compile(
                        r"^Turn 2 \(round 1, Bo\): Ones 1 \u2192 2\. Undo still takes back the last turn"
                        r" \(.+\), not this correction\.$"
                    )
                )
                entries[1] = ("11346", "ones")
                expect(page.get_by_role("link", name="Bo, Ones: 2. Correct this turn")).to_be_visible()

    final = replay(entries)
    assert final.is_over
    figures = sheet_figures(page)
    assert figures == engine_figures(final)
    assert [f["grand"] for f in figures] == [535, 221]  # the game as planned, so the cases above happened
    assert figures[0]["marks"] == 2 and figures[0]["bonus"] == 35 and figures[1]["bonus"] == 0

    expect(page.locator("#over-h")).to_have_text("Game over")
    expect(page.locator(".over .winner")).to_have_text("★ Ann wins with 535 points!")
    standings = page.locator(".over ol.standings li")
    expect(standings).to_have_count(2)
    expect(standings.nth(0)).to_contain_text("Ann")
    expect(standings.nth(0).locator(".total")).to_have_text("535")
    expect(standings.nth(1).locator(".total")).to_have_text("221")
    expect(page.get_by_role("button", name="Rematch")).to_be_visible()
    page.screenshot(path=str(screenshots / "game-over.png"), full_page=True)

    page.get_by_role("link", name="History").click()
    events = page.locator("ol.events li")
    expect(events).to_have_count(2)  # the undo and the correction, oldest first
    expect(events.nth(0)).to_contain_text("Undid Bo's turn in round 1: 1 2 3 4 6 in Chance for 16")
    expect(events.nth(1)).to_contain_text(
        "Corrected Bo's turn in round 1: 1 2 3 4 6 in Ones for 1 → 1 1 3 4 6 in Ones for 2"
    )
    expect(page.locator("ol.turn-log li")).to_have_count(26)
    assert page.errors == []  # no script error, no CSP violation
