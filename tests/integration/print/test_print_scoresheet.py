"""The sheet's view model: every figure is the engine's, every word and rule number the ruleset's.

One model serves the paper pad (pages of paper rows), the phone sheet and the TV board (screen rows).
"""

from __future__ import annotations

import re
import token
import tokenize
from datetime import date

import pytest

from scorekeeper.rules import EDITIONS, Box, Game, Scorecard, find_edition
from scorekeeper.web.viewmodels.sheet import build_sheet
from scorekeeper.web.viewmodels.sheet_model import BLOCK, CHECK, PAD, TICK_BOXES
from tests.support.paths import ROOT
from tests.support.printed_pages import YATZY_LABELS, expected_rows
from tests.support.sample_games import finished_game

NAMES6 = ["Ann", "Bo", "Cy", "Dee", "Eve", "Fay"]
HASBRO = find_edition("hasbro-1996")
YATZY = find_edition("yatzy")
FORCED = find_edition("yatzy-forced")


def expected_column(card: Scorecard) -> list[str]:
    """A complete card's figures in the paper's row order, read from the engine."""
    return [str(v) for v in expected_rows(card)]


def column(page, index: int) -> list[str]:
    return [row.cells[index].text for row in page.rows]


def labels(page) -> list[str]:
    return [row.label for row in page.rows]


def screen(sheet, kind: str, key: str | None = None):
    """The screen row of this kind (and key)."""
    return next(
        row
        for section in sheet.sections
        for row in section.screen_rows
        if row.kind == kind and (key is None or row.key == key)
    )


# -- the Hasbro pad -------------------------------------------------------------------------------


def test_the_rows_follow_the_paper_pad():
    page = build_sheet(None, rules=HASBRO).pages[0]
    assert labels(page) == [
        "Aces",
        "Twos",
        "Threes",
        "Fours",
        "Fives",
        "Sixes",
        "TOTAL SCORE",
        "BONUS",
        "TOTAL",
        "3 of a kind",
        "4 of a kind",
        "Full house",
        "Sm. straight",
        "Lg. straight",
        "YAHTZEE",
        "Chance",
        "YAHTZEE BONUS",
        "TOTAL",
        "TOTAL",
        "GRAND TOTAL",
    ]
    notes = [row.note for row in page.rows if row.note]
    assert notes == ["of upper section", "of lower section", "of upper section"]
    how = {row.label: (row.how, row.score) for row in page.rows}
    assert how["Threes"] == ("Count and add only Threes", "")
    assert how["BONUS"] == ("If total score is 63 or over", "SCORE 35")
    assert how["Full house"] == ("", "SCORE 25")
    assert how["Sm. straight"] == ("Sequence of 4", "SCORE 30")
    assert how["Lg. straight"] == ("Sequence of 5", "SCORE 40")
    assert how["YAHTZEE"] == ("5 of a kind", "SCORE 50")
    assert how["YAHTZEE BONUS"] == (f"{CHECK} for each bonus", f"SCORE 100 PER {CHECK}")
    assert [s.title for s in page.sections] == ["UPPER SECTION", "LOWER SECTION"]


def test_the_rule_numbers_on_the_pad_are_the_rulesets():
    page = build_sheet(None, rules=HASBRO).pages[0]
    bonus, fixed = HASBRO.upper_bonus, {box.label: box.fixed for box in HASBRO.boxes if box.fixed}
    how = {row.label: (row.how, row.score) for row in page.rows}
    assert how["BONUS"] == (f"If total score is {bonus.threshold} or over", f"SCORE {bonus.points}")
    assert {label: how[label][1] for label in fixed} == {label: f"SCORE {n}" for label, n in fixed.items()}


