"""Advice for the win: each option's chance to finish first beside its expected score (winning.py).

One call per question: advise_for_win(advisor, cards, seat, dice, rolls_left) answers for the final
dice (every box the rules allow) or a roll with one or two rolls left (every keep); its WinAdvice
holds what a page shows: the best option for the win with its chance, the best for the score with
its expected final score, whether they agree, and every option with both figures.
A turn's chances depend on the sheets alone, not on the dice: they are worked out once per set of
sheets (WinTurn) and remembered, so each roll of the turn reads them.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

import numpy as np

from scorekeeper.rules import Dice, Scorecard

from .advisor import TIE_DECIMALS, Advisor, card_state, ranked_boxes
from .dice import KEEP_INDEX, ROLL_PROBABILITY, Keep, sub_keeps
from .distribution import Distributions
from .solver import FloatArray, Turn
from .winning import PmfOf, final_chances, keep_chances, placements, share_of

READY, SOLO, NOT_READY = "ready", "solo", "not ready"  # WinAdvice.status
CACHED_TURNS = 256  # sets of sheets whose turn chances are remembered per process (~30 KB each)
Choice = str | Keep  # a box key, or the dice kept (sorted)
C = TypeVar("C", str, Keep, Choice)


@dataclass(frozen=True, slots=True)
class WinOption:
    """One option: a box key or the dice to keep, its chance to win and its expected final score."""

    choice: Choice
    chance: float  # 0 … 1
    expected: float


@dataclass(frozen=True, slots=True)
class WinAdvice:
    """What to do for the win and for the score. `status` READY, else SOLO (nobody to beat) or
    NOT_READY (the chance table is missing): then there are no options."""

    status: str
    options: tuple[WinOption, ...] = ()  # best for the win first; equal chances: the coach's order
    for_score: WinOption | None = None  # the coach's choice

    @property
    def ready(self) -> bool:
        """There is advice to show."""
        return self.status == READY

    @property
    def for_win(self) -> WinOption | None:
        """The option with the best chance to win (equal chances: the better expected score)."""
        return self.options[0] if self.options else None

    @property
    def agree(self) -> bool:
        """The best option for the win is the best for the score: one line says both."""
        return self.for_win is not None and self.for_score is not None and self.for_win == self.for_score

    @property
    def chance_gained(self) -> float:
        """How much more likely to win the best option for the win is than the coach's choice."""
        return self.for_win.chance - self.for_score.chance if self.for_win and self.for_score else 0.0

    @property
    def points_given(self) -> float:
        """Expected points the best option for the win gives up against the coach's choice."""
        return self.for_score.expected - self.for_win.expected if self.for_win and self.for_score else 0.0


def rank_for_win(chances: Mapping[C, float], coach_order: Sequence[C]) -> list[C]:
    """Choices best for the win first; equal chances (to TIE_DECIMALS) in the coach's order."""
    rank = {choice: i for i, choice in enumerate(coach_order)}
    return sorted(chances, key=lambda c: (-round(chances[c], TIE_DECIMALS), rank[c]))


def advise_for_win(
    advisor: Advisor,
    cards: Sequence[Scorecard],
    seat: int,
    dice: object,
    rolls_left: int = 0,
    distributions: Distributions | None = None,
) -> WinAdvice:
    """The options of the player at `seat` (whose turn it is; the others' sheets as they stand) for
    these dice: the final dice with `rolls_left` 0 (each box), else a roll with 1 or 2 rolls left
    (each keep). `distributions`: the advisor's unless given (tests).
    """
    card = cards[seat]
    if card.is_complete:
        raise ValueError("a complete sheet has no turn left")
    if len(cards) < 2:
        return WinAdvice(SOLO)
    dist = distributions or advisor.distributions()
    if dist is None:
        return WinAdvice(NOT_READY)
    others = [c for i, c in enumerate(cards) if i != seat]
    expected: dict[Choice, float] = {}
    chances: dict[Choice, float] = {}
    if rolls_left == 0:
        values = advisor.box_values(card, dice)
        expected.update(values)
        coach_order: list[Choice] = list(ranked_boxes(values))
        chances.update(box_chances(advisor, dist, card, others, dice))
    else:
        for keep, value in advisor.keep_values(card, dice, rolls_left).items():  # best first
            expected[keep] = value
        coach_order = list(expected)
        for keep, chance in win_turn(advisor, dist, card, others).keep_chances(dice, rolls_left).items():
            chances[keep] = chance
    options = tuple(WinOption(c, chances[c], expected[c]) for c in rank_for_win(chances, coach_order))
    for_score = next(o for o in options if o.choice == coach_order[0])
    return WinAdvice(READY, options, for_score)


def prepare_for_win(advisor: Advisor, cards: Sequence[Scorecard], seat: int) -> None:
    """Work out the turn's chances before they are asked for (say in the background, once the turn before
    is recorded): the advice for that turn then reads them. Nothing to do without advice to give."""
    dist = advisor.distributions()
    if len(cards) < 2 or cards[seat].is_complete or dist is None:
        return
    win_turn(advisor, dist, cards[seat], [c for i, c in enumerate(cards) if i != seat])


