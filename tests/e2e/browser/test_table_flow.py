"""A turn at a real table, on touch phones (390×844 and 360×740): the recorded turn confirmed at the
top with its Undo, undo and corrections said where the eye is, the dice entry that never shows boxes
for other dice, readable sheet labels and bonuses, the joker without a bonus, the game-over card,
and the coach's keep advice asked from the same keypad. Games are seeded through the use cases.

Screenshots go to test-output/table-flow/ for a person to look at.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scorekeeper import storage
from scorekeeper.rules import find_edition
from scorekeeper.services import games
from tests.support.browser_pages import open_context, open_tv_context, tap_dice
from tests.support.paths import output_folder

HASBRO = find_edition("hasbro-1996")
PLAIN = "12346"  # never a Yahtzee, never a straight of five: every open box takes it
PHONES = {"390x844": {"width": 390, "height": 844}, "360x740": {"width": 360, "height": 740}}


@pytest.fixture(params=list(PHONES), ids=list(PHONES))
def phone(request, browser):
    """A touch phone of each size the table uses."""
    context = open_context(browser, viewport=PHONES[request.param])
    page = context.new_page()
    page.size = request.param
    yield page
    context.close()


@pytest.fixture
def shots():
    return output_folder("table-flow")


def seeded(
    live_app, names: list[str], turns: list[tuple[str, str]] = (), *, coach: bool = False
) -> games.Created:
    """A game stored through the use cases with these (dice, box) turns."""
    db = live_app.app.extensions[storage.DB_KEY]
    created = games.create_game(db, names, HASBRO.id, coach=coach)
    for index, (dice, box) in enumerate(turns):
        games.record_turn(db, created.edit_token, index, tuple(int(d) for d in dice), box)
    return created


def rounds_of(names: list[str], rounds: int) -> list[tuple[str, str]]:
    """`rounds` rounds of plain dice, every player filling the boxes in sheet order."""
    return [(PLAIN, HASBRO.boxes[r].key) for r in range(rounds) for _ in names]


def box(locator) -> dict:
    return locator.bounding_box()


def on_screen(page, locator) -> bool:
    """Wholly inside the screen as it is scrolled now."""
    found = box(locator)
    height = page.viewport_size["height"]
    return found is not None and found["y"] >= -1 and found["y"] + found["height"] <= height + 1  # sub-pixel


LAST_BOX_ON_SCREEN = """() => {
    const last = [...document.querySelectorAll('#options button[name=box]')].pop();
    return last && last.getBoundingClientRect().bottom <= window.innerHeight + 1;  // sub-pixel rounding
}"""


# -- after a box is chosen --------------------------------------------------------------------------


def test_a_recorded_turn_is_confirmed_at_the_top_with_its_undo_and_the_keypad_stays_put(
    phone, live_app, shots
):
    created = seeded(live_app, ["Ann", "Bo"], rounds_of(["Ann", "Bo"], 5))
    phone.goto(f"{live_app.url}/g/{created.edit_token}")
    tap_dice(phone, "22456")
    chance = phone.locator('#options button[name=box][value="chance"]')
    chance.scroll_into_view_if_needed()
    chance.click()
    confirm = phone.locator("#play > .confirm")
    expect(confirm).to_have_text(re.compile(r"Ann: 19 in Chance\. Next: Bo\.\s*Undo"))
    undo = confirm.get_by_role("button", name="Undo Ann: 19 in Chance")
    assert on_screen(phone, confirm) and on_screen(phone, undo), "the confirmation is where the eye is"
    phone.screenshot(path=str(shots / f"recorded-{phone.size}.png"))

    # The next player starts: the confirmation steps back, still said (no empty band), and nothing
    # under it moves.
    keypad = box(phone.locator("#dice-form .keypad"))
    phone.locator('#dice-form [data-die="3"]').click()
    expect(confirm).to_have_class(re.compile(r"\bis-done\b"))
    expect(confirm).to_contain_text("Ann: 19 in Chance")
    assert box(phone.locator("#dice-form .keypad"))["y"] == keypad["y"]
    phone.locator('#dice-form [data-slot="0"]').click()  # clear it again

    # Its Undo takes the turn back, and says so on the screen.
    expect(confirm).to_have_count(1)
    undo.click()
    notice = phone.locator("#play > .notice")
    expect(notice).to_have_text("Undone: Ann: 19 in Chance.")
    assert on_screen(phone, notice)
    expect(phone.locator(".turn-head")).to_have_text("Round 6 of 13 · Ann")
    assert phone.errors == []


def test_undo_at_the_foot_of_the_page_brings_its_notice_into_view(phone, live_app, shots):
    created = seeded(live_app, ["Ann", "Bo", "Cy"], rounds_of(["Ann", "Bo", "Cy"], 4))
    phone.goto(f"{live_app.url}/g/{created.edit_token}")
    phone.evaluate("window.scrollTo(0, 600)")  # read down the sheet
    undo = phone.locator("#play .thumb-bar button", has_text="Undo")
    undo.click()
    notice = phone.locator("#play > .notice")
    expect(notice).to_have_text("Undone: Cy: 4 in Fours.")
    assert on_screen(phone, notice)
    phone.screenshot(path=str(shots / f"undone-{phone.size}.png"))


def test_undo_with_the_coach_on_keeps_its_notice_in_view_while_the_dice_come_back(phone, live_app):
    # The undone turn's dice come back with their boxes; asking for them must not pull the page
    # down to the boxes (with the coach's panels the boxes sit far below the notice).
    created = seeded(live_app, ["Ann", "Bo", "Cy"], rounds_of(["Ann", "Bo", "Cy"], 3), coach=True)
    phone.goto(f"{live_app.url}/g/{created.edit_token}")
    tap_dice(phone, "66613")
    sixes = phone.locator('#options button[name=box][value="sixes"]')
    sixes.scroll_into_view_if_needed()
    sixes.click()
    phone.locator("#play > .confirm").get_by_role("button", name=re.compile("^Undo")).click()
    notice = phone.locator("#play > .notice")
    expect(notice).to_have_text("Undone: Ann: 18 in Sixes.")
    expect(phone.locator("#options .choose")).to_have_count(1)  # the dice's boxes are back
    phone.wait_for_timeout(300)  # any late scroll would have happened by now
    assert on_screen(phone, notice)
    assert phone.errors == []


def test_a_correction_says_what_changed_and_that_undo_is_for_the_last_turn(phone, live_app):
    created = seeded(live_app, ["Ann", "Bo"], [("22456", "twos"), ("33356", "threes"), ("55512", "fives")])
    phone.goto(f"{live_app.url}/g/{created.edit_token}/turns/0/edit")
    phone.locator("#dice").fill("22256")
    phone.get_by_role("button", name="Save correction").click()
    notice = phone.locator("#play > .notice")
    expect(notice).to_have_text(
        "Turn 1 (round 1, Ann): Twos 4 \u2192 6. "
        "Undo still takes back the last turn (Ann: 15 in Fives), not this correction."
    )
    assert on_screen(phone, notice)


# -- every table size fits ---------------------------------------------------------------------------


EIGHT = ["Annabelle", "Bartholomew", "Cyrille", "Dee", "Evangeline", "Fred", "Gus", "Hanna"]


def test_eight_players_keep_the_current_column_in_view_and_the_page_never_scrolls_sideways(
    phone, live_app, shots
):
    # Three rounds and six turns of the fourth: Gus, the seventh player, is to play.
    turns = rounds_of(EIGHT, 3) + [(PLAIN, "fours")] * 6
    created = seeded(live_app, EIGHT, turns)
    phone.goto(f"{live_app.url}/g/{created.edit_token}")
    width = phone.viewport_size["width"]
    for attempt in ("opened", "reloaded"):
        assert phone.evaluate("document.documentElement.scrollWidth") <= width, attempt
        scroll = phone.locator(".sheet-scroll")
        current = phone.locator("table.sheet th.pcol.is-current")
        expect(current).to_contain_text("Gus")
        labels = box(phone.locator("table.sheet th.corner"))
        shown, frame = box(current), box(scroll)
        assert labels["x"] + labels["width"] <= shown["x"], f"{attempt}: Gus's column is under the box names"
        assert shown["x"] + shown["width"] <= frame["x"] + frame["width"], f"{attempt}: Gus's column is cut"
        # Annabelle's column is off-screen to the left: that edge says so.
        marks = phone.locator(".sheet-frame").evaluate(
            "el => [getComputedStyle(el, '::before').opacity, el.classList.contains('more-left')]"
        )
        assert marks == ["1", True], (attempt, marks)
        phone.screenshot(path=str(shots / f"eight-players-{attempt}-{phone.size}.png"))
        if attempt == "opened":
            phone.reload()
    # Scrolled back to the first column, the right edge says more columns are that way. Read as the
    # scroll lands (the page's own handler has marked the edges by then): a late adjustment of the
    # page (a resize on a slow machine brings Gus back into view) must not race the reading.
    edges = scroll.evaluate(
        """el => new Promise(landed => {
             el.addEventListener("scroll", () => landed([
               el.parentElement.classList.contains("more-left"),
               el.parentElement.classList.contains("more-right"),
               getComputedStyle(el.parentElement, "::after").opacity,
             ]), {once: true});
             el.scrollLeft = 0;
           })"""
    )
    assert edges == [False, True, "1"]
    assert phone.errors == []


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
def test_the_tv_board_fits_the_screen_for_one_to_eight_players_in_type_read_across_the_room(
    browser, live_app, shots, size
):
    width, height = size
    context = open_tv_context(browser, width, height)
    try:
        page = context.new_page()
        boards = [(count, 5) for count in range(1, 9)] + [(8, HASBRO.rounds)]
        for count, rounds in boards:
            names = EIGHT[:count]
            created = seeded(live_app, names, rounds_of(names, rounds))
            page.goto(f"{live_app.url}/g/{created.view_token}")
            label = f"{count} players, {'over' if rounds == HASBRO.rounds else 'playing'}"
            main = box(page.locator("main"))
            assert main["y"] + main["height"] <= height, f"{label}: the board is taller than the screen"
            assert page.evaluate("document.documentElement.scrollWidth") <= width, label
            # Nothing below the board either (the language picker once pushed the page to 768 px).
            assert page.evaluate("document.documentElement.scrollHeight") <= height, label
            px = page.evaluate(
                """() => {
                    const size = sel => parseFloat(getComputedStyle(document.querySelector(sel)).fontSize);
                    const row = '#board table.sheet tr.box-row';
                    return [size(row + ' td'), size(row + ' th')];
                }"""
            )
            figures, labels = px
            # A 40" 720p TV: ~0.7 mm a pixel; 20 px figures and 18 px labels, more on a 1080-line screen.
            assert figures >= 0.027 * height and labels >= 0.024 * height, (label, px)
            clipped = page.locator("#board table.sheet tbody th").evaluate_all(
                "els => els.filter(el => el.scrollWidth > el.clientWidth).map(el => el.textContent.trim())"
            )
            assert clipped == [], (label, clipped)
            if count in (1, 8):
                page.screenshot(path=str(shots / f"tv-{width}x{height}-{count}-{rounds}.png"))
        assert page.errors == []
    finally:
        context.close()


def test_all_the_options_fit_the_screen_once_the_fifth_die_is_in(phone, live_app, shots):
    created = seeded(live_app, ["Ann", "Bo"], coach=True)  # thirteen open boxes, each with its coach figure
    phone.goto(f"{live_app.url}/g/{created.edit_token}")
    tap_dice(phone, "22456")
    buttons = phone.locator("#options button[name=box]")
    expect(buttons).to_have_count(len(HASBRO.boxes))
    phone.wait_for_function(LAST_BOX_ON_SCREEN)
    assert on_screen(phone, buttons.first) and on_screen(phone, buttons.last)
    assert on_screen(phone, phone.locator("#options .choose-h"))
    phone.screenshot(path=str(shots / f"options-{phone.size}.png"))


# -- entry -----------------------------------------------------------------------------------------


def test_a_sixth_digit_hides_the_options_at_once_and_says_why(phone, live_app):
    created = seeded(live_app, ["Ann", "Bo"])
    phone.goto(f"{live_app.url}/g/{created.edit_token}")
    field = phone.locator("#dice")
    field.fill("22456")
    expect(phone.locator("#options form.choose")).to_be_visible()
    field.focus()
    field.press("End")
    field.press("6")
    expect(phone.locator("#options form.choose")).to_have_count(0)
    expect(phone.locator("#options .field-error")).to_have_text("That is 6 dice; enter exactly five.")
    field.press("Backspace")
    expect(phone.locator("#options form.choose")).to_be_visible()
    expect(phone.locator("#options .field-error")).to_have_count(0)
    # A die that is no die: said at once too, no boxes for it.
    field.fill("22457")
    expect(phone.locator("#options .field-error")).to_have_text("A die shows 1 to 6; 7 is not a face.")
    expect(phone.locator("#options form.choose")).to_have_count(0)
    # The browser logs each refusal's 422 (the answer the page shows); nothing else went wrong.
    assert [error for error in phone.errors if "422" not in error] == []


def test_the_hint_points_to_the_keypad_above_it_and_show_options_is_a_small_button(phone, live_app):
    created = seeded(live_app, ["Ann"])
    phone.goto(f"{live_app.url}/g/{created.edit_token}")
    hint = phone.locator("#dice-hint")
    expect(hint).to_contain_text("Tap the dice above")
    assert box(phone.locator("#dice-form .keypad"))["y"] < box(hint)["y"]
    button = phone.get_by_role("button", name="Show options")
    field = box(phone.locator("#dice"))
    shown = box(button)
    assert 44 <= shown["width"] <= 56 and shown["height"] >= 44, shown
    assert abs((shown["y"] + shown["height"] / 2) - (field["y"] + field["height"] / 2)) <= 2
    assert field["width"] >= 0.7 * phone.viewport_size["width"] - 60


def test_five_typed_dice_put_the_keyboard_away_and_bring_the_options_into_view(phone, live_app, shots):
    created = seeded(live_app, ["Ann", "Bo"], rounds_of(["Ann", "Bo"], 2))
    phone.goto(f"{live_app.url}/g/{created.edit_token}")
    field = phone.locator("#dice")
    field.focus()
    phone.keyboard.type("2245")
    assert phone.evaluate("document.activeElement.id") == "dice"  # four dice: still typing
    phone.keyboard.type("6")
    expect(phone.locator("#options form.choose")).to_be_visible()
    assert phone.evaluate("document.activeElement.id") != "dice", "the keyboard would cover the boxes"
    phone.wait_for_function(LAST_BOX_ON_SCREEN)
    phone.screenshot(path=str(shots / f"typed-{phone.size}.png"))


# -- the sheet reads at a glance ---------------------------------------------------------------------


def bonus_game(live_app, names: list[str]) -> games.Created:
    """Ann: a Yahtzee, then an extra one forced into Fives (+100); three rounds for everyone."""
    rest = len(names) - 1
    turns = [("55555", "yahtzee")] + [(PLAIN, "ones")] * rest
    turns += [("55555", "fives")] + [(PLAIN, "twos")] * rest
    turns += [(PLAIN, "threes")] * len(names)
    return seeded(live_app, names, turns)


def test_the_sheet_labels_are_words_and_the_bonuses_stand_out(phone, live_app, shots):
    created = bonus_game(live_app, ["Ann", "Bo", "Cy", "Dee", "Eve", "Fay"])
    phone.goto(f"{live_app.url}/g/{created.edit_token}")
    labels = phone.locator("table.sheet tr.box-row th").all_inner_texts()
    assert [" ".join(text.split()) for text in labels] == [spec.name for spec in HASBRO.boxes]
    rows = phone.locator("table.sheet tbody th, table.sheet tfoot th")
    clipped = rows.evaluate_all(
        "els => els.filter(el => el.scrollWidth > el.clientWidth).map(el => el.textContent.trim())"
    )
    assert clipped == [], f"labels cut: {clipped}"
    expect(phone.locator("tr.ybonus-row th")).to_have_text("Yahtzee bonus")
    expect(phone.locator(".sheet-notes")).to_contain_text("Pace: points above or below")
    assert phone.evaluate("document.documentElement.scrollWidth") <= phone.viewport_size["width"]

    # The bonuses: as big and bold as any figure of the sheet, not greyed.
    style = phone.evaluate(
        """() => {
            const look = el => { const s = getComputedStyle(el);
                                 return [parseFloat(s.fontSize), parseInt(s.fontWeight), s.color]; };
            return {
                box: look(document.querySelector('tr.box-row td.filled a')),
                bonus: look(document.querySelector('tr.bonus-row td')),
                ybonus: look(document.querySelector('tr.ybonus-row .ybonus-pts')),
            };
        }"""
    )
    for name in ("bonus", "ybonus"):
        assert style[name][0] >= style["box"][0] and style[name][1] >= 700, (name, style)
    # "Yahtzee bonus" sits in the middle of its row, as its figures do.
    row = box(phone.locator("tr.ybonus-row"))
    label = box(phone.locator("tr.ybonus-row th .rname"))
    points = box(phone.locator("tr.ybonus-row td .ybonus-pts").first)
    middle = row["y"] + row["height"] / 2
    assert abs(label["y"] + label["height"] / 2 - middle) <= 3, (label, row)
    assert points["y"] >= row["y"]
    phone.locator(".sheet-wrap").screenshot(path=str(shots / f"sheet-{phone.size}.png"))


def test_an_extra_yahtzee_after_a_scratch_says_why_it_earns_no_bonus_but_is_still_a_joker(phone, live_app):
    created = seeded(live_app, ["Ann"], [(PLAIN, "yahtzee")])  # Yahtzee scratched: 0
    phone.goto(f"{live_app.url}/g/{created.edit_token}")
    tap_dice(phone, "33333")
    note = phone.locator("#options .no-bonus")
    expect(note).to_contain_text("No Yahtzee bonus: Yahtzee was scratched (0)")
    expect(note).to_contain_text("still play as a joker")
    expect(phone.locator("#options .bonus-due")).to_have_count(0)
    why = phone.locator("#options .why")
    expect(why).to_contain_text("must go in Threes")
    assert box(note)["y"] < box(why)["y"]
    # A first Yahtzee or one after a scored Yahtzee gets no such note.
    other = seeded(live_app, ["Bo"], [("44444", "yahtzee")])
    phone.goto(f"{live_app.url}/g/{other.edit_token}")
    tap_dice(phone, "33333")
    expect(phone.locator("#options .bonus-due")).to_be_visible()
    expect(phone.locator("#options .no-bonus")).to_have_count(0)


@pytest.mark.parametrize("link", ["edit", "view"])
def test_the_game_over_card_has_a_clear_review_button_and_scores_on_the_names_line(
    phone, live_app, shots, link
):
    names = ["Ann", "Bo", "Cy"]
    created = seeded(live_app, names, rounds_of(names, HASBRO.rounds))
    token = created.edit_token if link == "edit" else created.view_token
    phone.goto(f"{live_app.url}/g/{token}")
    review = phone.locator(".over-actions a", has_text="Review")
    lines = review.evaluate(
        """el => { const r = document.createRange(); r.selectNodeContents(el);
                   const rects = [...r.getClientRects()]; const b = el.getBoundingClientRect();
                   const top = Math.min(...rects.map(x => x.top));
                   const bottom = Math.max(...rects.map(x => x.bottom));
                   return [top - b.top, b.bottom - bottom]; }"""
    )
    assert min(lines) >= 6, f"the Review button's text touches its border: {lines}"
    for item in phone.locator(".over .standings li").all():
        name = baseline(item.locator(".name"))
        total = baseline(item.locator(".total"))
        assert abs(name - total) <= 1, (item.inner_text(), name, total)
    phone.locator(".over").screenshot(path=str(shots / f"over-{link}-{phone.size}.png"))


def baseline(locator) -> float:
    """The y of the baseline of an element's first line of text."""
    return locator.evaluate(
        """el => { const probe = document.createElement('span');
                   probe.style.cssText = 'display:inline-block;width:0;height:0;vertical-align:baseline';
                   el.insertBefore(probe, el.firstChild);
                   const y = probe.getBoundingClientRect().top; probe.remove(); return y; }"""
    )


