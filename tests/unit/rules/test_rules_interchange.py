"""The engine's records of totals for export: each edition's own lines, nothing it has not got."""

from __future__ import annotations

from scorekeeper.rules import Scorecard, find_edition, totals_record


def test_a_hasbro_record_carries_its_yahtzee_bonus_line() -> None:
    # Yahtzee 50, then a second Yahtzee of sixes: a 100 bonus, and as a joker 30 in Sixes.
    card = Scorecard(find_edition("hasbro-1996")).fill("yahtzee", [5] * 5).fill("sixes", [6] * 5)
    assert totals_record(card) == {
        "upper_subtotal": 30,
        "upper_bonus": 0,
        "lower_subtotal": 50,
        "yahtzee_bonus": 100,
        "grand_total": 180,
    }


def test_a_yacht_record_has_no_yahtzee_bonus_line() -> None:
    card = Scorecard(find_edition("yacht")).fill("yacht", [4] * 5).fill("choice", [6, 6, 5, 4, 3])
    assert totals_record(card) == {
        "upper_subtotal": 0,
        "upper_bonus": 0,
        "lower_subtotal": 74,
        "grand_total": 74,
    }
