"""Differential tests: our rules against the rules engine of the yatzy-solver package, on random games.

What the oracle implements, checked before asserting (yatzy-solver 1.0.0):
- ``yatzy-scandinavian`` and ``yatzy-scandinavian+forced`` are our ``yatzy`` and ``yatzy-forced``:
  same 15 boxes and keys, scores, 50 bonus at 63, legal boxes; every check is exact.
- ``american+forced-joker`` is our ``hasbro-1996`` (matching upper box, then any lower box, then 0 in
  an upper box; 100 per extra Yahtzee while the Yahtzee box holds 50; jokers score 25/30/40):
  every check is exact.
- ``hasbro-2016`` adds a step the oracle lacks (Three or Four of a kind first): on an extra
  Yahtzee our boxes are a subset of ``american+forced-joker``'s, scoring alike; else exact.
- ``american`` is the free-choice joker (an extra Yahtzee may go in any open box): our boxes are
  a subset of its boxes, scoring alike; everything else is exact.
The oracle calls the five-of-a-kind box ``five_of_a_kind``; ours is ``yahtzee``.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
import yatzy_solver as ys

from scorekeeper.rules import Dice, Ruleset, Scorecard, all_rolls, find_edition

EXACT = [
    (find_edition("yatzy"), "yatzy-scandinavian"),
    (find_edition("yatzy-forced"), "yatzy-scandinavian+forced"),
    (find_edition("hasbro-1996"), "american+forced-joker"),
]
JOKER_SUBSET = [
    (find_edition("hasbro-2016"), "american+forced-joker"),
    (find_edition("hasbro-1996"), "american"),
    (find_edition("hasbro-2016"), "american"),
]
PAIRS = EXACT + JOKER_SUBSET
pair_ids = [f"{ours}-vs-{theirs}" for ours, theirs in PAIRS]


def category(key: str) -> str:
    return "five_of_a_kind" if key == "yahtzee" else key


def key_of(category: str) -> str:
    return "yahtzee" if category == "five_of_a_kind" else category


def legal_boxes(variant: ys.Variant, state: str, dice: Dice) -> set[str]:
    """The boxes the oracle allows for these final dice (no rolls left)."""
    situation = variant.start_turn(state, list(dice))
    final = situation.replace(f"rolls {variant.rolls - 1}", "rolls 0")
    assert "rolls 0" in final
    actions = variant.legal_actions(final)
    assert all(action.startswith("score ") for action in actions)  # only scoring is left
    return {key_of(action.removeprefix("score ")) for action in actions}


def filled_in(state: str) -> set[str]:
    """The filled boxes of a state in the oracle's notation ("upper 8 | filled fours,chance | ...")."""
    part = next(p.strip() for p in state.split("|") if p.strip().startswith("filled "))
    names = part.removeprefix("filled ")
    return set() if names == "-" else {key_of(name) for name in names.split(",")}


def random_dice(rng: random.Random, aim: int | None) -> Dice:
    """Random dice; often five equal ones, and three or more of the ``aim`` face when given."""
    # Five equal dice are 1 in 1296 by chance but drive the joker and the bonus: roll them often.
    if rng.random() < 0.2:
        return Dice.of([rng.randint(1, 6)] * 5)
    if aim is not None:  # what a player keeps for an upper box, so sheets reach the upper bonus
        same = rng.randint(3, 5)
        return Dice.of([aim] * same + [rng.randint(1, 6) for _ in range(5 - same)])
    return Dice.of([rng.randint(1, 6) for _ in range(5)])


def first_open_face(edition: Ruleset, card: Scorecard) -> int | None:
    """The face of the first open upper box, if any."""
    return next((box.face for box in edition.upper_boxes if box.key in card.open_boxes), None)


def check_turn(
    edition: Ruleset,
    variant: ys.Variant,
    card: Scorecard,
    state: str,
    dice: Dice,
    exact: bool,
    seen: Counter[str],
) -> dict[str, int]:
    """Our options for these dice against the oracle's legal boxes and apply_score's points."""
    options = card.options(dice)
    legal = legal_boxes(variant, state, dice)
    joker = edition.extra is not None and edition.extra.is_joker(edition, card.scores, dice)
    seen["turns"] += 1
    seen["jokers"] += joker
    seen["bonuses"] += card.bonus_due(dice)
    if exact or not joker:
        assert set(options) == legal, (state, dice)
    else:
        assert set(options) <= legal, (state, dice)
        seen["narrower"] += set(options) < legal
    for key in edition.box_keys:
        if key not in card.open_boxes:
            continue
        if key in options:
            after, earned = variant.apply_score(state, list(dice), category(key))
            filled = card.fill(key, dice)
            # apply_score's points include the bonuses these dice earn (upper and extra).
            assert earned == filled.grand_total - card.grand_total, (state, dice, key)
            assert filled_in(after) == set(edition.box_keys) - filled.open_boxes
        elif exact or not joker:
            with pytest.raises(ValueError):  # the oracle refuses what we refuse
                variant.apply_score(state, list(dice), category(key))
    return options


