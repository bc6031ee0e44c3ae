"""One sheet: refusals with their exact words, the totals, and the sheet's limits."""

from __future__ import annotations

import dataclasses

import pytest

from scorekeeper.rules import Box, Message, Ruleset, RuleViolation, Scorecard, find_edition
from tests.support.rule_sheets import EDITIONS, FIVE_SIXES, HASBRO, PLAIN, sheet, sheet_with, why_not

B = Box
HASBRO_RULES = find_edition("hasbro-1996")
BOXES = HASBRO_RULES.box_keys
UPPER_BOXES = [box.key for box in HASBRO_RULES.upper_boxes]
LOWER_BOXES = [box.key for box in HASBRO_RULES.lower_boxes]


def test_an_empty_sheet_has_every_box_open_and_every_total_zero():
    card = Scorecard()
    assert card.edition is find_edition("hasbro-1996")
    assert card.open_boxes == frozenset(BOXES)
    assert all(card.points(box) is None for box in BOXES)
    assert (
        card.upper_subtotal,
        card.upper_bonus,
        card.upper_total,
        card.lower_subtotal,
        card.yahtzee_bonus,
        card.lower_total,
        card.grand_total,
        card.upper_pace,
    ) == (0,) * 8
    assert card.yahtzee_bonus_count == 0
    assert not card.is_complete


def test_a_sheet_is_immutable_and_fill_returns_a_new_one():
    card = Scorecard()
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.scores = ()  # type: ignore[misc]
    filled = card.fill(B.CHANCE, PLAIN)
    assert card.points(B.CHANCE) is None
    assert filled.points(B.CHANCE) == 16
    assert filled != card


@pytest.mark.parametrize("edition", EDITIONS, ids=str)
def test_an_edition_given_by_its_id_plays_that_editions_rules(edition):
    by_id = Scorecard(edition.id)
    assert by_id.edition is edition
    assert by_id == Scorecard(edition)
    assert by_id.scores == (None,) * edition.rounds
    assert by_id.open_boxes == frozenset(edition.box_keys)


@pytest.mark.parametrize("edition", ["hasbro-2020", "", None, 1996, "Yatzy"])
def test_an_unknown_edition_is_refused(edition):
    with pytest.raises(RuleViolation, match="There is no rules edition called") as refusal:
        Scorecard(edition)
    assert refusal.value.params == {"edition": repr(edition)}


@pytest.mark.parametrize("count", [12, 14, 15])
def test_scores_of_the_wrong_length_for_the_edition_are_refused(count):
    with pytest.raises(ValueError, match=f"^hasbro-1996 has 13 boxes, not {count}$"):
        Scorecard(find_edition("hasbro-1996"), (0,) * count)


def test_a_filled_box_is_refused_with_its_name():
    card = Scorecard().fill(B.FOURS, [4, 4, 1, 2, 3])
    assert why_not(card, B.FOURS, [4, 4, 4, 4, 6]) == "Fours is already filled."
    with pytest.raises(RuleViolation) as refusal:
        card.fill(B.FOURS, [4, 4, 4, 4, 6])
    assert str(refusal.value) == "Fours is already filled."
    assert refusal.value.template == "%(box)s is already filled."
    assert refusal.value.params == {"box": Message("Fours")}  # the name is translated as well
    assert B.FOURS not in card.options([4, 4, 4, 4, 6])


def test_a_zero_is_a_fill():
    card = Scorecard().fill(B.YAHTZEE, PLAIN)
    assert card.points(B.YAHTZEE) == 0
    assert why_not(card, B.YAHTZEE, FIVE_SIXES) == "Yahtzee is already filled."


def test_a_complete_sheet_refuses_everything_and_offers_nothing():
    card = sheet(find_edition("hasbro-1996"), [(box, PLAIN) for box in BOXES])
    assert card.is_complete
    assert card.options(PLAIN) == {}
    assert why_not(card, B.CHANCE, PLAIN) == "This sheet is complete."
    with pytest.raises(RuleViolation, match=r"^This sheet is complete\.$"):
        card.fill(B.CHANCE, PLAIN)


@pytest.mark.parametrize("box", ["Ones", "seven", "", None, 3, 3.0, ["ones"]])
def test_a_box_that_does_not_exist_is_refused(box):
    card = Scorecard()
    for call in (
        lambda: card.fill(box, PLAIN),
        lambda: card.refusal(box, PLAIN),
        lambda: card.points(box),
        lambda: card.edition.box(box),
    ):
        with pytest.raises(RuleViolation, match="There is no box called") as refusal:
            call()
        assert refusal.value.params == {"box": repr(box)}


@pytest.mark.parametrize("box", ["one_pair", "two_pairs"])
def test_a_yatzy_box_is_no_box_of_a_hasbro_sheet(box):
    with pytest.raises(RuleViolation, match=f"^There is no box called '{box}'\\.$"):
        Scorecard().fill(box, PLAIN)