def others_share(dist: Distributions, others: Sequence[Scorecard]) -> FloatArray:
    """share[s]: the chance to finish first with a final total s against these sheets (1 past their best)."""
    finals = [dist.score_distribution(other) for other in others]
    return share_of(finals, max(int(s[-1]) for s, _ in finals) + 2)


def chances_after(
    advisor: Advisor, dist: Distributions, share: FloatArray, cards: Sequence[Scorecard]
) -> list[float]:
    """The chance to win of each sheet (all as many boxes open) between turns: its curve against `share`."""
    if not cards:
        return []
    open_boxes = cards[0].scores.count(None)
    curves = pmf_getter(dist, open_boxes)([advisor.state_index(c) for c in cards])
    last = len(share) - 1
    return [
        float(curve @ share[np.minimum(card.grand_total + np.arange(len(curve)), last)])
        for card, curve in zip(cards, curves, strict=True)
    ]


def box_chances(
    advisor: Advisor, dist: Distributions, card: Scorecard, others: Sequence[Scorecard], dice: object
) -> dict[str, float]:
    """Each box the rules allow for these final dice (sheet order): its chance to win."""
    filled = {key: card.fill(key, dice) for key in card.options(dice)}
    return dict(
        zip(
            filled,
            chances_after(advisor, dist, others_share(dist, others), list(filled.values())),
            strict=True,
        )
    )


class WinTurn:
    """One player's turn against the others' sheets: every final roll's and keep's chance to win."""

    def __init__(self, advisor: Advisor, dist: Distributions, card: Scorecard, others: Sequence[Scorecard]):
        self.advisor, self.card = advisor, card
        self.share = others_share(dist, others)
        mask, upper, flag = (np.array([x], dtype=np.int64) for x in card_state(card))
        places = placements(advisor.points, mask, upper, flag)
        total = np.array([card.grand_total], dtype=np.int64)
        curves = pmf_getter(dist, card.scores.count(None) - 1)
        final = final_chances(places, total, self.share[None, :], curves)
        self.final = final[..., 0]  # (252, boxes): each final roll in each box (-inf: refused)
        self.one, self.two = (a[:, 0] for a in keep_chances(final.max(axis=1)))

    @property
    def chance(self) -> float:
        """The chance to win at the start of the turn, playing it for the win."""
        first = Turn.rolls(self.two[:, None].copy())[: len(ROLL_PROBABILITY), 0]
        return float(ROLL_PROBABILITY @ first)

    def keep_chances(self, dice: object, rolls_left: int) -> dict[Keep, float]:
        """Each distinct keep of these dice with 1 or 2 rolls left: its chance to win."""
        if rolls_left not in (1, 2):
            raise ValueError("rolls_left must be 1 or 2")
        values: FloatArray = self.one if rolls_left == 1 else self.two
        return {keep: float(values[KEEP_INDEX[keep]]) for keep in sub_keeps(tuple(Dice.of(dice)))}


def pmf_getter(dist: Distributions, open_boxes: int) -> PmfOf:
    """The curves of states with this many open boxes, the exact ones worked out in one pass."""

    def get(states: list[int]) -> list[FloatArray]:
        if len(states) > 1 and open_boxes > 0:  # a complete sheet's curve is known
            dist.remember_many(states, open_boxes)
        return [dist.pmf(state, open_boxes) for state in states]

    return get


_TURNS: OrderedDict[tuple[object, ...], WinTurn] = OrderedDict()
_LOCK = threading.Lock()


def _turn_key(
    advisor: Advisor, dist: Distributions, card: Scorecard, others: Sequence[Scorecard]
) -> tuple[object, ...]:
    """What a WinTurn depends on: the tables, and each sheet's state and total (the player's first)."""
    return (id(dist), *((advisor.state_index(c), c.grand_total, c.is_complete) for c in (card, *others)))


def is_prepared(advisor: Advisor, cards: Sequence[Scorecard], seat: int) -> bool:
    """The turn's chances are worked out (prepare_for_win): its advice for the win is then a few ms.

    True where there is nothing to work out (a solo game, a complete sheet, no chance table)."""
    dist = advisor.distributions()
    if len(cards) < 2 or cards[seat].is_complete or dist is None:
        return True
    key = _turn_key(advisor, dist, cards[seat], [c for i, c in enumerate(cards) if i != seat])
    with _LOCK:
        return key in _TURNS


def win_turn(advisor: Advisor, dist: Distributions, card: Scorecard, others: Sequence[Scorecard]) -> WinTurn:
    """The WinTurn of these sheets, remembered (CACHED_TURNS sets of sheets)."""
    key = _turn_key(advisor, dist, card, others)
    with _LOCK:
        found = _TURNS.get(key)
        if found is not None:
            _TURNS.move_to_end(key)
            return found
    turn = WinTurn(advisor, dist, card, others)
    with _LOCK:
        _TURNS[key] = turn
        while len(_TURNS) > CACHED_TURNS:
            _TURNS.popitem(last=False)
    return turn


__all__ = [
    "NOT_READY",
    "READY",
    "SOLO",
    "WinAdvice",
    "WinOption",
    "WinTurn",
    "advise_for_win",
    "box_chances",
    "chances_after",
    "is_prepared",
    "others_share",
    "prepare_for_win",
    "rank_for_win",
    "win_turn",
]
