"""The distribution of a sheet's final score under the coach's play, and each player's chance to win.

Method, and why ("KS" is the largest gap between two cumulative curves; the target is 0.01 against
200,000 games; the measured figures, per edition, are in benchmarks/chances_bench.py's docstring):
- One turn of the coach's play from a state is exact (outcomes.py): the probability of every final
  roll after the coach's two keeps, and the box, points and state it leads to.
- Exact with EXACT_OPEN + 1 = 6 open boxes or fewer, and always in a forced order (148 states):
  every state the coach can reach, then back up from the last turn; each state's distribution of
  the points to come is remembered (later questions and other players share them). Measured KS at
  most 0.004 (sampling noise alone ~0.002); the mean is the policy's exact expectation, within 6e-6
  of expected_final, which reads the float32 value table (the 1e-6 asked for is below that table's
  rounding). Cost grows fast with open boxes: ~0.1 s cold at 5 open, ~0.5-2 s at 6, far more at
  7+; from a new game it is the whole state space.
- With more boxes open, two steps:
  1. At once, in the request (ms): one exact turn, then each state after it read from the shape
     table (moments.py: a second backward pass beside the expected value, minutes per edition,
     float16, 34-67 MB): the points to come split four ways by whether a five of a kind's lump and
     the upper bonus happen later, each part an Edgeworth-corrected normal from its exact mean, sd
     and skewness; moved by a fraction of a point to the coach's exact expected value. This first
     estimate is NOT within 0.01 (KS medians 0.02-0.04, maxima up to 0.12; a plain normal was
     0.04-0.06, two parts 0.04-0.12; the error is the lumps of straights, full houses and bonuses
     the smooth parts miss). The page marks it "≈" and asks for step 2.
  2. Refined (refine.py): 100,000 of the coach's games played on from the sheet, seeded by its
     state, the curve moved to the coach's exact expected value (mean to 1e-13): every benchmarked
     sheet within 0.01 (max 0.006; with 40,000 games one sheet was at 0.0122, hence 100,000). It
     costs 1.3-6.6 s of one core per sheet. A new game's curve (every game's first) is played once
     at `advisor build --chances` (200,000 games, ~1 min per edition) and stored beside the shape
     table, so a new game is never "≈".
     Off the request path, bounded: one child process per server process at the lowest priority
     (not a thread: a niced thread holding Python's lock would stall the server's threads), newest
     sheet first, 32 waiting at most (older dropped), 15 CPU s a minute at most (a quarter of a
     core per server process), nothing while the load average fills the cores (issue 14's busy
     tables: the chances then stay "≈"). A later view of the game shows the refined figure. One
     4-player game asks for 24-32 refinements (84-117 s of CPU in all): within the budget a server
     process keeps up with the early rounds of one or two tables at a time; with more, the newest
     sheets go first and the rest stay "≈".
Win chances against paired games: within 1.2 points from first estimates, 0.6 refined (the
players' curve errors largely cancel). Calibration and speed: see the benchmark's docstring.
The app remembers chances per set of sheets and whether each curve is refined, and distributions
per state, so a new turn works out only the sheet that changed.
Not met: the first estimate's 0.01 (it is shown as "≈" until refined; under load, or in a process
whose 32 waiting sheets moved on, it may stay); each server process refines on its own (2 workers
can play the same sheet twice; seeded alike, they show the same figure); the review's chart uses
refined curves only where the game page asked for them. Left out: the full table per state
(gigabytes).
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from scorekeeper.rules import Scorecard

from .outcomes import turn_outcomes
from .points import IntArray
from .refine import Refiner
from .solver import FloatArray

if TYPE_CHECKING:
    from .advisor import Advisor

EXACT_OPEN = 5  # this many open boxes or fewer: every turn to the end is followed exactly
SIGMAS = 7.0  # a smooth part's grid reaches this many standard deviations above its mean
CACHE_DISTRIBUTIONS = 50_000  # distributions of the points to come kept per edition (~2 KB each)
GAIN_KEY = 4096  # above any points one turn adds
CACHE_STATES = 200_000  # turns kept per edition (~1 KB each); the cache starts over past this
CACHE_REFINED = 5_000  # refined curves kept per edition (~3 KB each), the oldest dropped first

_A = (0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429)


def _normal_cdf(z: FloatArray) -> FloatArray:
    """Φ(z) to 1.5e-7 (Abramowitz and Stegun 7.1.26: numpy has no erf)."""
    x = np.abs(z) / math.sqrt(2.0)
    t = 1.0 / (1.0 + 0.3275911 * x)
    poly = t * (_A[0] + t * (_A[1] + t * (_A[2] + t * (_A[3] + t * _A[4]))))
    erf = 1.0 - poly * np.exp(-x * x)
    out: FloatArray = 0.5 * (1.0 + np.sign(z) * erf)
    return out


def _smooth_pmf(mean: float, sd: float, skew: float, length: int) -> FloatArray:
    """P(X = 0 … length-1) for X ≥ 0 with this mean, sd and skewness (Edgeworth-corrected normal)."""
    out = np.zeros(length)
    if sd < 0.5:
        out[min(max(round(mean), 0), length - 1)] = 1.0
        return out
    edges: FloatArray = (np.arange(length + 1, dtype=np.float64) - 0.5 - mean) / sd
    phi = np.exp(-0.5 * edges * edges) / math.sqrt(2 * math.pi)
    cdf = _normal_cdf(edges) - phi * (skew / 6.0) * (edges * edges - 1.0)
    cdf = np.maximum.accumulate(np.clip(cdf, 0.0, 1.0))
    cdf[0], cdf[-1] = 0.0, 1.0  # nothing below 0 or past the grid: the tails fold into the ends
    out = np.diff(cdf)
    return out


Step = tuple[IntArray, IntArray, FloatArray]  # a state's turn: states after, points gained, probabilities


def _with_mean(pmf: FloatArray, mean: float) -> FloatArray:
    """The pmf moved by the fraction of a point that gives it this mean (each mass split between the
    two integers around its new place, so the move is exact): the coach's expected value, exactly.
    """
    pmf = pmf / pmf.sum()
    shift = mean - float(np.arange(len(pmf)) @ pmf)
    moved = np.arange(len(pmf)) + shift
    low = np.floor(moved).astype(np.int64)
    upper_share = moved - low
    low_clipped = np.maximum(low, 0)  # nothing below 0 points: a mass there stays at 0
    upper_share = np.where(low < 0, 0.0, upper_share)
    out = np.zeros(int(low_clipped.max()) + 2)
    np.add.at(out, low_clipped, pmf * (1 - upper_share))
    np.add.at(out, low_clipped + 1, pmf * upper_share)
    return out


class Distributions:
    """Final-score distributions for one edition: the advisor's policy, the shape table beside it."""

    def __init__(
        self,
        advisor: Advisor,
        shape: npt.NDArray[np.floating] | None,
        opening: npt.NDArray[np.floating] | None = None,
    ) -> None:
        self.advisor = advisor
        self.shape = None if shape is None else shape.reshape(shape.shape[0], -1)
        self.states = int(np.prod(advisor.points.shape))
        self._steps: dict[int, Step] = {}  # per turn-start state: the coach's turn, merged by outcome
        self._pmfs: OrderedDict[int, FloatArray] = OrderedDict()  # points to come, 0 … len-1
        self._refined: OrderedDict[int, FloatArray] = OrderedDict()  # approximate states played on
        self._lock = threading.Lock()
        self.refiner: Refiner | None = None  # started by the first refine() that needs it
        if opening is not None and self.shape is not None:  # a new game's curve, played on at build time
            start = int(advisor.points.index(0, 0, 0))
            self.store_refined(start, np.asarray(opening, dtype=np.float64))

    # -- one turn ---------------------------------------------------------------------------

    def steps(self, states: IntArray) -> list[Step]:
        """The coach's turn from each state (flat indices), from the cache or computed in one pass."""
        with self._lock:
            missing = np.array(sorted({s for s in states.tolist() if s not in self._steps}), dtype=np.int64)
        found: dict[int, Step] = {}
        if len(missing):
            points = self.advisor.points
            rest = missing // points.flags
            out = turn_outcomes(
                self.advisor.turn(),
                rest // points.upper_states,
                rest % points.upper_states,
                missing % points.flags,
            )
            prob, gained, after = out.probability, out.finals.points, out.finals.after
            column = np.broadcast_to(np.arange(len(missing)), prob.shape)
            live = prob > 0
            # One key per (state, state after, points): the rolls that end a turn the same way merge.
            key = (column[live] * self.states + after[live]) * GAIN_KEY + gained[live]
            merged, where = np.unique(key, return_inverse=True)
            weights = np.asarray(np.bincount(where, weights=prob[live]), dtype=np.float64)
            owner = merged // GAIN_KEY // self.states
            bounds = np.searchsorted(owner, np.arange(len(missing) + 1))
            for i, state in enumerate(missing.tolist()):
                part = merged[bounds[i] : bounds[i + 1]]
                found[state] = (
                    (part // GAIN_KEY % self.states).astype(np.int64),
                    (part % GAIN_KEY).astype(np.int64),
                    weights[bounds[i] : bounds[i + 1]],
                )
        with self._lock:
            if len(self._steps) + len(found) > CACHE_STATES:
                self._steps.clear()
            self._steps.update(found)
            return [self._steps[s] if s in self._steps else found[s] for s in states.tolist()]

    # -- distributions ----------------------------------------------------------------------

    def is_exact(self, open_boxes: int) -> bool:
        """Whether a sheet with this many open boxes is followed to the end exactly."""
        return self.shape is None or open_boxes <= EXACT_OPEN + 1

    # -- refinement: the coach's games played on from an approximate state (refine.py) -------

    def settled(self, state: int, open_boxes: int) -> bool:
        """Whether this state's curve is final: exact, or approximate but already played on."""
        if self.is_exact(open_boxes):
            return True
        with self._lock:
            return state in self._refined

    def refine(self, state: int, open_boxes: int) -> bool:
        """Ask the background thread to play on from this state unless settled; whether it is settled."""
        if self.settled(state, open_boxes):
            return True
        with self._lock:
            if self.refiner is None:
                self.refiner = Refiner(self.advisor, self.store_refined)
            refiner = self.refiner
        refiner.ask(state, open_boxes)
        return False

    def store_refined(self, state: int, pmf: FloatArray) -> None:
        """Remember a state's played-on curve, moved to the coach's exact expected value."""
        moved = _with_mean(pmf, float(self.advisor.table.reshape(-1)[state]))
        with self._lock:
            self._refined[state] = moved
            self._refined.move_to_end(state)
            while len(self._refined) > CACHE_REFINED:
                self._refined.popitem(last=False)

    def score_distribution(self, card: Scorecard) -> tuple[IntArray, FloatArray]:
        """(final totals, probabilities) of a sheet at a turn start."""
        support, prob = self.remaining(self.advisor.state_index(card), card.scores.count(None))
        return support + card.grand_total, prob

    def remaining(self, state: int, open_boxes: int) -> tuple[IntArray, FloatArray]:
        """(points still to come, probabilities) from a turn-start state (flat index)."""
        pmf = self.pmf(state, open_boxes)
        support = np.flatnonzero(pmf > 1e-15)
        return support, pmf[support] / pmf[support].sum()

    def pmf(self, state: int, open_boxes: int) -> FloatArray:
        """P(points still to come = 0, 1, …) from a turn-start state with this many open boxes, remembered."""
        if open_boxes == 0:
            return np.ones(1)
        with self._lock:
            found = self._refined.get(state) if open_boxes > EXACT_OPEN + 1 else None
            if found is not None:  # played on: closer than the approximation (the exact ones never are)
                return found
            found = self._pmfs.get(state)
            if found is not None:
                self._pmfs.move_to_end(state)
                return found
        if self.shape is None or open_boxes <= EXACT_OPEN:
            self._exact([state], open_boxes)
        else:
            approximate = self._one_turn_then_shapes(state, open_boxes)
            self._remember({state: _with_mean(approximate, float(self.advisor.table.reshape(-1)[state]))})
        with self._lock:
            return self._pmfs[state]

    def _remember(self, pmfs: dict[int, FloatArray]) -> None:
        with self._lock:
            self._pmfs.update(pmfs)
            for state in pmfs:
                self._pmfs.move_to_end(state)
            while len(self._pmfs) > CACHE_DISTRIBUTIONS:
                self._pmfs.popitem(last=False)

    def _exact(self, roots: list[int], open_boxes: int) -> None:
        """Every state the coach can reach from these states (as many boxes open), level by level, then
        back up from the last turn. States already remembered are neither expanded nor recomputed.
        """
        with self._lock:
            known = dict(self._pmfs)
        levels = [np.array([r for r in roots if r not in known], dtype=np.int64)]
        for _ in range(open_boxes - 1):
            if not len(levels[-1]):
                levels.append(levels[-1])
                continue
            afters = np.unique(np.concatenate([st[0] for st in self.steps(levels[-1])]))
            levels.append(np.array([a for a in afters.tolist() if a not in known], dtype=np.int64))
        done: dict[int, FloatArray] = {}
        final = np.ones(1)
        for depth in range(len(levels) - 1, -1, -1):
            level = levels[depth]
            if not len(level):
                continue
            steps = self.steps(level)
            last = depth == open_boxes - 1  # this level's turn fills the last box
            afters = np.unique(np.concatenate([st[0] for st in steps]))
            rows = [final if last else done.get(a, known.get(a)) for a in afters.tolist()]
            width_after = max(len(r) for r in rows if r is not None)
            table = np.zeros((len(afters), width_after))
            for i, row in enumerate(rows):
                assert row is not None
                table[i, : len(row)] = row
            src = np.concatenate([np.full(len(st[0]), i) for i, st in enumerate(steps)])
            after = np.searchsorted(afters, np.concatenate([st[0] for st in steps]))
            gained = np.concatenate([st[1] for st in steps])
            prob = np.concatenate([st[2] for st in steps])
            width = width_after + int(gained.max())
            cols = np.arange(width_after)
            flat = (src[:, None] * width + gained[:, None] + cols[None, :]).ravel()
            weights = (prob[:, None] * table[after]).ravel()
            pmfs = np.asarray(
                np.bincount(flat, weights=weights, minlength=len(level) * width), dtype=np.float64
            )
            for i, s in enumerate(level.tolist()):
                row = pmfs[i * width : (i + 1) * width]
                done[s] = row[: np.flatnonzero(row > 1e-15)[-1] + 1].copy()
        self._remember(done)

    def _one_turn_then_shapes(self, state: int, open_boxes: int) -> FloatArray:
        """One exact turn; after it, exact where few boxes stay open, else the shape table's mixture."""
        ((afters, gained, prob),) = self.steps(np.array([state], dtype=np.int64))
        assert self.shape is not None
        if open_boxes - 1 <= EXACT_OPEN:
            self._exact(afters.tolist(), open_boxes - 1)
            rows = [self.pmf(int(a), open_boxes - 1) for a in afters.tolist()]
        else:
            table = np.asarray(self.shape[:, afters], dtype=np.float64).reshape(-1, 4, len(afters))
            length = int((table[:, 1] + SIGMAS * table[:, 2]).max()) + 2
            cache: dict[int, FloatArray] = {}
            rows = [cache.setdefault(int(a), self.remainder(int(a), length)) for a in afters.tolist()]
        out = np.zeros(max(len(r) for r in rows) + int(gained.max()))
        for row, g, p in zip(rows, gained.tolist(), prob.tolist(), strict=True):
            out[g : g + len(row)] += p * row
        return out

    def remainder(self, index: int, length: int) -> FloatArray:
        """P(points still to come = 0 … length-1) from a turn-start state (flat index), approximated."""
        assert self.shape is not None
        params = np.asarray(self.shape[:, index], dtype=np.float64).reshape(-1, 4)
        out = np.zeros(length)
        for p, mean, sd, skew in params:
            if p > 1e-12:
                out += p * _smooth_pmf(float(mean), float(sd), float(skew), length)
        return out


def win_chances(distributions: list[tuple[IntArray, FloatArray]]) -> list[float]:
    """Each player's chance to finish strictly first, ties shared equally, the scores independent."""
    if not distributions:
        return []
    low = min(int(s[0]) for s, _ in distributions)
    high = max(int(s[-1]) for s, _ in distributions)
    pmfs = np.zeros((len(distributions), high - low + 1))
    for i, (support, prob) in enumerate(distributions):
        pmfs[i, support - low] = prob
    below = np.cumsum(pmfs, axis=1) - pmfs  # P(X_j < s)
    # P(i wins outright or shares the top with k others) = Σ_s p_i(s) Σ over who else ties at s.
    # Sharing: E[1 / (1 + ties)] over the others, each tying at s with p_j(s) or below with below_j(s).
    n = len(distributions)
    chances = np.zeros(n)
    for i in range(n):
        # Polynomial in ties: coefficients of the number of others tying at s, given all others ≤ s.
        poly = np.zeros((n, pmfs.shape[1]))
        poly[0] = 1.0
        for j in range(n):
            if j == i:
                continue
            shifted = np.zeros_like(poly)
            shifted[1:] = poly[:-1] * pmfs[j]
            poly = poly * below[j] + shifted
        share = (poly / np.arange(1, n + 1)[:, None]).sum(axis=0)
        chances[i] = float((pmfs[i] * share).sum())
    return [float(c) for c in chances / chances.sum()]