def test_a_blank_sheet_has_six_empty_columns_with_tick_boxes_for_bonuses():
    sheet = build_sheet(None, rules=find_edition("hasbro-2016"))
    assert sheet.blank and len(sheet.pages) == 1 and sheet.log == () and sheet.status == ""
    assert sheet.layout == PAD
    page = sheet.pages[0]
    assert [c.name for c in page.columns] == [""] * 6
    assert all(cell.text == "" for row in page.rows for cell in row.cells)
    (bonus_row,) = [row for row in page.rows if row.key == "yahtzee_bonus"]
    assert [cell.checks for cell in bonus_row.cells] == [TICK_BOXES] * 6
    assert sheet.edition == "Hasbro 2016 / 2026 sheet"


def test_a_blank_sheet_needs_its_ruleset():
    with pytest.raises(ValueError):
        build_sheet(None)


def test_every_box_and_total_of_a_finished_game_is_the_engines():
    game = finished_game(NAMES6, seed=4)
    sheet = build_sheet(game, "Club night", date(2025, 3, 1))
    assert (sheet.title, sheet.date, sheet.status) == ("Club night", "2025-03-01", "Final result")
    assert sheet.edition == "Classic booklet 1996 + 2023 FAQ"
    (page,) = sheet.pages
    assert [c.name for c in page.columns] == NAMES6
    for seat, card in enumerate(game.cards):
        assert column(page, seat) == expected_column(card)


def test_a_scratch_prints_zero_and_an_empty_box_stays_blank():
    game = Game(["Ann", "Bo"]).play([1, 2, 3, 4, 6], Box.YAHTZEE).play([2, 2, 3, 3, 3], Box.FULL_HOUSE)
    page = build_sheet(game).pages[0]
    rows = {row.key: row for row in page.rows if row.kind == "box"}
    yahtzee, full_house = rows["yahtzee"], rows["full_house"]
    assert yahtzee.cells[0].text == "0" and yahtzee.cells[0].zero
    assert full_house.cells[1].text == "25"
    assert yahtzee.cells[1].text == "" and full_house.cells[0].text == ""
    assert [c.name for c in page.columns] == ["Ann", "Bo", "", "", "", ""]


def test_totals_wait_until_the_boxes_they_add_are_all_filled():
    game = Game(["Ann"])
    for face, box in enumerate(HASBRO.upper_boxes, start=1):  # four of each number: 84 in the upper section
        game = game.play([face] * 4 + [1 if face != 1 else 2], box.key)
    page = build_sheet(game).pages[0]
    figures = {row.label + row.note: row.cells[0].text for row in page.rows if row.kind != "box"}
    card = game.cards[0]
    assert (figures["TOTAL SCORE"], figures["BONUS"], figures["TOTALof upper section"]) == (
        str(card.upper_subtotal),
        str(card.upper_bonus),
        str(card.upper_total),
    )
    assert figures["BONUS"] == "35"
    # An extra Yahtzee could still add 100: the lower and grand totals wait for a full sheet.
    assert (figures["YAHTZEE BONUS"], figures["TOTALof lower section"], figures["GRAND TOTAL"]) == (
        "",
        "",
        "",
    )
    assert build_sheet(game).status == "In progress: round 7 of 13"


def test_the_upper_bonus_shows_as_soon_as_it_is_earned():
    game = Game(["Ann"]).play([6] * 5, Box.SIXES).play([5] * 5, Box.FIVES)  # 30 + 25 ...
    game = game.play([4, 4, 4, 4, 1], Box.FOURS)  # ... + 16 = 71 with three boxes empty
    page = build_sheet(game).pages[0]
    assert [row.cells[0].text for row in page.sections[0].rows[6:9]] == ["", "35", ""]
    assert screen(build_sheet(game), "bonus").cells[0].text == "35"


def test_the_winner_is_marked_and_their_grand_total_ringed():
    game = finished_game(["Ann", "Bo", "Cy"], seed=7)
    (winner,) = game.winners()
    page = build_sheet(game).pages[0]
    assert [c.mark for c in page.columns[:3]] == ["Winner" if s == winner else "" for s in range(3)]
    grand = page.rows[-1]
    assert [cell.circled for cell in grand.cells[:3]] == [s == winner for s in range(3)]


