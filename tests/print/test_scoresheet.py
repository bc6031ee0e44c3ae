"""The sheet's values: every figure is the engine's, laid out like the paper pad."""

from __future__ import annotations

from datetime import date

from scorekeeper.rules import BOXES, LOWER_BOXES, UPPER_BOXES, Box, Edition, Game, Scorecard
from scorekeeper.web.scoresheet import CHECK, TICK_BOXES, box_label, sheet_context

from .sample_games import finished_game

NAMES6 = ["Ann", "Bo", "Cy", "Dee", "Eve", "Fay"]


def expected_column(card: Scorecard) -> list[str]:
    """A complete card's figures in sheet order, read from the engine."""
    upper = [card.points(box) for box in UPPER_BOXES]
    lower = [card.points(box) for box in LOWER_BOXES]
    return [str(v) for v in [
        *upper, card.upper_subtotal, card.upper_bonus, card.upper_total,
        *lower, card.yahtzee_bonus, card.lower_total, card.upper_total, card.grand_total,
    ]]


def column(page, index: int) -> list[str]:
    return [row.cells[index].text for row in page.upper + page.lower]


def labels(page) -> list[str]:
    return [row.label for row in page.upper + page.lower]


def test_the_rows_follow_the_paper_pad():
    page = sheet_context(None).pages[0]
    assert labels(page) == [
        "Aces", "Twos", "Threes", "Fours", "Fives", "Sixes", "TOTAL SCORE", "BONUS", "TOTAL",
        "3 of a kind", "4 of a kind", "Full house", "Sm. straight", "Lg. straight", "YAHTZEE",
        "Chance", "YAHTZEE BONUS", "TOTAL", "TOTAL", "GRAND TOTAL",
    ]
    notes = [row.note for row in page.upper + page.lower if row.note]
    assert notes == ["of upper section", "of lower section", "of upper section"]
    how = {row.label: (row.how, row.score) for row in page.upper + page.lower}
    assert how["Threes"] == ("Count and add only Threes", "")
    assert how["BONUS"] == ("If total score is 63 or over", "SCORE 35")
    assert how["Full house"] == ("", "SCORE 25")
    assert how["Sm. straight"] == ("Sequence of 4", "SCORE 30")
    assert how["Lg. straight"] == ("Sequence of 5", "SCORE 40")
    assert how["YAHTZEE"] == ("5 of a kind", "SCORE 50")
    assert how["YAHTZEE BONUS"] == (f"{CHECK} for each bonus", f"SCORE 100 PER {CHECK}")


def test_a_blank_sheet_has_six_empty_columns_with_tick_boxes_for_bonuses():
    sheet = sheet_context(None, edition=Edition.HASBRO_2016)
    assert sheet.blank and len(sheet.pages) == 1 and sheet.log == () and sheet.status == ""
    page = sheet.pages[0]
    assert [c.name for c in page.columns] == [""] * 6
    assert all(cell.text == "" for row in page.upper + page.lower for cell in row.cells)
    bonus_row = page.lower[7]
    assert [cell.checks for cell in bonus_row.cells] == [TICK_BOXES] * 6
    assert sheet.edition == "Hasbro 2016 / 2026 sheet"


def test_every_box_and_total_of_a_finished_game_is_the_engines():
    game = finished_game(NAMES6, seed=4)
    sheet = sheet_context(game, "Club night", date(2025, 3, 1))
    assert (sheet.title, sheet.date, sheet.status) == ("Club night", "2025-03-01", "Final result")
    assert sheet.edition == "Classic booklet 1996 + 2023 FAQ"
    (page,) = sheet.pages
    assert [c.name for c in page.columns] == NAMES6
    for seat, card in enumerate(game.cards):
        assert column(page, seat) == expected_column(card)


def test_a_scratch_prints_zero_and_an_empty_box_stays_blank():
    game = Game(["Ann", "Bo"]).play([1, 2, 3, 4, 6], Box.YAHTZEE).play([2, 2, 3, 3, 3], Box.FULL_HOUSE)
    page = sheet_context(game).pages[0]
    yahtzee, full_house = page.lower[5], page.lower[2]
    assert yahtzee.cells[0].text == "0"
    assert full_house.cells[1].text == "25"
    assert yahtzee.cells[1].text == "" and full_house.cells[0].text == ""
    assert [c.name for c in page.columns] == ["Ann", "Bo", "", "", "", ""]


def test_totals_wait_until_the_boxes_they_add_are_all_filled():
    game = Game(["Ann"])
    for face in range(1, 7):  # four of each number: 84 in the upper section
        game = game.play([face] * 4 + [1 if face != 1 else 2], BOXES[face - 1])
    page = sheet_context(game).pages[0]
    upper_sum, bonus, upper_total = (row.cells[0].text for row in page.upper[6:9])
    card = game.cards[0]
    assert (upper_sum, bonus, upper_total) == (
        str(card.upper_subtotal), str(card.upper_bonus), str(card.upper_total))
    assert bonus == "35"
    lower_bonus, lower_total, upper_again, grand = (row.cells[0].text for row in page.lower[7:])
    # An extra Yahtzee could still add 100: the lower and grand totals wait for a full sheet.
    assert (lower_bonus, lower_total, grand) == ("", "", "")
    assert upper_again == str(card.upper_total)
    assert sheet_context(game).status == "In progress: round 7 of 13"


