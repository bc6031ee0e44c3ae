"""Helpers shared by the rules tests: building sheets by legal fills, and Hypothesis strategies."""

from __future__ import annotations

from hypothesis import strategies as st

from scorekeeper.rules import Box, Cell, Edition, Ruleset, Scorecard, every_edition

# Dice that are no Yahtzee, no straight, no full house: a neutral fill for any Hasbro box.
PLAIN = (1, 2, 3, 5, 5)
FIVE_SIXES = (6, 6, 6, 6, 6)

EDITIONS = list(Edition)  # every offered edition (five dice, one column): the older tests run over each
EVERY_EDITION = list(every_edition())  # offered or not, of any shape: the properties run over each one
HASBRO = [Edition.HASBRO_1996, Edition.HASBRO_2016]
YATZY = [Edition.YATZY, Edition.YATZY_FORCED]

_HASBRO_MAX = {
    "ones": 5,
    "twos": 10,
    "threes": 15,
    "fours": 20,
    "fives": 25,
    "sixes": 30,
    "three_of_a_kind": 30,
    "four_of_a_kind": 30,
    "full_house": 25,
    "small_straight": 30,
    "large_straight": 40,
    "yahtzee": 50,
    "chance": 30,
}
_YATZY_MAX = {
    "ones": 5,
    "twos": 10,
    "threes": 15,
    "fours": 20,
    "fives": 25,
    "sixes": 30,
    "one_pair": 12,
    "two_pairs": 22,
    "three_of_a_kind": 18,
    "four_of_a_kind": 24,
    "small_straight": 15,
    "large_straight": 20,
    "full_house": 28,
    "chance": 30,
    "yatzy": 50,
}
# The most each box can hold, as the rules state it (a Hasbro joker reaches the fixed scores).
MAX_POINTS = {edition: _HASBRO_MAX if edition in HASBRO else _YATZY_MAX for edition in EDITIONS}


def sheet(edition: Edition, fills: list[tuple[str, tuple[int, ...]]]) -> Scorecard:
    """A sheet built by these legal fills, in order."""
    card = Scorecard(edition)
    for box, dice in fills:
        card = card.fill(box, dice)
    return card


def sheet_with(edition: Edition, yahtzee: int | None, filled: list[Box]) -> Scorecard:
    """A Hasbro sheet whose Yahtzee box holds 50, 0 or nothing, with these other boxes filled plainly."""
    fills = []
    if yahtzee == 50:
        fills.append((Box.YAHTZEE, FIVE_SIXES))
    elif yahtzee == 0:
        fills.append((Box.YAHTZEE, PLAIN))
    fills += [(box, PLAIN) for box in filled]
    return sheet(edition, fills)


def why_not(card: Scorecard, box: object, dice: object) -> str | None:
    """The English refusal fill() would raise for this box, or None where it is allowed."""
    refusal = card.refusal(box, dice)
    return None if refusal is None else str(refusal)


editions = st.sampled_from(EDITIONS)
dice = st.lists(st.integers(1, 6), min_size=5, max_size=5)
# Five equal dice are rare by chance (1 in 1296) but matter most: draw them often.
yahtzee_dice = st.integers(1, 6).map(lambda face: [face] * 5)
any_dice = st.one_of(dice, yahtzee_dice)


def dice_of(edition: Ruleset) -> st.SearchStrategy[list[int]]:
    """Final dice of the edition's count, often all equal (1 in 1296 or 7776 by chance, but they matter)."""
    count = edition.dice_count
    plain = st.lists(st.integers(1, 6), min_size=count, max_size=count)
    return st.one_of(plain, st.integers(1, 6).map(lambda face: [face] * count))


@st.composite
def turns(draw: st.DrawFn, card: Scorecard) -> tuple[list[int], Cell, int | None]:
    """A legal turn on this unfinished sheet: dice, a cell the rules allow for them, rolls the bank allows."""
    edition = card.edition
    roll = draw(dice_of(edition))
    cell = draw(st.sampled_from(list(card.cell_options(roll))))
    most = card.most_rolls
    # Mostly one roll or all three (what players do), so banks both grow and run down.
    rolls = None if most is None else draw(st.one_of(st.sampled_from([1, 3]), st.integers(1, most)))
    return roll, cell, rolls


@st.composite
def any_cards(draw: st.DrawFn, edition: Ruleset, min_filled: int = 0, unfinished: bool = False) -> Scorecard:
    """A sheet of any shape reached by legal turns (cells and rolls the rules allowed).

    ``unfinished`` keeps at least one cell open.
    """
    card = Scorecard(edition)
    for _ in range(draw(st.integers(min_filled, edition.rounds - unfinished))):
        roll, cell, rolls = draw(turns(card))
        card = card.fill(cell.box, roll, cell.column, rolls)
    return card


@st.composite
def cards(
    draw: st.DrawFn, edition: Edition | None = None, min_filled: int = 0, unfinished: bool = False
) -> Scorecard:
    """A sheet reached by legal turns: each box one the rules allowed for the drawn dice.

    ``unfinished`` keeps at least one box open.
    """
    card = Scorecard(draw(editions) if edition is None else edition)
    most = card.rules.rounds - unfinished
    for _ in range(draw(st.integers(min_filled, most))):
        roll = draw(any_dice)
        card = card.fill(draw(st.sampled_from(list(card.options(roll)))), roll)
    return card