def test_equal_totals_are_marked_as_a_shared_victory():
    turns = finished_game(["Ann"], seed=3).turns
    game = Game(["Ann", "Bo"])
    for turn in turns:  # both players roll the same game
        game = game.play(turn.dice, turn.box).play(turn.dice, turn.box)
    sheet = build_sheet(game)
    assert [c.mark for c in sheet.pages[0].columns[:2]] == ["Shared victory", "Shared victory"]
    assert [(c.text, c.tied) for c in screen(sheet, "rank").cells] == [("1", True), ("1", True)]


def test_an_unfinished_game_marks_no_winner():
    game = Game(["Ann", "Bo"]).play([6] * 5, Box.YAHTZEE)
    page = build_sheet(game).pages[0]
    assert all(c.mark == "" for c in page.columns)
    assert not any(cell.circled for cell in page.rows[-1].cells)


def test_seven_or_eight_players_continue_on_a_second_page_with_the_labels_repeated():
    names = [f"P{n}" for n in range(1, 9)]
    game = finished_game(names, seed=2)
    first, second = build_sheet(game).pages
    assert [c.name for c in first.columns] == names[:6]
    assert [c.name for c in second.columns] == names[6:] + ["", "", "", ""]
    assert labels(first) == labels(second)
    assert column(second, 1) == expected_column(game.cards[7])
    assert column(second, 2) == [""] * 20
    assert len(build_sheet(finished_game(names[:7], seed=2)).pages) == 2


def test_extra_yahtzees_print_a_check_each_and_their_bonus():
    game = finished_game(["Ann", "Bo"], seed=1, extra_yahtzee_seat=0)
    assert game.cards[0].yahtzee_bonus_count == 2
    sheet = build_sheet(game)
    (bonus_row,) = [row for row in sheet.pages[0].rows if row.key == "yahtzee_bonus"]
    assert bonus_row.label == "YAHTZEE BONUS"
    assert (bonus_row.cells[0].checks, bonus_row.cells[0].text) == (CHECK * 2, "200")
    assert (bonus_row.cells[1].checks, bonus_row.cells[1].text) == ("", "0")
    stars = screen(sheet, "ybonus")  # on screen: the points and a star each
    assert [(c.text, c.stars) for c in stars.cells] == [("200", 2), ("", 0)]
    assert stars.name == "Yahtzee bonus"  # the full name on screen: phones have no hover for a code
    assert stars.title == "Yahtzee bonus: 100 per extra Yahtzee"


def test_the_turn_log_lists_round_player_dice_box_and_points():
    game = finished_game(["Ann", "Bo"], seed=1, extra_yahtzee_seat=0)
    log = build_sheet(game).log
    assert len(log) == 26
    first, second, third = log[:3]
    assert (first.round, first.player, first.dice, first.box, first.points) == (
        1,
        "Ann",
        "6 6 6 6 6",
        "YAHTZEE",
        "50",
    )
    assert (second.round, second.player) == (1, "Bo")
    assert (third.round, third.player, third.dice, third.box, third.points) == (
        2,
        "Ann",
        "5 5 5 5 5",
        "Fives",
        "25 + 100 bonus",
    )


def test_the_game_pages_sheet_leaves_out_the_turn_log_but_not_a_figure():
    game = finished_game(["Ann", "Bo"], seed=1, extra_yahtzee_seat=0)
    with_log, without = build_sheet(game), build_sheet(game, with_log=False)
    assert without.log == () and len(with_log.log) == 26
    assert without.pages == with_log.pages and without.sections == with_log.sections


def test_titles_and_names_are_kept_as_typed_for_the_template_to_escape():
    game = Game(["<b>Ann</b>"])
    sheet = build_sheet(game, "Tom & Jerry's <game>")
    assert sheet.title == "Tom & Jerry's <game>"
    assert sheet.pages[0].columns[0].name == "<b>Ann</b>"


