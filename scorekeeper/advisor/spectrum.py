"""A second backward pass beside the expected value: the spectrum of the points still to come per state.

The points still to come R from a turn-start state, under the coach's policy, have the
characteristic function φ(t) = E[e^{-itR}]. Sampled at t_k = 2πk/grid it is R's distribution's
discrete Fourier transform (R wrapped at `grid` points), and it backs up exactly like a value:
a turn that gains g points and leads to state s' contributes P × e^{-it_k g} × φ_{s'}(t_k). The
pass works out the lowest grid / STEP frequencies of every state (complex64, level by level as
build.py, with its forked workers; the final rolls that end a turn alike merged first).

Each state keeps as few of them as its curve needs, in blocks of BLOCK: the fewest whose left-out
rest moves the cumulative curve by at most TAIL (a frequency k moves it by at most |φ_k| / (πk));
frequencies past grid / STEP are not bounded, but measured: against 200,000 games the curves are
within 0.0073 (distribution.py). A wide curve keeps 16, a lumpy one (many lower boxes and the
upper section open at once) up to all: 40-80 on average, by ruleset. The curve is the
inverse transform made monotone as a cumulative curve.

The grid is 512 points where no sheet can score more (grid_for), else 1024: where extra bonuses
for repeated five of a kinds can pile up, a sheet passes 512 a few times in a hundred games, and
wrapped at 512 that mass came back at the low end (a new game's curve was 0.03 off 200,000 games;
at 1024 what wraps needs six such bonuses).
Stored (float16 pairs) only for the distinct states with at least STORED_OPEN boxes open: 48-104 MB
by ruleset; fewer open boxes are followed exactly at request time.
"""

from __future__ import annotations

import mmap
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .build import _levels, forked_pool, level_tasks, pool_size
from .dice import ROLL_PROBABILITY
from .outcomes import _push, finals
from .points import IntArray, Points
from .solver import FloatArray, Turn

STEP = 4  # frequencies worked out: the lowest grid / STEP (128 on a grid of 512 points)
BLOCK = 16  # a state keeps its lowest frequencies in blocks of this many
TAIL = 0.002  # what a state's left-out frequencies may move its cumulative curve by, at most
STORED_OPEN = 7  # states with this many open boxes or more are stored
CHUNK = 128
MAX_GAIN = 4096  # above any points one turn adds

ComplexArray = npt.NDArray[np.complex64]


def grid_for(points: Points) -> int:
    """Points at which the remaining points are wrapped: past the highest total if that is below 512."""
    highest = int(points.normal.max(axis=0).sum()) + points.upper_bonus
    if len(points.extra_bonus):
        highest += int(points.extra_bonus.max()) * (points.boxes - 1)
    return 512 if highest < 512 else 1024


