"""The goal of rulesets, proven: a third family of edition, registered as its module would, plays
through every page (new game, turns, refusal, undo, correction, game over, print, blank sheet, PDF,
export, history, TV board, coach) with no edit outside scorekeeper/rules.

The edition is the old Yacht game: 12 boxes, no upper bonus, no joker, no extra bonus, no coach.
It is registered by a fixture and taken out of the registry afterwards, so no other test sees it.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

import pytest
from pypdf import PdfReader

from scorekeeper.rules import EDITIONS, LOWER, N_, UPPER, BoxSpec, Dice, Game, Ruleset, find_edition
from scorekeeper.rules.ruleset import TotalRow, register
from scorekeeper.rules.scoring import chance, face_sum, five_of_a_kind, full_house, kind_only, run, straight
from scorekeeper.services import games

YACHT_ID = "yacht-test"  # not "yacht": the real Yacht edition has that id
HX = {"HX-Request": "true"}

# What a module scorekeeper/rules/editions/yacht.py would hold.
_FACES = (
    ("ones", "Ones"),
    ("twos", "Twos"),
    ("threes", "Threes"),
    ("fours", "Fours"),
    ("fives", "Fives"),
    ("sixes", "Sixes"),
)
# fmt: off
YACHT_BOXES = tuple(
    BoxSpec(key, UPPER, N_(name), N_(f"{face}s"), N_(name.upper()), N_(f"Sum of the {name}"), face_sum(face),
            face=face)
    for face, (key, name) in enumerate(_FACES, start=1)
) + (
    BoxSpec("full_house", LOWER, N_("Full house"), N_("FH"), N_("FULL HOUSE"),
            N_("Three and two: sum of all dice"), full_house(None)),
    BoxSpec("four_of_a_kind", LOWER, N_("Four of a kind"), N_("4K"), N_("FOUR OF A KIND"),
            N_("Sum of the four equal dice"), kind_only(4)),
    BoxSpec("little_straight", LOWER, N_("Little straight"), N_("LS"), N_("LITTLE STRAIGHT"), N_("1-2-3-4-5"),
            straight((run(1, 5),), 30), fixed=30),
    BoxSpec("big_straight", LOWER, N_("Big straight"), N_("BS"), N_("BIG STRAIGHT"), N_("2-3-4-5-6"),
            straight((run(2, 6),), 30), fixed=30),
    BoxSpec("choice", LOWER, N_("Choice"), N_("Ch"), N_("CHOICE"), N_("Sum of all dice"), chance),
    BoxSpec("yacht", LOWER, N_("Yacht"), N_("Y"), N_("YACHT"), N_("Five of a kind"), five_of_a_kind(50),
            fixed=50),
)
# fmt: on


def yacht_ruleset() -> Ruleset:
    """The Yacht ruleset: 12 boxes, no upper bonus, no joker, no coach."""
    return Ruleset(
        YACHT_ID,
        name=N_("Yacht (1938)"),
        description=N_("The old game of 12 boxes: no upper bonus, no joker; any open box each turn."),
        boxes=YACHT_BOXES,
        has_coach=False,
        upper_totals=(TotalRow("upper_subtotal", N_("UPPER SCORE")),),
        lower_totals=(
            TotalRow("lower_subtotal", N_("LOWER SCORE")),
            TotalRow("grand_total", N_("YACHT TOTAL")),
        ),
    )


@pytest.fixture
def yacht() -> Iterator[Ruleset]:
    """Yacht registered as its module would register it; gone from the registry afterwards."""
    ids_before = list(EDITIONS)
    rules = register(yacht_ruleset())
    try:
        yield rules
    finally:
        EDITIONS.pop(YACHT_ID)
    assert list(EDITIONS) == ids_before
    with pytest.raises(ValueError):
        find_edition(YACHT_ID)


# -- reading pages --------------------------------------------------------------------------------


def text_of(markup: str) -> str:
    """What a reader sees: tags dropped, entities decoded, white space single."""
    return " ".join(html.unescape(re.sub(r"<[^>]*>", " ", markup)).split())


def page(response, status: int = 200) -> str:
    assert response.status_code == status, (
        response.status_code,
        text_of(response.get_data(as_text=True))[:500],
    )
    return response.get_data(as_text=True)


def new_game(client, players=("Ann", "Bo"), **fields) -> str:
    response = client.post("/new", data={"player": list(players), **fields})
    assert response.status_code == 303, text_of(response.get_data(as_text=True))[:800]
    return response.headers["Location"].rsplit("/", 1)[1]


def post_turn(client, token: str, dice: str, box: str, turn: int, **kw):
    return client.post(f"/g/{token}/turns", data={"dice": dice, "box": box, "turn": str(turn)}, **kw)


def box_buttons(markup: str) -> list[tuple[str, str, bool]]:
    """(key, words, enabled) of each box button of the options, in order."""
    return [
        (key, text_of(inner), "disabled" not in attrs)
        for key, attrs, inner in re.findall(
            r'<button type="submit" name="box" value="([a-z_]+)"([^>]*)>(.*?)</button>', markup, re.S
        )
    ]


def paper_rows(markup: str) -> list[tuple[str, str, list[str]]]:
    """(kind, label, cell texts) of each row of the printed sheet, top to bottom (first page)."""
    first = markup.split('<section class="pad-page"', 2)[1]
    rows = []
    for kind, inner in re.findall(r'<tr class="row-(box|total|bonus|grand)">(.*?)</tr>', first, re.S):
        label = re.search(r'<span class="label-text">(.*?)</span>', inner, re.S)
        cells = [text_of(cell) for cell in re.findall(r'<td class="cell"[^>]*>(.*?)</td>', inner, re.S)]
        rows.append((kind, text_of(label.group(1)) if label else "", cells))
    return rows


def pdf_pages(data: bytes) -> int:
    import io

    return len(PdfReader(io.BytesIO(data)).pages)


# -- a whole game -----------------------------------------------------------------------------------

# 12 rounds of Ann and Bo: (dice, box) in the order played; every box of both sheets once.
TURNS = [
    ("11123", "ones"),
    ("22234", "twos"),
    ("22256", "twos"),
    ("66666", "yacht"),
    ("33345", "threes"),
    ("12345", "little_straight"),
    ("44441", "four_of_a_kind"),
    ("23456", "big_straight"),
    ("55512", "fives"),
    ("11145", "ones"),
    ("66634", "sixes"),
    ("33346", "threes"),
    ("12345", "little_straight"),
    ("44456", "fours"),
    ("23456", "big_straight"),
    ("55566", "full_house"),
    ("33322", "full_house"),
    ("55551", "fives"),
    ("44412", "fours"),
    ("66612", "sixes"),
    ("12366", "choice"),
    ("33333", "four_of_a_kind"),
    ("44444", "yacht"),
    ("11111", "choice"),
]


def engine_game(rules: Ruleset, turns) -> Game:
    game = Game(["Ann", "Bo"], rules)
    for dice, box in turns:
        game = game.play(Dice.parse(dice), box)
    return game


@pytest.mark.slow  # seconds each: make test runs it, the fast loop does not
def test_a_made_up_third_edition_plays_through_every_page_with_no_web_edit(client, db, yacht):
    assert yacht.rounds == 12 and list(EDITIONS.values())[-1] is yacht  # the registry sees it live
    assert find_edition(YACHT_ID) is yacht and find_edition("yacht-test") is yacht

    # The new-game form offers it with its description.
    form = page(client.get("/new"))
    radios = re.findall(r'<input type="radio" name="edition" value="([a-z0-9-]+)"', form)
    assert radios == [e.id for e in EDITIONS.values()] and YACHT_ID in radios
    assert "Yacht (1938)" in text_of(form) and yacht.description in text_of(form)

    token = new_game(client, edition=YACHT_ID, title="Deck game")
    loaded = games.load_game(db, token)
    assert loaded.edition is yacht and loaded.game.rounds == 12
    assert "Round 1 of 12 · Ann" in text_of(page(client.get(f"/g/{token}")))

    # The options: its 12 boxes, its names, its points (each the engine's).
    options = page(client.post(f"/g/{token}/options", data={"dice": "6 6 6 6 5"}, headers=HX))
    buttons = box_buttons(options)
    assert [key for key, _, _ in buttons] == list(yacht.box_keys)
    fresh = engine_game(yacht, []).cards[0].options(Dice.parse("66665"))
    for key, words, enabled in buttons:
        expected = f"{yacht.box(key).name} {fresh[key]}" + (" scratch" if fresh[key] == 0 else "")
        assert (words, enabled) == (expected, True)
    assert fresh["four_of_a_kind"] == 24 and fresh["choice"] == 29 and fresh["yacht"] == 0
    assert "bonus" not in text_of(options).lower()

    # The first turns, a refusal of a box Yacht does not have and of a filled one, an undo.
    played: list[tuple[str, str]] = []
    for dice, box in TURNS[:4]:
        assert post_turn(client, token, dice, box, len(played)).status_code == 303
        played.append((dice, box))
    before = games.load_game(db, token).version
    refused = page(post_turn(client, token, "11111", "yahtzee", 4, headers=HX), 422)
    assert "There is no box called 'yahtzee'." in text_of(refused)
    refused = page(post_turn(client, token, "11111", "ones", 4, headers=HX), 422)
    assert 'id="box-error"' in refused
    assert games.load_game(db, token).version == before
    assert post_turn(client, token, "12346", "choice", 4).status_code == 303
    undone = page(client.post(f"/g/{token}/undo", data={"version": str(before + 1)}, headers=HX))
    assert "Undone: Ann: 16 in Choice." in text_of(undone)

    # A correction: Ann's first turn was 1 1 1 2 3 in Ones (3); it was 1 1 1 1 3 (4).
    edit = page(client.get(f"/g/{token}/turns/0/edit"))
    assert re.findall(r'name="box" value="([a-z_]+)"', edit) == list(yacht.box_keys)
    version = games.load_game(db, token).version
    corrected = client.post(
        f"/g/{token}/turns/0/edit", data={"dice": "11113", "box": "ones", "version": str(version)}
    )
    assert corrected.status_code == 303
    played[0] = ("11113", "ones")

    # The rest of the game through the forms; 12 rounds.
    for dice, box in TURNS[4:]:
        assert post_turn(client, token, dice, box, len(played)).status_code == 303
        played.append((dice, box))
    engine = engine_game(yacht, played)
    loaded = games.load_game(db, token)
    assert engine.is_over and loaded.game.is_over and len(loaded.game.turns) == 24
    assert [(t.box, t.points) for t in loaded.game.turns] == [(t.box, t.points) for t in engine.turns]
    totals = [card.grand_total for card in engine.cards]
    assert totals == [sum(t.points for t in engine.turns if t.player == seat) for seat in (0, 1)]
    assert all(card.upper_bonus == 0 and card.yahtzee_bonus == 0 for card in engine.cards)

    # The game-over page names the winner with the engine's total.
    over = text_of(page(client.get(f"/g/{token}")))
    winner = engine.standings()[0]
    assert f"{winner.name} wins with {winner.total} points!" in over and winner.total == max(totals)
    assert "Yahtzee" not in over and "Yatzy" not in over

    # The print view: its labels, its total rows with the engine's figures, no bonus rows.
    printed = page(client.get(f"/g/{token}/print"))
    rows = paper_rows(printed)
    cards = engine.cards
    expected = (
        [("box", box.label, [str(card.points(box.key)) for card in cards]) for box in yacht.upper_boxes]
        + [("total", "UPPER SCORE", [str(card.upper_subtotal) for card in cards])]
        + [("box", box.label, [str(card.points(box.key)) for card in cards]) for box in yacht.lower_boxes]
        + [
            ("total", "LOWER SCORE", [str(card.lower_subtotal) for card in cards]),
            ("grand", "YACHT TOTAL", [str(card.grand_total) for card in cards]),
        ]
    )
    assert [(kind, label, cells[:2]) for kind, label, cells in rows] == expected
    assert all(cells[2:] == [""] * 4 for _, _, cells in rows)
    words = text_of(printed)
    assert "Yacht (1938)" in words and "SCORE 30" in words and "SCORE 50" in words
    for absent in ("BONUS", "Bonus", "YAHTZEE", "Yahtzee", "Yatzy", "63"):
        assert absent not in words, absent
    assert "Deck game" in words

    # The blank sheet for it: the same rows, empty, and its name among the editions offered.
    blank = page(client.get(f"/blank-sheet?edition={YACHT_ID}"))
    assert [(kind, label) for kind, label, _ in paper_rows(blank)] == [(k, lab) for k, lab, _ in expected]
    assert all(cells == [""] * 6 for _, _, cells in paper_rows(blank))
    assert "BONUS" not in text_of(blank) and "\u25a1" not in blank  # no tick boxes for an extra bonus
    assert f'href="/blank-sheet?edition={YACHT_ID}"' in blank

    # The PDFs render, one page each.
    for url in (f"/g/{token}/scoresheet.pdf", f"/blank-sheet.pdf?edition={YACHT_ID}"):
        response = client.get(url)
        assert response.status_code == 200 and response.mimetype == "application/pdf"
        assert pdf_pages(response.data) == 1

    # The export carries its id, its boxes and the engine's totals.
    exported = client.get(f"/g/{token}/export.json").get_json()
    assert exported["edition"] == YACHT_ID
    assert exported["boxes"] == [{"key": b.key, "section": b.section, "name": b.name} for b in yacht.boxes]
    assert [(t["box"], t["points"]) for t in exported["turns"]] == [(t.box, t.points) for t in engine.turns]
    assert [t["grand_total"] for t in exported["totals"]] == totals
    assert [t["upper_bonus"] for t in exported["totals"]] == [0, 0]

    # The history: the turns in its box names, the undo and the correction.
    history = text_of(page(client.get(f"/g/{token}/history")))
    assert "Four of a kind" in history and "Little straight" in history and "Yacht" in history
    assert "Undid Ann's turn in round 3: 1 2 3 4 6 in Choice for 16." in history
    assert "Corrected Ann's turn in round 1: 1 1 1 2 3 in Ones for 3 → 1 1 1 1 3 in Ones for 4." in history

    # The TV board (view link): the phone sheet with the engine's totals and no extra-bonus row.
    board = page(client.get(f"/g/{loaded.view_token}"))
    keys = re.findall(r'<tr class="box-row" data-key="([a-z_]+)"', board)
    assert keys == list(yacht.box_keys)
    grand = re.search(r'<tr class="grand-row" data-key="grand_total">(.*?)</tr>', board, re.S)
    assert grand and [int(n) for n in re.findall(r">\s*(\d+)\s*<", grand.group(1))][-2:] == totals
    assert 'data-key="yahtzee_bonus"' not in board
    # No upper bonus: neither a pace towards one nor a bonus row on the screen sheet.
    assert 'data-key="upper_pace"' not in board and 'data-key="upper_bonus"' not in board
    assert 'data-key="upper_subtotal"' in board


def test_the_coach_of_an_edition_without_one_is_absent_and_never_a_500(client, db, yacht):
    token = new_game(client, edition=YACHT_ID)
    game_page = page(client.get(f"/g/{token}"))
    assert "Turn the coach on" not in text_of(
        game_page
    )  # the switch is absent for an edition without a coach
    # Asked anyway (an old page, a hand-made form): no 500, and no promise of a coach that never comes.
    switched = client.post(f"/g/{token}/coach", data={"coach": "on"})
    assert switched.status_code in (303, 409, 422)
    options = page(client.post(f"/g/{token}/options", data={"dice": "12345"}, headers=HX))
    assert "getting ready" not in text_of(options)
    # Nothing records the coach as on for rules that have none.
    assert games.load_game(db, token).coach is False
    assert client.get(f"/g/{token}/keep?dice=12345&rolls=2").status_code in (200, 303)
    review = text_of(page(client.get(f"/g/{token}/review")))
    assert "getting ready" not in review and "These rules have no coach" in review


def test_a_game_with_the_coach_asked_for_at_creation_does_not_wait_for_a_table(client, db, yacht):
    token = new_game(client, ["Ann"], edition=YACHT_ID, coach="y")
    post_turn(client, token, "12345", "little_straight", 0)
    for url in (f"/g/{token}", f"/g/{token}/review"):
        words = text_of(page(client.get(url)))
        assert "getting ready" not in words and "Coach on" not in words
    assert "These rules have no coach, so there is no review." in text_of(
        page(client.get(f"/g/{token}/review"))
    )
    options = page(client.post(f"/g/{token}/options", data={"dice": "12345"}, headers=HX))
    assert "getting ready" not in text_of(options)
    # Nothing records the coach as on for rules that have none.
    assert games.load_game(db, token).coach is False


def test_the_registry_is_back_to_the_real_editions_after_the_fixture(client):
    assert YACHT_ID not in EDITIONS
    assert YACHT_ID not in re.findall(r'name="edition" value="([a-z0-9-]+)"', page(client.get("/new")))
    assert client.get(f"/blank-sheet?edition={YACHT_ID}").status_code == 404