def test_translation_applies_to_every_printed_word():
    def marked(text: str, **params: object) -> str:
        return "~" + (text % params if params else text)

    for rules in EDITIONS.values():
        sheet = build_sheet(None, rules=rules, gettext=marked)
        page = sheet.pages[0]
        assert all(row.label.startswith("~") for row in page.rows)
        assert all(row.how.startswith("~") for row in page.rows if row.how)
        assert all(s.title.startswith("~") for s in page.sections)
        assert sheet.edition.startswith("~")
    bonus = next(
        row for row in build_sheet(None, rules=HASBRO, gettext=marked).pages[0].rows if row.kind == "bonus"
    )
    assert bonus.score == "~SCORE 35"


def test_long_names_and_titles_ask_for_the_smaller_type():
    game = Game(["Bartholomew Fitzgerald", "Bo"])
    sheet = build_sheet(game, "A" * 41)
    assert [c.long for c in sheet.pages[0].columns[:2]] == [True, False]
    assert sheet.long_title and not build_sheet(game, "A" * 40).long_title


# -- the screen rows: the phone sheet and the TV board ------------------------------------------


def test_the_screen_rows_carry_the_phone_sheets_features():
    game = Game(["Ann", "Bo", "Cy"]).play([1, 1, 1, 2, 3], "ones").play([6] * 5, "yahtzee")
    sheet = build_sheet(game)
    by_section = {s.key: [(r.kind, r.key) for r in s.screen_rows] for s in sheet.sections}
    assert by_section["upper"] == [("box", b.key) for b in HASBRO.upper_boxes] + [
        ("sum", "upper_subtotal"),
        ("pace", "upper_pace"),
        ("bonus", "upper_bonus"),
    ]
    assert by_section["lower"] == [("box", b.key) for b in HASBRO.lower_boxes] + [
        ("sum", "lower_subtotal"),
        ("ybonus", "yahtzee_bonus"),
    ]
    assert by_section["foot"] == [("grand", "grand_total"), ("rank", "rank")]
    ones = screen(sheet, "box", "ones").cells[0]
    assert (ones.text, ones.turn, ones.just, ones.label) == ("3", 0, False, "Ann, Ones: 3. Correct this turn")
    yahtzee = screen(sheet, "box", "yahtzee").cells[1]
    assert (yahtzee.text, yahtzee.turn, yahtzee.just) == ("50", 1, True)
    assert screen(sheet, "box", "yahtzee").name == "Yahtzee"
    assert [c.text for c in screen(sheet, "pace").cells] == ["\u00b10", "\u00b10", "\u00b10"]
    assert [c.pending for c in screen(sheet, "bonus").cells] == [True, True, True]
    assert "35" in screen(sheet, "bonus").title and "63" in screen(sheet, "bonus").title
    assert [c.text for c in screen(sheet, "grand").cells] == ["3", "50", "0"]
    assert [(c.text, c.tone) for c in screen(sheet, "rank").cells] == [
        ("2", ""),
        ("1", "is-first"),
        ("3", ""),
    ]
    assert [c.current for c in sheet.columns] == [False, False, True]


def test_a_bonus_turn_is_starred_in_its_own_cell():
    game = Game(["Ann"]).play([6] * 5, "yahtzee").play([6] * 5, "sixes")
    cell = screen(build_sheet(game), "box", "sixes").cells[0]
    assert (cell.text, cell.star) == ("30", True)


# -- Scandinavian Yatzy -----------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [YATZY, FORCED], ids=str)
def test_the_yatzy_paper_sheet_is_a_nordic_block(rules):
    sheet = build_sheet(None, rules=rules)
    assert sheet.layout == BLOCK
    page = sheet.pages[0]
    assert labels(page) == YATZY_LABELS
    assert not any(row.key == "yahtzee_bonus" or "BONUS" in row.label for row in page.rows)
    how = {row.label: (row.how, row.score) for row in page.rows}
    assert how["Bonus"] == ("63 or more", "SCORE 50")
    assert how["Small straight"] == ("1-2-3-4-5", "SCORE 15")
    assert how["Large straight"] == ("2-3-4-5-6", "SCORE 20")
    assert how["Yatzy"] == ("5 of a kind", "SCORE 50")
    assert how["Full house"][1] == ""  # it scores the dice, not a fixed figure
    assert [c.checks for row in page.rows for c in row.cells] == [""] * 6 * len(YATZY_LABELS)
    assert sheet.edition == rules.name