def test_a_box_may_be_named_by_its_value():
    assert Scorecard().fill("full_house", [2, 2, 3, 3, 3]).points(B.FULL_HOUSE) == 25
    assert Scorecard().refusal("chance", PLAIN) is None


def test_the_refusal_is_none_for_an_allowed_box():
    assert Scorecard().refusal(B.YAHTZEE, PLAIN) is None


# Worked totals of RULES.md, built by legal fills.
TOTALS_EXAMPLES = [
    pytest.param(
        # Yahtzee 50 first, then five 6s in Sixes as the extra Yahtzee (+100).
        [(B.YAHTZEE, FIVE_SIXES)]
        + [
            (B.ONES, [1, 1, 1, 2, 3]),
            (B.TWOS, [2, 2, 1, 3, 4]),
            (B.THREES, [3, 3, 1, 2, 4]),
            (B.FOURS, [4, 4, 1, 2, 3]),
            (B.FIVES, [5, 5, 5, 1, 2]),
            (B.SIXES, FIVE_SIXES),
            (B.LARGE_STRAIGHT, [1, 2, 3, 4, 5]),
            (B.SMALL_STRAIGHT, [1, 2, 3, 4, 6]),
            (B.FULL_HOUSE, [2, 2, 3, 3, 3]),
            (B.CHANCE, [6, 6, 6, 6, 5]),
            (B.THREE_OF_A_KIND, [1, 2, 3, 4, 6]),
            (B.FOUR_OF_A_KIND, [1, 1, 1, 2, 3]),
        ],
        (66, 35, 101, 174, 100, 274, 375),
        id="upper 66 + 35, lower 174, one extra Yahtzee: 375",
    ),
    pytest.param(
        [
            (B.ONES, [1, 1, 1, 1, 1]),
            (B.TWOS, [2, 2, 2, 1, 3]),
            (B.THREES, [3, 3, 3, 1, 2]),
            (B.FOURS, [4, 4, 4, 1, 2]),
            (B.FIVES, [5, 5, 5, 1, 2]),
            (B.SIXES, [6, 6, 6, 1, 2]),
            (B.THREE_OF_A_KIND, [3, 3, 3, 4, 4]),
            (B.FOUR_OF_A_KIND, [4, 4, 4, 4, 6]),
            (B.FULL_HOUSE, [2, 2, 5, 5, 5]),
            (B.SMALL_STRAIGHT, [3, 4, 5, 6, 6]),
            (B.LARGE_STRAIGHT, [2, 3, 4, 5, 6]),
            (B.CHANCE, [1, 1, 2, 3, 3]),
            (B.YAHTZEE, [2, 2, 2, 2, 2]),
        ],
        (65, 35, 100, 194, 0, 194, 294),
        id="upper 65 + 35, lower 194: 294",
    ),
    pytest.param(
        [
            (B.SIXES, [6, 6, 6, 6, 6]),
            (B.FIVES, [5, 5, 5, 5, 5]),
            (B.FOURS, [4, 4, 1, 1, 1]),
            (B.ONES, [1, 1, 1, 1, 2]),
        ],
        (67, 35, 102, 0, 0, 0, 102),
        id="the bonus counts as soon as 63 is reached",
    ),
    pytest.param(
        [(B.SIXES, [6, 6, 6, 6, 6]), (B.FIVES, [5, 5, 5, 5, 5]), (B.FOURS, [4, 2, 2, 1, 1])],
        (59, 0, 59, 0, 0, 0, 59),
        id="upper 59: no bonus",
    ),
    pytest.param(
        [
            (B.SIXES, [6, 6, 6, 6, 6]),
            (B.FIVES, [5, 5, 5, 5, 5]),
            (B.FOURS, [4, 4, 1, 1, 2]),
            (B.TWOS, [2, 1, 1, 1, 3]),
        ],
        (65, 35, 100, 0, 0, 0, 100),
        id="upper 65: bonus",
    ),
]


@pytest.mark.parametrize("edition", HASBRO, ids=str)
@pytest.mark.parametrize(("turns", "totals"), TOTALS_EXAMPLES)
def test_the_totals_of_the_worked_examples(edition, turns, totals):
    card = sheet(edition, turns)
    assert (
        card.upper_subtotal,
        card.upper_bonus,
        card.upper_total,
        card.lower_subtotal,
        card.yahtzee_bonus,
        card.lower_total,
        card.grand_total,
    ) == totals