# -- the coach in the turn's flow ----------------------------------------------------------------------


def test_the_keep_advice_is_asked_from_the_dice_keypad_and_its_dice_carry_on(phone, live_app, shots):
    created = seeded(live_app, ["Ann", "Bo"], rounds_of(["Ann", "Bo"], 2), coach=True)
    phone.goto(f"{live_app.url}/g/{created.edit_token}")
    expect(phone.locator("#keep-dice")).to_have_count(0)  # one keypad for the whole turn
    ask = phone.locator("#dice-form .keep-buttons")
    assert box(phone.locator("#dice-form .keypad"))["y"] < box(ask)["y"]
    tap_dice(phone, "65613")
    ask.get_by_role("button", name="2 rolls left").click()
    result = phone.locator("#keep .keep-result")
    expect(result).to_be_visible()
    expect(phone.locator(".keep-choice")).to_have_count(3)
    expect(phone.locator(".keep-choice.is-best .coach-exp")).to_have_text(
        re.compile(r"^worth -?\d+ points from here on$")
    )
    expect(phone.locator("#options form.choose")).to_have_count(0)  # a first roll is not a turn: no boxes
    phone.screenshot(path=str(shots / f"keep-{phone.size}.png"), full_page=True)
    # The dice stay in the entry: reroll two of them and they are the final dice.
    expect(phone.locator("#dice")).to_have_value("65613")
    phone.locator('#dice-form [data-slot="4"]').click()
    phone.locator('#dice-form [data-slot="3"]').click()
    tap_dice(phone, "66")
    expect(phone.locator("#options .choose-h")).to_have_text("Where do 5 6 6 6 6 go?")
    # In the boxes: "◆ 26" on screen (the note above says what ◆ is), the words for screen readers.
    expect(phone.locator("#options .box-btn .coach-exp").first).to_have_text(
        re.compile(r"^worth from here on, in points: ◆ -?\d+$")
    )
    assert "exp." not in phone.locator("#play").inner_text()
    assert phone.errors == []


