"""A sheet's shape is its ruleset's: dice count, columns, order and roll policies; what the app offers."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Iterator

import pytest

from scorekeeper.rules import (
    EDITIONS,
    FREE_ORDER,
    NO_BANK,
    TOP_TO_BOTTOM,
    BadDice,
    Cell,
    Dice,
    ExtraYahtzee,
    Game,
    Message,
    Ruleset,
    RuleViolation,
    SavedRolls,
    Scorecard,
    all_rolls,
    every_edition,
    find_edition,
)
from scorekeeper.rules import ruleset as registry
from scorekeeper.rules.dice import count_word
from scorekeeper.rules.ruleset import register

YATZY = find_edition("yatzy")
HASBRO = find_edition("hasbro-1996")
OFFERED = ["hasbro-1996", "hasbro-2016", "yatzy", "yatzy-forced"]
NOT_OFFERED = ["maxi-yatzy", "triple-yahtzee", "yacht"]


def made_up(id: str = "made-up", **spec: object) -> Ruleset:
    """A ruleset made for a test and not registered: Yatzy's upper boxes, Chance and Yatzy unless given."""
    return Ruleset(id, **{"name": "Made up", "boxes": YATZY.boxes[:6] + YATZY.boxes[-2:], **spec})


# -- the registry offers what the pages can show ----------------------------------------------------


def test_the_new_editions_are_registered_and_found_but_not_offered():
    assert list(EDITIONS) == OFFERED
    assert [edition.id for edition in EDITIONS.values()] == OFFERED and len(EDITIONS) == 4
    assert [edition.id for edition in every_edition()] == OFFERED + NOT_OFFERED
    for id in NOT_OFFERED:
        edition = find_edition(id)
        assert edition.id == id and not edition.offered
    assert all(edition.offered for edition in EDITIONS.values())


@pytest.fixture
def withheld() -> Iterator[Ruleset]:
    """A made-up edition registered as not offered, gone from the registry afterwards."""
    rules = register(made_up("withheld", offered=False))
    try:
        yield rules
    finally:
        registry._NOT_OFFERED.pop("withheld")


def test_an_edition_registered_as_not_offered_is_found_but_not_listed(withheld):
    assert find_edition("withheld") is withheld
    assert "withheld" not in EDITIONS and withheld not in list(EDITIONS.values())
    assert every_edition()[-1] is withheld
    with pytest.raises(ValueError, match=r"^two rulesets are called withheld$"):
        register(made_up("withheld"))
    with pytest.raises(ValueError, match=r"^two rulesets are called yacht$"):
        register(made_up("yacht"))


@pytest.mark.parametrize("edition", list(every_edition()), ids=str)
def test_games_and_sheets_of_every_shape_survive_pickling_and_copying(edition):
    dice = [6] * edition.dice_count
    game = Game(["Ann", "Bo"], edition).play(
        dice, edition.box_keys[0], 1, 1 if edition.bank.counted else None
    )
    for copied in [pickle.loads(pickle.dumps(game)), copy.deepcopy(game), copy.copy(game)]:
        assert copied == game and copied.edition is edition and copied.cards[0].edition is edition
        assert type(copied.turns[0].dice) is Dice and len(copied.turns[0].dice) == edition.dice_count
        assert copied.cards[0].saved_rolls == game.cards[0].saved_rolls


# -- a ruleset's shape -----------------------------------------------------------------------------


def test_a_new_ruleset_defaults_to_five_dice_one_column_free_order_no_bank_and_offered():
    rules = made_up()
    assert (rules.dice_count, rules.columns, rules.order, rules.bank) == (5, (1,), FREE_ORDER, NO_BANK)
    assert rules.offered and rules.all_rolls is all_rolls(5)
    assert rules.all_equal_box is rules.box("yatzy")  # the pattern box that scores all-equal dice