def test_the_upper_bonus_shows_as_soon_as_it_is_earned():
    game = Game(["Ann"]).play([6] * 5, Box.SIXES).play([5] * 5, Box.FIVES)  # 30 + 25 ...
    game = game.play([4, 4, 4, 4, 1], Box.FOURS)  # ... + 16 = 71 with three boxes empty
    page = sheet_context(game).pages[0]
    assert [row.cells[0].text for row in page.upper[6:9]] == ["", "35", ""]


def test_the_winner_is_marked_and_their_grand_total_ringed():
    game = finished_game(["Ann", "Bo", "Cy"], seed=7)
    (winner,) = game.winners()
    page = sheet_context(game).pages[0]
    assert [c.mark for c in page.columns[:3]] == ["Winner" if s == winner else "" for s in range(3)]
    grand = page.lower[-1]
    assert [cell.circled for cell in grand.cells[:3]] == [s == winner for s in range(3)]


def test_equal_totals_are_marked_as_a_shared_victory():
    turns = finished_game(["Ann"], seed=3).turns
    game = Game(["Ann", "Bo"])
    for turn in turns:  # both players roll the same game
        game = game.play(turn.dice, turn.box).play(turn.dice, turn.box)
    page = sheet_context(game).pages[0]
    assert [c.mark for c in page.columns[:2]] == ["Shared victory", "Shared victory"]


def test_an_unfinished_game_marks_no_winner():
    game = Game(["Ann", "Bo"]).play([6] * 5, Box.YAHTZEE)
    page = sheet_context(game).pages[0]
    assert all(c.mark == "" for c in page.columns)
    assert not any(cell.circled for cell in page.lower[-1].cells)


def test_seven_or_eight_players_continue_on_a_second_page_with_the_labels_repeated():
    names = [f"P{n}" for n in range(1, 9)]
    game = finished_game(names, seed=2)
    first, second = sheet_context(game).pages
    assert [c.name for c in first.columns] == names[:6]
    assert [c.name for c in second.columns] == names[6:] + ["", "", "", ""]
    assert labels(first) == labels(second)
    assert column(second, 1) == expected_column(game.cards[7])
    assert column(second, 2) == [""] * 20
    assert len(sheet_context(finished_game(names[:7], seed=2)).pages) == 2


def test_extra_yahtzees_print_a_check_each_and_their_bonus():
    game = finished_game(["Ann", "Bo"], seed=1, extra_yahtzee_seat=0)
    assert game.cards[0].yahtzee_bonus_count == 2
    bonus_row = sheet_context(game).pages[0].lower[7]
    assert bonus_row.label == "YAHTZEE BONUS"
    assert (bonus_row.cells[0].checks, bonus_row.cells[0].text) == (CHECK * 2, "200")
    assert (bonus_row.cells[1].checks, bonus_row.cells[1].text) == ("", "0")


def test_the_turn_log_lists_round_player_dice_box_and_points():
    game = finished_game(["Ann", "Bo"], seed=1, extra_yahtzee_seat=0)
    log = sheet_context(game).log
    assert len(log) == 26
    first, second, third = log[:3]
    assert (first.round, first.player, first.dice, first.box, first.points) == (
        1, "Ann", "6 6 6 6 6", "YAHTZEE", "50")
    assert (second.round, second.player) == (1, "Bo")
    assert (third.round, third.player, third.dice, third.box, third.points) == (
        2, "Ann", "5 5 5 5 5", "Fives", "25 + 100 bonus")


def test_the_game_pages_sheet_leaves_out_the_turn_log_but_not_a_figure():
    game = finished_game(["Ann", "Bo"], seed=1, extra_yahtzee_seat=0)
    with_log, without = sheet_context(game), sheet_context(game, with_log=False)
    assert without.log == () and len(with_log.log) == 26
    assert without.pages == with_log.pages


def test_titles_and_names_are_kept_as_typed_for_the_template_to_escape():
    game = Game(["<b>Ann</b>"])
    sheet = sheet_context(game, "Tom & Jerry's <game>")
    assert sheet.title == "Tom & Jerry's <game>"
    assert sheet.pages[0].columns[0].name == "<b>Ann</b>"


def test_box_labels_are_the_paper_names():
    assert [box_label(box) for box in (Box.ONES, Box.THREE_OF_A_KIND, Box.SMALL_STRAIGHT)] == [
        "Aces", "3 of a kind", "Sm. straight"]


def test_translation_applies_to_every_printed_word():
    sheet = sheet_context(None, gettext=lambda text, **params: "~" + (text % params if params else text))
    page = sheet.pages[0]
    assert all(row.label.startswith("~") for row in page.upper + page.lower)
    assert sheet.pages[0].upper[7].score == "~SCORE 35"


def test_long_names_and_titles_ask_for_the_smaller_type():
    game = Game(["Bartholomew Fitzgerald", "Bo"])
    sheet = sheet_context(game, "A" * 41)
    assert [c.long for c in sheet.pages[0].columns[:2]] == [True, False]
    assert sheet.long_title and not sheet_context(game, "A" * 40).long_title
