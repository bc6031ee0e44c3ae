"""Helpers shared by the rules tests: building sheets by legal fills, and Hypothesis strategies."""

from __future__ import annotations

from hypothesis import strategies as st

from scorekeeper.rules import EDITIONS as OFFERED
from scorekeeper.rules import Box, Cell, Ruleset, Scorecard, every_edition, find_edition

# Dice that are no Yahtzee, no straight, no full house: a neutral fill for any Hasbro box.
PLAIN = (1, 2, 3, 5, 5)
FIVE_SIXES = (6, 6, 6, 6, 6)

EDITIONS = list(
    OFFERED.values()
)  # every offered edition (five dice, one column): the older tests run over each
EVERY_EDITION = list(every_edition())  # offered or not, of any shape: the properties run over each one
HASBRO = [find_edition("hasbro-1996"), find_edition("hasbro-2016")]
YATZY = [find_edition("yatzy"), find_edition("yatzy-forced")]

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
_UPPER_MAX = {key: _YATZY_MAX[key] for key in ("ones", "twos", "threes", "fours", "fives", "sixes")}
# The most each box can hold, as RULES.md states it (a Hasbro joker reaches the fixed scores), by id.
MAX_POINTS = {
    "hasbro-1996": _HASBRO_MAX,
    "hasbro-2016": _HASBRO_MAX,
    "triple-yahtzee": _HASBRO_MAX,
    "yatzy": _YATZY_MAX,
    "yatzy-forced": _YATZY_MAX,
    "yacht": {
        **_UPPER_MAX,
        "full_house": 28,
        "four_of_a_kind": 24,
        "little_straight": 30,
        "big_straight": 30,
        "choice": 30,
        "yacht": 50,
    },
    "maxi-yatzy": {
        **{key: points * 6 // 5 for key, points in _UPPER_MAX.items()},  # six of the face
        "one_pair": 12,
        "two_pairs": 22,
        "three_pairs": 30,  # 6 6 5 5 4 4
        "three_of_a_kind": 18,
        "four_of_a_kind": 24,
        "five_of_a_kind": 30,
        "small_straight": 15,
        "large_straight": 20,
        "full_straight": 21,
        "full_house": 28,  # 6 6 6 5 5
        "villa": 33,  # 6 6 6 5 5 5
        "tower": 34,  # 6 6 6 6 5 5
        "chance": 36,
        "maxi_yatzy": 100,
    },
}


def sheet(edition: Ruleset, fills: list[tuple[str, tuple[int, ...]]]) -> Scorecard:
    """A sheet built by these legal fills, in order."""
    card = Scorecard(edition)
    for box, dice in fills:
        card = card.fill(box, dice)
    return card


def sheet_with(edition: Ruleset, yahtzee: int | None, filled: list[Box]) -> Scorecard:
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
def any_cards(draw: st.DrawFn, edition: Ruleset, unfinished: bool = False) -> Scorecard:
    """A sheet of any shape reached by legal turns (cells and rolls the rules allowed).

    ``unfinished`` keeps at least one cell open.
    """
    card = Scorecard(edition)
    for _ in range(draw(st.integers(0, edition.rounds - unfinished))):
        roll, cell, rolls = draw(turns(card))
        card = card.fill(cell.box, roll, cell.column, rolls)
    return card