def test_the_upper_bonus_needs_63_exactly():
    base = [
        (B.TWOS, [2, 2, 2, 1, 3]),
        (B.THREES, [3, 3, 3, 1, 2]),
        (B.FOURS, [4, 4, 4, 1, 2]),
        (B.FIVES, [5, 5, 5, 1, 2]),
        (B.SIXES, [6, 6, 6, 1, 2]),
    ]
    card = sheet(find_edition("hasbro-1996"), base + [(B.ONES, [1, 1, 2, 3, 4])])
    assert (card.upper_subtotal, card.upper_bonus, card.upper_total) == (62, 0, 62)
    card = sheet(find_edition("hasbro-1996"), base + [(B.ONES, [1, 1, 1, 3, 4])])
    assert (card.upper_subtotal, card.upper_bonus, card.upper_total) == (63, 35, 98)


def test_the_upper_bonus_is_settled_once_earned_or_once_every_upper_box_is_filled():
    sixes = [(B.SIXES, [6, 6, 6, 6, 6]), (B.FIVES, [5, 5, 5, 5, 5]), (B.FOURS, [4, 4, 4, 4, 4])]
    assert not Scorecard().upper_bonus_settled
    assert not sheet(find_edition("hasbro-1996"), sixes[:2]).upper_bonus_settled  # 55: still open
    earned = sheet(find_edition("hasbro-1996"), sixes)  # 75 with three upper boxes still empty
    assert earned.upper_bonus == 35 and earned.upper_bonus_settled
    missed = sheet(find_edition("hasbro-1996"), [(box, PLAIN) for box in UPPER_BOXES])
    assert missed.upper_bonus == 0 and missed.upper_bonus_settled
    assert not sheet(
        find_edition("hasbro-1996"), [(box, PLAIN) for box in UPPER_BOXES[:5]]
    ).upper_bonus_settled


def test_lower_boxes_never_count_toward_the_upper_bonus():
    card = sheet(find_edition("hasbro-1996"), [(box, [6, 6, 6, 6, 5]) for box in LOWER_BOXES])
    assert card.lower_subtotal == 29 * 3
    assert (card.upper_subtotal, card.upper_bonus) == (0, 0)


@pytest.mark.parametrize(
    ("turns", "pace"),
    [
        # The "+4 after four 6s" contradicts its own definition: 24 - 18 is +6.
        ([(B.SIXES, [6, 6, 6, 6, 1])], 6),
        ([(B.SIXES, [6, 6, 6, 1, 2])], 0),
        ([(B.ONES, [1, 2, 3, 4, 5])], -2),
        ([(B.SIXES, [6, 6, 6, 6, 1]), (B.FIVES, [5, 5, 1, 2, 3])], 1),
        ([(B.CHANCE, [6, 6, 6, 6, 6])], 0),
    ],
)
def test_upper_pace_compares_the_filled_upper_boxes_with_three_of_each(turns, pace):
    assert sheet(find_edition("hasbro-1996"), turns).upper_pace == pace


THIRTEEN_YAHTZEES = {
    find_edition("hasbro-1996"): [
        B.FULL_HOUSE,
        B.SMALL_STRAIGHT,
        B.LARGE_STRAIGHT,
        B.CHANCE,
        B.THREE_OF_A_KIND,
        B.FOUR_OF_A_KIND,
    ],
    # The 2016 order forces Three and Four of a kind first.
    find_edition("hasbro-2016"): [
        B.THREE_OF_A_KIND,
        B.FOUR_OF_A_KIND,
        B.FULL_HOUSE,
        B.SMALL_STRAIGHT,
        B.LARGE_STRAIGHT,
        B.CHANCE,
    ],
}


@pytest.mark.parametrize("edition", HASBRO, ids=str)
def test_thirteen_yahtzees_score_1575(edition):
    turns = [(B.YAHTZEE, FIVE_SIXES)]
    turns += [(box, [face] * 5) for face, box in enumerate(UPPER_BOXES, start=1)]
    turns += [(box, FIVE_SIXES) for box in THIRTEEN_YAHTZEES[edition]]
    card = sheet(edition, turns)
    assert card.is_complete
    assert card.yahtzee_bonus_count == 12
    assert (card.upper_subtotal, card.upper_bonus, card.lower_subtotal, card.yahtzee_bonus) == (
        105,
        35,
        235,
        1200,
    )
    assert card.grand_total == 1575


@pytest.mark.parametrize("edition", HASBRO, ids=str)
def test_the_best_sheet_without_extra_yahtzees_scores_375(edition):
    # Five of a kind with the Yahtzee box still empty is an ordinary roll; Yahtzee goes last.
    turns = [(box, [face] * 5) for face, box in enumerate(UPPER_BOXES, start=1)]
    turns += [
        (B.THREE_OF_A_KIND, FIVE_SIXES),
        (B.FOUR_OF_A_KIND, FIVE_SIXES),
        (B.FULL_HOUSE, [5, 5, 6, 6, 6]),
        (B.SMALL_STRAIGHT, [1, 2, 3, 4, 6]),
        (B.LARGE_STRAIGHT, [2, 3, 4, 5, 6]),
        (B.CHANCE, FIVE_SIXES),
        (B.YAHTZEE, FIVE_SIXES),
    ]
    card = sheet(edition, turns)
    assert card.yahtzee_bonus_count == 0
    assert card.grand_total == 375