def test_the_keep_advice_works_without_javascript_and_keeps_the_dice(browser, live_app):
    created = seeded(live_app, ["Ann", "Bo"], coach=True)
    context = open_context(browser, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"{live_app.url}/g/{created.edit_token}")
        page.locator("#dice").fill("65613")
        page.locator("#dice-form .keep-buttons button[value='1']").click()
        expect(page.locator("#keep .keep-result")).to_contain_text("1 3 5 6 6 with 1 roll left")
        expect(page.locator("#dice")).to_have_value("65613")
    finally:
        context.close()


def test_the_coach_is_announced_once_and_review_so_far_is_a_real_button(phone, live_app, shots):
    created = seeded(live_app, ["Ann", "Bo"], rounds_of(["Ann", "Bo"], 1))
    phone.goto(f"{live_app.url}/g/{created.edit_token}")
    phone.get_by_role("button", name="Turn the coach on").click()
    expect(phone.locator(".coach-badge")).to_be_visible()
    assert phone.locator("main").inner_text().count("sees its advice") == 1
    review = phone.get_by_role("link", name="Review so far")
    shown = box(review)
    assert shown["height"] >= 44 and shown["width"] >= 100, shown
    expect(review).to_have_class(re.compile(r"\bbtn\b"))
    phone.screenshot(path=str(shots / f"coach-on-{phone.size}.png"))