@pytest.mark.parametrize("columns", [(), (0,), (1, -2), (1.5,), [True]])
def test_columns_are_positive_whole_multipliers_and_at_least_one(columns):
    with pytest.raises(ValueError, match=r"^made-up: columns are positive multipliers, at least one$"):
        made_up(columns=columns)


@pytest.mark.parametrize("count", [0, -1, 5.0, True])
def test_a_ruleset_rolls_at_least_one_die(count):
    with pytest.raises(ValueError, match=r"^made-up: a ruleset rolls at least one die$"):
        made_up(dice_count=count)


def test_an_extra_policy_must_name_a_box_of_the_sheet():
    with pytest.raises(ValueError, match=r"^made-up: the extra policy's box 'yahtzee' is not on the sheet$"):
        made_up(extra=ExtraYahtzee("yahtzee"))


def test_a_ruleset_without_a_box_for_all_equal_dice_has_none():
    assert made_up(boxes=YATZY.boxes[:6]).all_equal_box is None


def test_the_score_table_is_over_the_rulesets_own_rolls_and_refuses_another_count():
    six = made_up(dice_count=6)
    assert len(six.all_rolls) == 462 and six.all_rolls == all_rolls(6)
    assert six.scores(six.dice_of([6] * 6))[5] == 36
    with pytest.raises(BadDice, match=r"^Enter exactly six dice, each from 1 to 6\.$"):
        six.scores(Dice.of([6] * 5))
    with pytest.raises(BadDice, match=r"^Enter exactly five dice, each from 1 to 6\.$"):
        YATZY.scores(six.dice_of([6] * 6))


def test_a_made_up_two_column_sheet_multiplies_each_column_and_needs_a_column_per_turn():
    rules = made_up(columns=(1, 2))
    card = Scorecard(rules).fill("sixes", [6] * 5, 2).fill("chance", [6] * 5, 1)
    assert [column.score for column in card.columns] == [30, 60] and card.grand_total == 90
    assert rules.rounds == 16 and card.open_columns("sixes") == (1,)
    refusal = card.refusal("ones", [1] * 5)
    assert (str(refusal), refusal.params) == ("Choose the column for Ones.", {"box": Message("Ones")})


def test_a_cell_prints_as_its_box_and_column():
    assert str(Cell("fours", 2)) == "fours@2" and Cell("fours") == Cell("fours", 1)


def test_an_unknown_column_or_figure_is_refused_when_read():
    card = Scorecard(find_edition("triple-yahtzee"))
    with pytest.raises(RuleViolation, match=r"^There is no column 4\.$"):
        card.points("ones", 4)
    with pytest.raises(IndexError):
        card.column(0)
    with pytest.raises(ValueError, match=r"^'grand' is not a figure of a column$"):
        card.figure("grand", 1)
    with pytest.raises(ValueError, match=r"^'nope' is not a figure of a column$"):
        card.is_final("nope", 2)
    assert card.figure("grand_total") == 0 and not card.is_final("grand_total")


# -- the sheet's own constructor --------------------------------------------------------------------


def test_a_sheet_is_made_from_its_scores_bonuses_per_column_and_saved_rolls():
    triple = find_edition("triple-yahtzee")
    scores = (None,) * 38 + (30,)
    card = Scorecard(triple, scores, bonuses=(0, 0, 1), saved_rolls=0)
    assert card.points("chance", 3) == 30 and card.column(3).yahtzee_bonus == 100
    assert card.grand_total == 3 * 130
    maxi = Scorecard("maxi-yatzy", saved_rolls=4)
    assert maxi.most_rolls == 7 and maxi == Scorecard(find_edition("maxi-yatzy"), saved_rolls=4)
    assert Scorecard(HASBRO, (None,) * 13, 2).bonuses == (2,)  # one column: the count alone will do