def test_a_zero_in_the_yahtzee_box_earns_no_bonus_later():
    card = sheet_with(find_edition("hasbro-1996"), 0, [])
    after = card.fill(B.SIXES, FIVE_SIXES)
    assert after.yahtzee_bonus_count == 0
    assert after.grand_total == 30


def test_the_hasbro_box_keys_are_the_sheets_keys_in_its_order():
    assert [box.value for box in Box] == [
        "ones",
        "twos",
        "threes",
        "fours",
        "fives",
        "sixes",
        "three_of_a_kind",
        "four_of_a_kind",
        "full_house",
        "small_straight",
        "large_straight",
        "yahtzee",
        "chance",
    ]
    assert str(Box.FULL_HOUSE) == "full_house" == Box.FULL_HOUSE
    assert isinstance(Box.CHANCE, str)
    for edition in HASBRO:
        assert edition.box_keys == tuple(Box)


@pytest.mark.parametrize("edition", HASBRO, ids=str)
def test_a_hasbro_sheet_has_its_boxes_names_sections_faces_and_fixed_scores(edition):
    assert [box.name for box in edition.boxes] == [
        "Ones",
        "Twos",
        "Threes",
        "Fours",
        "Fives",
        "Sixes",
        "Three of a kind",
        "Four of a kind",
        "Full house",
        "Small straight",
        "Large straight",
        "Yahtzee",
        "Chance",
    ]
    assert [edition.box_index(box) for box in Box] == list(range(13))
    assert [box.face for box in edition.boxes] == [1, 2, 3, 4, 5, 6] + [None] * 7
    assert [box.is_upper for box in edition.boxes] == [True] * 6 + [False] * 7
    assert [box.section for box in edition.boxes] == ["upper"] * 6 + ["lower"] * 7
    assert [box.fixed for box in edition.boxes] == [None] * 8 + [25, 30, 40, 50, None]
    assert [edition.upper_for_face(face).key for face in range(1, 7)] == UPPER_BOXES
    assert edition.upper_for_face(7) is None
    assert (edition.upper_bonus.threshold, edition.upper_bonus.points) == (63, 35)
    assert (edition.extra.box, edition.extra.bonus) == ("yahtzee", 100)
    assert (edition.order.forced, edition.has_coach, edition.rounds) == (False, True, 13)
    assert edition.box(B.FULL_HOUSE) is edition.boxes[8]
    assert str(edition.box("chance")) == "chance"


def test_editions_have_ids_names_and_a_description_of_their_rules():
    assert [edition.id for edition in EDITIONS] == [
        "hasbro-1996",
        "hasbro-2016",
        "yatzy",
        "yatzy-forced",
    ]
    assert Ruleset.default() is find_edition("hasbro-1996")
    assert find_edition("hasbro-1996").name == "Classic booklet 1996 + 2023 FAQ"
    assert find_edition("hasbro-2016").name == "Hasbro 2016 / 2026 sheet"
    assert find_edition("yatzy").name == "Scandinavian Yatzy"
    assert find_edition("yatzy-forced").name == "Forced Yatzy (tvångsyatzy)"
    assert "Three or Four of a kind" in find_edition("hasbro-2016").description
    assert "Three or Four of a kind" not in find_edition("hasbro-1996").description
    assert all(edition.description.endswith(".") for edition in EDITIONS)
    assert len({edition.description for edition in EDITIONS}) == len(EDITIONS)


def test_refusal_is_the_violation_fill_would_raise_with_its_template_and_params():
    card = Scorecard().fill(B.FOURS, [4, 4, 1, 2, 3])
    refusal = card.refusal(B.FOURS, [4, 4, 4, 4, 6])
    assert isinstance(refusal, RuleViolation)
    assert (refusal.template, refusal.params) == ("%(box)s is already filled.", {"box": Message("Fours")})
    with pytest.raises(RuleViolation) as raised:
        card.fill(B.FOURS, [4, 4, 4, 4, 6])
    assert (raised.value.template, raised.value.params) == (refusal.template, refusal.params)
    assert raised.value.message == refusal.message
    assert str(refusal) == "Fours is already filled."


def test_refusal_is_none_for_an_allowed_box_and_raises_for_bad_dice_or_box():
    card = Scorecard()
    assert card.refusal("chance", PLAIN) is None
    with pytest.raises(RuleViolation, match="Enter exactly five dice"):
        card.refusal(B.CHANCE, [1, 2, 3])
    with pytest.raises(RuleViolation, match="There is no box called"):
        card.refusal("seven", PLAIN)
