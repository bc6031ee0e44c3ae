"""A player's actions on the real pages in Chromium, and reading the sheet back (browser tests)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from scorekeeper.rules import Game

PHONE = {"width": 390, "height": 844}
# How long a browser action, expectation or PDF may take: sized for a 2-core machine at load 10, where
# a page or a PDF takes seconds. It costs time only when something is broken.
PATIENCE_MS = 60_000
NAVIGATION_ABORTS = ("htmx:afterRequest", "htmx:sendAbort")


def _is_error(message) -> bool:
    """A console error that means something broke.

    htmx logs "htmx:afterRequest" and "htmx:sendAbort" when the browser cancels a request in
    flight because the player followed a link: that is navigation, not a fault. A request that
    really fails still logs htmx:sendError or htmx:responseError, which count.
    """
    return message.type == "error" and not message.text.startswith(NAVIGATION_ABORTS)


def open_context(browser, **options):
    """A phone-sized context (390×844 unless told) whose pages record script errors in page.errors."""
    settings = {"viewport": PHONE, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
    settings.update(options)
    context = browser.new_context(**settings)
    context.set_default_timeout(PATIENCE_MS)

    def watch(page) -> None:
        page.errors = []
        page.on("console", lambda m: _is_error(m) and page.errors.append(m.text))
        page.on("pageerror", lambda error: page.errors.append(str(error)))

    context.on("page", watch)
    return context


def open_tv_context(browser, width: int, height: int):
    """open_context for a TV: this screen size, no touch, one device pixel per CSS pixel."""
    viewport = {"width": width, "height": height}
    return open_context(browser, viewport=viewport, device_scale_factor=1, is_mobile=False, has_touch=False)


def start_game(page: Page, base: str, names: list[str], title: str = "", edition: str = "") -> str:
    """Fill in the new-game form as a player would (choosing the edition if told); the game's edit token."""
    page.goto(f"{base}/new")
    if edition:
        page.locator(f'input[name=edition][value="{edition}"]').check()
    for seat, name in enumerate(names):
        if seat >= page.locator(".player-input").count():
            page.get_by_role("button", name="Add player").click()
        page.locator(f"#player-{seat}").fill(name)
    if title:
        page.locator("#title").fill(title)
    page.locator(".new-game button.btn-primary[name=action][value=start]").click()
    page.wait_for_url(re.compile(r"/g/[A-Za-z0-9_-]+$"))
    return page.url.rsplit("/", 1)[1]


def version(page: Page) -> int:
    """The version of the game the page shows (it grows by one on every change)."""
    return int(page.locator("#play").get_attribute("data-version"))


def tap_dice(page: Page, dice: str) -> None:
    """Enter the dice on the keypad, one tap per die, then wait for the boxes."""
    for face in dice:
        page.locator(f'#dice-form [data-die="{face}"]').click()
    expect(page.locator("#options form.choose")).to_be_visible()


def type_dice(page: Page, text: str) -> None:
    """Type the dice in the text field (any accepted form), then wait for the boxes."""
    page.locator("#dice").fill(text)
    expect(page.locator("#options form.choose")).to_be_visible()


def choose(page: Page, box: str) -> None:
    """Tap a box and wait until the sheet shows the recorded turn."""
    before = version(page)
    page.locator(f'#options button[name=box][value="{box}"]').click()
    expect(page.locator(f'#play[data-version="{before + 1}"]')).to_have_count(1)


def allowed_boxes(page: Page) -> list[str]:
    """The boxes offered for the dice entered, in sheet order."""
    return page.locator("#options button[name=box]:not([disabled])").evaluate_all(
        "buttons => buttons.map(b => b.value)"
    )


def forbidden_boxes(page: Page) -> list[str]:
    """The open boxes shown disabled for the dice entered."""
    return page.locator("#options button[name=box][disabled]").evaluate_all(
        "buttons => buttons.map(b => b.value)"
    )


def number(text: str) -> int:
    """The figure in a cell ('—' or nothing counts as 0; marks and stars are ignored)."""
    found = re.search(r"\d+", text)
    return int(found.group()) if found else 0


def sheet_figures(page: Page) -> list[dict[str, object]]:
    """Per player, what the sheet on the page says: every box and every total."""
    read = page.evaluate(
        """() => {
            const cells = sel => [...document.querySelectorAll(sel)].map(td => td.textContent);
            const inner = (td, sel, empty) =>
                td.querySelector(sel) ? td.querySelector(sel).textContent : empty;
            const rows = [...document.querySelectorAll('#play table.sheet tr.box-row')].map(
                tr => [...tr.querySelectorAll('td')].map(td => inner(td, 'a', '')));
            const ybonus = [...document.querySelectorAll('#play tr.ybonus-row td')];
            return {
                boxes: rows,
                upper: cells('#play tbody.upper tr.sum-row td'),
                bonus: cells('#play tr.bonus-row td'),
                lower: cells('#play tbody.lower tr.sum-row td'),
                ybonus: ybonus.map(td => inner(td, '.ybonus-pts', '0')),
                marks: ybonus.map(td => inner(td, '.marks', '').trim().length),
                grand: cells('#play tr.grand-row td'),
            };
        }"""
    )
    players = len(read["grand"])
    return [
        {
            "boxes": [number(row[seat]) if row[seat].strip() else None for row in read["boxes"]],
            "upper": number(read["upper"][seat]),
            "bonus": number(read["bonus"][seat]),
            "lower": number(read["lower"][seat]),
            # no extra-bonus row where the edition has no extra bonus: it counts as none
            "yahtzee_bonus": number(read["ybonus"][seat]) if read["ybonus"] else 0,
            "marks": read["marks"][seat] if read["marks"] else 0,
            "grand": number(read["grand"][seat]),
        }
        for seat in range(players)
    ]


def engine_figures(game: Game) -> list[dict[str, object]]:
    """The same figures, from the engine."""
    return [
        {
            "boxes": [card.points(box.key) for box in card.edition.boxes],
            "upper": card.upper_subtotal,
            "bonus": card.upper_bonus,
            "lower": card.lower_subtotal,
            "yahtzee_bonus": card.yahtzee_bonus,
            "marks": card.yahtzee_bonus_count,
            "grand": card.grand_total,
        }
        for card in game.cards
    ]


def no_horizontal_scroll(page: Page) -> tuple[int, int]:
    """(document scroll width, viewport width) of the page."""
    return page.evaluate("() => [document.scrollingElement.scrollWidth, window.innerWidth]")