def _phase(grid: int) -> ComplexArray:
    """(grid / STEP, MAX_GAIN): e^{-it_k g}, a gain's factor at each frequency kept."""
    k = np.arange(grid // STEP)[:, None]
    out: ComplexArray = np.exp(-2j * np.pi * k * np.arange(MAX_GAIN)[None, :] / grid).astype(np.complex64)
    return out


def start_spectra(
    turn: Turn, spectra: ComplexArray, phase: ComplexArray, mask: IntArray, upper: IntArray, flag: IntArray
) -> ComplexArray:
    """(frequencies, n): the spectrum of the points still to come from these turn-start states."""
    n = len(mask)
    mass = np.repeat(ROLL_PROBABILITY[:, None], n, axis=1)
    mass = _push(mass, turn.turn_arrays(mask, upper, flag, rolls_left=2))
    mass = _push(mass, turn.turn_arrays(mask, upper, flag, rolls_left=1))
    fin = finals(turn, mask, upper, flag)
    # The final rolls that end a turn alike (same state after, same points) merge first: a quarter as
    # many terms; a chunk of 128 states took 20 ms instead of 60 (11 of them the policy's part).
    states = spectra.shape[1]
    column = np.broadcast_to(np.arange(n, dtype=np.int64), mass.shape)
    merged, where = np.unique(
        ((column * states + fin.after) * MAX_GAIN + fin.points).ravel(), return_inverse=True
    )
    weight = np.bincount(where, weights=mass.ravel()).astype(np.float32)
    gain, after = merged % MAX_GAIN, merged // MAX_GAIN % states
    terms = spectra[:, after] * phase[:, gain] * weight
    first = np.searchsorted(merged // MAX_GAIN // states, np.arange(n))  # every state has an outcome
    out: ComplexArray = np.add.reduceat(terms, first, axis=1)
    return out


_WORK: tuple[Turn, ComplexArray, ComplexArray] | None = None  # the workers' policy, spectra and phases


def _solve(states: tuple[IntArray, IntArray, IntArray]) -> ComplexArray:
    assert _WORK is not None
    turn, spectra, phase = _WORK
    mask, upper, flag = states
    parts = [
        start_spectra(
            turn, spectra, phase, mask[lo : lo + CHUNK], upper[lo : lo + CHUNK], flag[lo : lo + CHUNK]
        )
        for lo in range(0, len(mask), CHUNK)
    ]
    return np.concatenate(parts, axis=1)


@dataclass(frozen=True)
class Spectra:
    """The stored spectra, each state's as long as it needs: `values` (all, 2) float16 pairs, state r's
    from starts[r] to starts[r + 1]; each flat state's r in `row_of` (-1: not stored)."""

    values: npt.NDArray[np.floating]
    starts: npt.NDArray[np.int64]
    row_of: npt.NDArray[np.int32]
    grid: int

    def pmf(self, state: int) -> FloatArray | None:
        """P(points still to come = 0 … grid-1) from this state, or None if it is not stored."""
        row = int(self.row_of[state])
        if row < 0:
            return None
        pairs = np.asarray(self.values[int(self.starts[row]) : int(self.starts[row + 1])], dtype=np.float64)
        full = np.zeros(self.grid // 2 + 1, dtype=np.complex128)
        full[: len(pairs)] = pairs[:, 0] + 1j * pairs[:, 1]
        # Made monotone as a cumulative curve, not clipped as a density: the ripples the missing
        # frequencies leave cancel in the sum, and clipped they added up to a mass spread over the
        # whole grid (KS 0.2 at one sheet).
        cdf = np.minimum(np.maximum.accumulate(np.cumsum(np.fft.irfft(full, self.grid))), 1.0)
        cdf = np.maximum(cdf, 0.0)
        top = int(np.searchsorted(cdf, 1.0 - 1e-12))
        pmf = np.diff(cdf[: top + 1], prepend=0.0)
        pmf[-1] += 1.0 - cdf[min(top, len(cdf) - 1)]
        out: FloatArray = pmf
        return out


def kept_lengths(spectra: ComplexArray) -> IntArray:
    """(n,) per state (columns): how many of its lowest frequencies to keep, a multiple of BLOCK.

    The fewest whose left-out rest bounds the cumulative curve's error by TAIL: a frequency k
    of the spectrum moves the curve by at most |φ_k| / (π k) (each sum of its ripple over a span).
    """
    k = np.arange(len(spectra), dtype=np.float64)
    weight = np.where(k > 0, 1.0 / (np.pi * np.maximum(k, 1.0)), 0.0)
    rest = np.cumsum((np.abs(spectra) * weight[:, None])[::-1], axis=0)[::-1]  # rest[k]: from k on
    blocks = rest[::BLOCK] > TAIL  # per block start: still too much left out from there
    needed = blocks.sum(axis=0)  # blocks start at 0: the first block whose rest is small enough
    out: IntArray = np.minimum(np.maximum(needed, 1) * BLOCK, len(spectra)).astype(np.int64)
    return out


def build_spectra(points: Points, table: npt.NDArray[np.floating], workers: int | None = None) -> Spectra:
    """Every state's spectrum, decisions from the coach's `table`; kept for STORED_OPEN boxes open or more."""
    global _WORK
    size = int(np.prod(points.shape))
    workers = pool_size(points) if workers is None else workers
    grid = grid_for(points)
    phase = _phase(grid)
    frequencies = len(phase)
    nbytes = frequencies * size * np.dtype(np.complex64).itemsize
    shared = mmap.mmap(-1, nbytes) if workers > 1 else None
    spectra = (
        np.frombuffer(shared, dtype=np.complex64) if shared else np.zeros(frequencies * size, np.complex64)
    ).reshape(frequencies, size)
    spectra[
        :, points.index(points.full, np.arange(points.upper_states)[:, None], np.arange(points.flags))
    ] = 1
    _WORK = (Turn(points, table), spectra, phase)
    values: list[npt.NDArray[np.float16]] = []
    lengths: list[IntArray] = []
    row_of = np.full(size, -1, dtype=np.int32)
    rows = 0
    try:
        with forked_pool(workers) as solve_each:
            for level in _levels(points):
                distinct = np.concatenate(list(solve_each(_solve, level_tasks(level))), axis=1)
                spectra[:, level.dst] = distinct[:, level.src]
                if points.boxes - int(level.mask[0]).bit_count() < STORED_OPEN:
                    continue
                length = kept_lengths(distinct)
                kept = (np.arange(frequencies)[:, None] < length[None, :]).T  # state-major
                chosen = distinct.T[kept]
                values.append(np.stack([chosen.real, chosen.imag], axis=-1).astype(np.float16))
                lengths.append(length)
                row_of[level.dst] = rows + level.src
                rows += distinct.shape[1]
    finally:
        _WORK = None
    del spectra
    if shared:
        shared.close()
    starts = np.concatenate([[0], np.cumsum(np.concatenate(lengths))]) if lengths else np.zeros(1)
    stored = np.concatenate(values) if values else np.zeros((0, 2), np.float16)
    return Spectra(stored, starts.astype(np.int64), row_of, grid)
