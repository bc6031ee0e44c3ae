"""The distribution of a sheet's final score under the coach's play, and each player's chance to win.

Method, and why ("KS" is the largest gap between two cumulative curves; the target is 0.01 against
200,000 games; the measured figures, per edition, are in benchmarks/chances_bench.py's docstring):
- One turn of the coach's play from a state is exact (outcomes.py): the probability of every final
  roll after the coach's two keeps, and the box, points and state it leads to.
- Exact with EXACT_OPEN + 1 = 6 open boxes or fewer, and always in a forced order: every state the
  coach can reach, then back up from the last turn; each state's distribution of the points to come
  is remembered (later questions and other players share them). The mean is the policy's exact
  expectation: within 1e-6 of expected_final (the float64 value table's; a float32 table, before,
  rounded it by up to 1e-5). Cost grows with open boxes (~0.1 s cold at 5 open, ~0.5-2 s at
  6); from a new game it would be the whole state space.
- With 7 or more open, the chance table (spectrum.py): a second backward pass beside the expected
  value keeps each state's characteristic function at the lowest frequencies, as many as its curve
  needs (the rest bounded to move it by 0.002 at most); here, its inverse transform made monotone,
  moved by a fraction of a point to the coach's exact expected value. Under a millisecond, in the
  request.
  Measured against 200,000 games per sheet (sampling alone ~0.002), of 50 random sheets per
  edition those read from the table: KS medians 0.0020-0.0025, every one within 0.0073; win
  chances within 0.70 points of paired games; calibration over 20,000 games of 2 and of 4 players
  within 1.3 points in every 10-point bucket (per edition: benchmarks/chances_bench.py).
  Built once per edition, in the background when a game first needs it (background.py) or ahead
  by `flask advisor build --chances` (its time and size: the README, benchmarks/advisor_build_bench.py).
  Replaced: a mixture of smooth parts from three moments per state (0.02-0.12 off, so each curve
  was refined by 100,000 games played on in a background process: seconds of CPU per sheet, and
  under load the page stayed on the estimate). Neither is needed now: every curve shown is final.
The app remembers chances per set of sheets, and distributions per state, so a new turn works out
only the sheet that changed. Left out: the full table per state (gigabytes).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import TYPE_CHECKING

import numpy as np

from scorekeeper.rules import Scorecard

from .outcomes import turn_outcomes
from .points import IntArray
from .solver import FloatArray
from .spectrum import Spectra

if TYPE_CHECKING:
    from .advisor import Advisor

EXACT_OPEN = 5  # this many open boxes or fewer: every turn to the end is followed exactly
# Distributions.method: how a sheet's curve is found.
TABLE, ONE_TURN, EXACT = "table", "one turn, then exact", "exact"
CACHE_DISTRIBUTIONS = 50_000  # distributions of the points to come kept per edition (~2 KB each)
GAIN_KEY = 4096  # above any points one turn adds
BATCH = 200  # states worked out exactly in one pass by remember_many
CACHE_STATES = 200_000  # turns kept per edition (~1 KB each); the cache starts over past this


Step = tuple[IntArray, IntArray, FloatArray]  # a state's turn: states after, points gained, probabilities


def _with_mean(pmf: FloatArray, mean: float) -> FloatArray:
    """The pmf moved by the fraction of a point that gives it this mean (each mass split between the
    two integers around its new place, so the move is exact): the coach's expected value, exactly.

    A mass at 0 points cannot move below it: what it keeps back is moved again (a few passes; the
    chance table's curves carry a trace of mass there, and one pass left means 4e-6 off).
    """
    out: FloatArray = pmf / pmf.sum()
    for _ in range(4):
        shift = mean - float(np.arange(len(out)) @ out)
        if abs(shift) < 1e-12:
            break
        out = _moved(out, shift)
    return out


def _moved(pmf: FloatArray, shift: float) -> FloatArray:
    """The pmf moved by `shift` points (masses split between neighbours; none below 0 points)."""
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
    """Final-score distributions for one edition: the advisor's policy, the stored spectra beside it."""

    def __init__(self, advisor: Advisor, spectra: Spectra | None) -> None:
        self.advisor = advisor
        self.spectra = spectra
        self.states = int(np.prod(advisor.points.shape))
        self._steps: dict[int, Step] = {}  # per turn-start state: the coach's turn, merged by outcome
        self._pmfs: OrderedDict[int, FloatArray] = OrderedDict()  # points to come, 0 … len-1
        self._lock = threading.Lock()

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

    def score_distribution(self, card: Scorecard) -> tuple[IntArray, FloatArray]:
        """(final totals, probabilities) of a sheet at a turn start."""
        support, prob = self.remaining(self.advisor.state_index(card), card.scores.count(None))
        return support + card.grand_total, prob

    def remaining(self, state: int, open_boxes: int) -> tuple[IntArray, FloatArray]:
        """(points still to come, probabilities) from a turn-start state (flat index)."""
        pmf = self.pmf(state, open_boxes)
        support = np.flatnonzero(pmf > 1e-15)
        return support, pmf[support] / pmf[support].sum()

    def method(self, open_boxes: int) -> str:
        """How the curve of a sheet with this many open boxes is found: TABLE, ONE_TURN or EXACT."""
        if self.spectra is None or open_boxes <= EXACT_OPEN:
            return EXACT
        return ONE_TURN if open_boxes == EXACT_OPEN + 1 else TABLE

    def pmf(self, state: int, open_boxes: int) -> FloatArray:
        """P(points still to come = 0, 1, …) from a turn-start state with this many open boxes, remembered."""
        if open_boxes == 0:
            return np.ones(1)
        with self._lock:
            found = self._pmfs.get(state)
            if found is not None:
                self._pmfs.move_to_end(state)
                return found
        method = self.method(open_boxes)
        stored = self.spectra.pmf(state) if method == TABLE and self.spectra is not None else None
        if stored is not None:
            pmf = _with_mean(stored, float(self.advisor.table.reshape(-1)[state]))
        elif method == EXACT:
            pmf = self._exact([state], open_boxes)[state]
        else:  # one box more than EXACT_OPEN (or a state the table lacks): one turn, then exact
            pmf = self._one_turn_then_exact(state, open_boxes)
        self._remember({state: pmf})
        return pmf  # not read back from the cache: another thread may have evicted it meanwhile

    def remember_many(self, states: list[int], open_boxes: int) -> None:
        """Work out many states' curves (as many boxes open) at once: the exact ones level by level
        in batches of BATCH (each state ~10 MB of arrays; all at once, 20,000 games' worth took 20 GB).
        For simulations of many games; the cache must have room for them (CACHE_DISTRIBUTIONS).
        """
        roots, depth = states, open_boxes
        method = self.method(open_boxes)
        if method == TABLE:
            roots = []
        elif method == ONE_TURN:  # one turn, then the states after
            afters = np.concatenate([step[0] for step in self.steps(np.array(states, dtype=np.int64))])
            roots, depth = np.unique(afters).tolist(), open_boxes - 1
        for lo in range(0, len(roots), BATCH):
            self._exact(roots[lo : lo + BATCH], depth)
        for state in states:
            self.pmf(state, open_boxes)

    def _remember(self, pmfs: dict[int, FloatArray]) -> None:
        with self._lock:
            self._pmfs.update(pmfs)
            for state in pmfs:
                self._pmfs.move_to_end(state)
            while len(self._pmfs) > CACHE_DISTRIBUTIONS:
                self._pmfs.popitem(last=False)

    def _exact(self, roots: list[int], open_boxes: int) -> dict[int, FloatArray]:
        """Every state the coach can reach from these states (as many boxes open), level by level, then
        back up from the last turn; the roots' curves. States already remembered are neither expanded
        nor recomputed.
        """
        known: dict[int, FloatArray] = {}  # the remembered ones met on the way (kept here: never evicted)
        levels = [self._unknown(roots, known)]
        for _ in range(open_boxes - 1):
            if not len(levels[-1]):
                levels.append(levels[-1])
                continue
            afters = np.unique(np.concatenate([st[0] for st in self.steps(levels[-1])]))
            levels.append(self._unknown(afters.tolist(), known))
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
        return {root: done[root] if root in done else known[root] for root in roots}

    def _unknown(self, states: list[int], known: dict[int, FloatArray]) -> IntArray:
        """The states not remembered yet; the remembered ones go into `known`.

        Only these states are looked up (a copy of the whole cache cost ~10 ms a call once it filled).
        """
        missing = []
        with self._lock:
            for state in states:
                found = self._pmfs.get(state)
                if found is None:
                    missing.append(state)
                else:
                    known[state] = found
        return np.array(missing, dtype=np.int64)

    def _one_turn_then_exact(self, state: int, open_boxes: int) -> FloatArray:
        """One exact turn, then every state after it followed exactly (one box fewer open)."""
        ((afters, gained, prob),) = self.steps(np.array([state], dtype=np.int64))
        found = self._exact(afters.tolist(), open_boxes - 1)
        rows = [found[a] for a in afters.tolist()]
        out = np.zeros(max(len(r) for r in rows) + int(gained.max()))
        for row, g, p in zip(rows, gained.tolist(), prob.tolist(), strict=True):
            out[g : g + len(row)] += p * row
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