@pytest.mark.parametrize("rules", [YATZY, FORCED], ids=str)
def test_every_figure_of_a_finished_yatzy_game_is_the_engines(rules):
    game = finished_game(NAMES6[:4], seed=5, edition=rules)
    assert game.is_over and game.rounds == 15
    sheet = build_sheet(game, "Kväll")
    assert sheet.status == "Final result"
    (page,) = sheet.pages
    for seat, card in enumerate(game.cards):
        assert column(page, seat) == expected_column(card)
        assert column(page, seat)[-1] == str(card.grand_total)
    assert len(sheet.log) == 4 * 15


def test_a_yatzy_game_in_progress_counts_its_own_rounds_and_has_no_extra_bonus_row():
    game = Game(["Ann", "Bo"], YATZY)
    for dice, box in [
        ([6, 6, 6, 6, 6], "yatzy"),
        ([6, 6, 6, 6, 6], "sixes"),
        ([5, 5, 1, 2, 3], "one_pair"),
        ([3, 3, 3, 6, 6], "full_house"),
        ([1, 2, 3, 4, 5], "small_straight"),
    ]:
        game = game.play(dice, box)
    sheet = build_sheet(game)
    assert sheet.status == "In progress: round 3 of 15"
    kinds = [row.kind for section in sheet.sections for row in section.screen_rows]
    assert "ybonus" not in kinds and len([k for k in kinds if k == "box"]) == 15
    assert screen(sheet, "box", "yatzy").cells[0].star is False  # no extra bonus in Yatzy
    assert [c.text for c in screen(sheet, "grand").cells] == [str(card.grand_total) for card in game.cards]
    pair = screen(sheet, "box", "one_pair")
    assert (pair.name, pair.cells[0].text) == ("One pair", "10")
    assert "50" in screen(sheet, "bonus").title
    total = build_sheet(game).pages[0].rows[-1]
    assert (total.label, total.kind, [c.text for c in total.cells[:2]]) == ("Total", "grand", ["", ""])


def test_a_forced_yatzy_sheet_fills_top_to_bottom():
    game = finished_game(["Ann", "Bo"], seed=8, edition=FORCED)
    sheet = build_sheet(game)
    ann = [line for line in sheet.log if line.player == "Ann"]
    assert [line.box for line in ann] == [box.label for box in FORCED.boxes]
    assert sheet.edition == "Forced Yatzy (tvångsyatzy)"


# -- nothing in the web layer states a rule of its own ---------------------------------------------


SHEET_FILES = [
    "scorekeeper/web/viewmodels/sheet.py",
    "scorekeeper/web/viewmodels/scoresheet.py",
    "scorekeeper/web/views/printing.py",
    "templates/games/_sheet.html",
    "templates/games/_board.html",
    "templates/games/board.html",
    "templates/print/_sheet.html",
    "templates/print/_toolbar.html",
    "templates/print/sheet.html",
    "templates/print/_log.html",
]


@pytest.mark.parametrize("path", SHEET_FILES)
def test_no_sheet_file_names_an_edition_or_states_a_rule_number(path):
    text = (ROOT / path).read_text(encoding="utf-8")
    text = re.sub(r"\byahtzee_bonus(_count)?\b", "", text)  # the engine's name for the extra-bonus figure
    assert not re.search(r"yahtzee|yatzy|hasbro", text, re.I)
    if path.endswith(".py"):  # what a player reads: the strings (layout constants are not rules)
        with open(ROOT / path, encoding="utf-8") as source:
            text = "\n".join(
                t.string for t in tokenize.generate_tokens(source.readline) if t.type == token.STRING
            )
    assert not re.search(r"(?<![\w.#-])(13|15|25|30|35|40|50|63|100)(?![\w.%-])", text)