def test_a_sheet_of_several_columns_needs_each_bonus_in_its_column():
    triple = find_edition("triple-yahtzee")
    with pytest.raises(ValueError, match=r"^triple-yahtzee: say in which column each bonus is$"):
        Scorecard(triple, (), 1)
    with pytest.raises(ValueError, match=r"^triple-yahtzee has 3 columns, not 1$"):
        Scorecard(triple, bonuses=(1,))


# -- policies --------------------------------------------------------------------------------------


def test_top_to_bottom_fills_each_column_in_sheet_order_and_names_the_box_due():
    rules = made_up(columns=(1, 2), order=TOP_TO_BOTTOM)
    card = Scorecard(rules).fill("ones", [1] * 5, 2)
    assert card.cell_options([1] * 5) == {Cell("ones", 1): 5, Cell("twos", 2): 0}
    assert str(card.refusal("threes", [1] * 5, 2)) == "Forced order: Twos must be filled now."
    assert str(card.refusal("twos", [1] * 5, 1)) == "Forced order: Ones must be filled now."
    assert rules.order.forced


def test_a_bank_of_a_different_size_gives_and_saves_its_own_rolls():
    rules = made_up(bank=SavedRolls(per_turn=2))
    card = Scorecard(rules)
    assert card.most_rolls == 2
    card = card.fill("ones", [1] * 5, rolls=1)
    assert card.saved_rolls == 1 and card.most_rolls == 3
    assert str(card.refusal("twos", [2] * 5, rolls=4)) == "Only 3 rolls this turn (2 plus 1 saved), not 4."


def test_a_joker_with_no_upper_box_for_its_face_goes_to_the_lower_boxes():
    rules = made_up(boxes=YATZY.boxes[:5] + YATZY.boxes[-2:], extra=ExtraYahtzee("yatzy"))  # no Sixes
    card = Scorecard(rules).fill("yatzy", [6] * 5)
    assert card.options([6] * 5) == {"chance": 30}
    assert card.options([5] * 5) == {"fives": 25}


# -- dice of any count -----------------------------------------------------------------------------


def test_the_count_is_a_word_where_the_catalogues_have_one_else_digits():
    assert count_word(5) == Message("five") and count_word(6) == Message("six")
    assert count_word(7) == "7"
    with pytest.raises(BadDice, match=r"^That is 2 dice; enter exactly 7\.$"):
        Dice.parse("12", count=7)
    with pytest.raises(BadDice, match=r"^Enter the 7 dice, for example 2245666\.$"):
        Dice.parse("", count=7)


def test_every_count_has_its_rolls_in_a_fixed_order():
    assert [len(all_rolls(count)) for count in (1, 2, 5, 6)] == [6, 21, 252, 462]
    assert all_rolls(5) is all_rolls(5) and all_rolls(6)[0] == (1,) * 6 and all_rolls(6)[-1] == (6,) * 6
    assert all(type(roll) is Dice for roll in all_rolls(6))


def test_dice_are_checked_against_the_count_asked_for():
    six = Dice.of([6, 1, 2, 3, 4, 5], count=6)
    assert six == (1, 2, 3, 4, 5, 6) and Dice.of(six, count=6) is six and Dice(six, 6) is six
    with pytest.raises(BadDice, match=r"^Enter exactly five dice"):
        Dice.of(six)
    assert Dice.parse(str(six), count=6) == six and pickle.loads(pickle.dumps(six)) == six
    assert not six.all_equal and Dice.of([2] * 6, count=6).all_equal  # the old name: all equal


# -- one-column, five-dice sheets need no column or rolls --------------------------------------------


def test_a_one_column_turn_is_in_column_one_and_counts_no_rolls():
    game = Game(["Ann"]).play([1, 2, 3, 4, 5], "chance")
    assert game.edition is HASBRO and game.cards[0].edition is HASBRO
    assert game.turns[0].column == 1 and game.turns[0].rolls is None
    assert game.turns[0].entry == ((1, 2, 3, 4, 5), "chance", 1, None)