def play_random_game(
    edition: Ruleset, variant_id: str, rng: random.Random, exact: bool, seen: Counter[str]
) -> None:
    """One game of random turns, checked turn by turn, counting what it saw."""
    variant = ys.Variant(variant_id)
    oracle = ys.Game(variant)
    card = Scorecard(edition)
    aiming = rng.random() < 0.3  # some games go for the upper section first
    while not card.is_complete:
        assert not oracle.is_over
        dice = random_dice(rng, first_open_face(edition, card) if aiming else None)
        options = check_turn(edition, variant, card, oracle.state, dice, exact, seen)
        # Half the turns take the best-scoring box, so sheets reach the upper bonus too.
        key = max(options, key=options.get) if rng.random() < 0.5 else rng.choice(list(options))
        card = card.fill(key, dice)
        oracle.score(list(dice), category(key))
        assert oracle.points(category(key)) == card.points(key)
        assert (oracle.total, oracle.upper_bonus, oracle.bonus) == (
            card.grand_total,
            card.upper_bonus,
            card.yahtzee_bonus,
        )
        assert filled_in(oracle.state) == set(edition.box_keys) - card.open_boxes
    assert oracle.is_over
    assert [oracle.points(category(key)) for key in edition.box_keys] == list(card.scores)
    seen["upper bonuses"] += card.upper_bonus > 0


def play_many(edition: Ruleset, variant_id: str, games: int, seed: int) -> Counter[str]:
    """Seeded random games against the oracle; what they covered, so no run passes vacuously."""
    rng = random.Random(seed)
    exact = (edition, variant_id) in EXACT
    seen: Counter[str] = Counter()
    for _ in range(games):
        play_random_game(edition, variant_id, rng, exact, seen)
    assert seen["turns"] == games * edition.rounds
    assert seen["upper bonuses"] > 0
    if edition.extra is not None:
        assert seen["jokers"] > 0 and seen["bonuses"] > 0
    if not exact:
        assert seen["narrower"] > 0  # the oracle's extra freedom was met, and we stayed stricter
    return seen


def test_the_oracles_categories_are_our_boxes_in_our_order():
    for edition, variant_id in PAIRS:
        variant = ys.Variant(variant_id)
        assert [key_of(c) for c in variant.categories] == list(edition.box_keys)
        assert (variant.dice, variant.rolls) == (5, 3)


@pytest.mark.parametrize(("edition", "variant_id"), PAIRS, ids=pair_ids)
def test_every_roll_scores_in_every_box_what_the_oracles_score_says(edition, variant_id):
    variant = ys.Variant(variant_id)
    for roll in all_rolls(5):
        assert [variant.score(category(key), list(roll)) for key in edition.box_keys] == list(
            edition.scores(roll)
        ), roll


@pytest.mark.parametrize(("edition", "variant_id"), PAIRS, ids=pair_ids)
def test_random_games_agree_with_the_oracle_turn_by_turn(edition, variant_id):
    assert play_many(edition, variant_id, games=80, seed=1996)["turns"] >= 1000


@pytest.mark.slow
@pytest.mark.parametrize(("edition", "variant_id"), PAIRS, ids=pair_ids)
def test_hundreds_of_random_games_agree_with_the_oracle_turn_by_turn(edition, variant_id):
    # 600 games, 7,800-9,000 turns per edition: past that the suite's minutes buy no new paths
    # (the counters in play_many show every kind of turn met); benchmarks go further.
    assert play_many(edition, variant_id, games=600, seed=2016)["turns"] >= 7_800


def test_where_the_oracle_is_freer_we_follow_rules_md_and_it_does_not():
    # An extra Yahtzee of 6s with Sixes filled: the 2016 sheet wants Three or Four of a kind.
    card = Scorecard(find_edition("hasbro-2016")).fill("yahtzee", [6] * 5).fill("sixes", [6, 6, 1, 2, 3])
    assert set(card.options([6] * 5)) == {"three_of_a_kind", "four_of_a_kind"}
    forced = ys.Variant("american+forced-joker")
    state = forced.apply_score(
        forced.apply_score(ys.Game(forced).state, [6] * 5, "five_of_a_kind")[0], [6, 6, 1, 2, 3], "sixes"
    )[0]
    assert "chance" in legal_boxes(forced, state, Dice.of([6] * 5))
    # The free-choice joker even lets five 4s skip an empty Fours.
    free = ys.Variant("american")
    state = free.apply_score(ys.Game(free).state, [6] * 5, "five_of_a_kind")[0]
    assert "chance" in legal_boxes(free, state, Dice.of([4] * 5))
    assert set(Scorecard().fill("yahtzee", [6] * 5).options([4] * 5)) == {"fours"}
