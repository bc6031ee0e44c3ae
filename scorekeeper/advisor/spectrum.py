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
Stored (the first block as float16 pairs, later ones as int8 pairs scaled per block: Spectra) only for
the distinct states with at least STORED_OPEN boxes open; fewer open boxes are followed exactly at
request time.
"""

from __future__ import annotations

import mmap
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from .build import TASK, _levels, forked_pool, level_tasks, pool_size
from .dice import ROLL_PROBABILITY
from .outcomes import _push, finals
from .points import IntArray, Points
from .solver import FloatArray, Turn

STEP = 4  # frequencies worked out: the lowest grid / STEP (128 on a grid of 512 points)
BLOCK = 16  # a state keeps its lowest frequencies in blocks of this many
TAIL = 0.002  # what a state's left-out frequencies may move its cumulative curve by, at most
STORED_OPEN = 7  # states with this many open boxes or more are stored
CHUNK = 64  # states per pass: their terms (~30 rows of frequencies each) stay in the core's cache
MAX_GAIN = 4096  # above any points one turn adds

ComplexArray = npt.NDArray[np.complex64]


def grid_for(points: Points) -> int:
    """Points at which the remaining points are wrapped: past the highest total if that is below 512."""
    highest = int(points.normal.max(axis=0).sum()) + points.upper_bonus
    if len(points.extra_bonus):
        highest += int(points.extra_bonus.max()) * (points.boxes - 1)
    return 512 if highest < 512 else 1024


def _phase(grid: int) -> ComplexArray:
    """(MAX_GAIN, grid / STEP): e^{-it_k g}, a gain's factor at each frequency kept (a gain's row whole)."""
    k = np.arange(grid // STEP)[None, :]
    out: ComplexArray = np.exp(-2j * np.pi * np.arange(MAX_GAIN)[:, None] * k / grid).astype(np.complex64)
    return out


def start_spectra(
    turn: Turn,
    after: ComplexArray,
    row: npt.NDArray[np.int32],
    phase: ComplexArray,
    mask: IntArray,
    upper: IntArray,
    flag: IntArray,
) -> ComplexArray:
    """(n, frequencies): the spectrum of the points still to come from these turn-start states.

    `after` holds the spectra of the level after (one box more filled: every turn fills one), a
    state's in its row; `row` gives each flat state's row there.
    """
    n = len(mask)
    one_left, two_left = turn.both_turn_arrays(mask, upper, flag)
    mass = _push(_push(np.repeat(ROLL_PROBABILITY[:, None], n, axis=1), two_left), one_left)
    fin = finals(turn, mask, upper, flag)
    # The final rolls that end a turn alike (same state after, same points) merge first: a quarter as
    # many terms. Rows of frequencies, state by state: each term reads one contiguous row.
    states = len(row)
    live = mass > 0
    column = np.broadcast_to(np.arange(n, dtype=np.int64)[None, :], mass.shape)[live]
    merged, where = np.unique(
        (column * states + fin.after[live]) * MAX_GAIN + fin.points[live], return_inverse=True
    )
    weight = np.bincount(where, weights=mass[live]).astype(np.float32)
    terms = after[row[merged // MAX_GAIN % states]]
    # Real times complex: two products, not six.
    terms.view(np.float32).reshape(len(terms), -1)[...] *= weight[:, None]
    terms *= phase[merged % MAX_GAIN]
    bounds = np.searchsorted(merged // MAX_GAIN // states, np.arange(n + 1)).tolist()
    out: ComplexArray = np.empty((n, terms.shape[1]), dtype=np.complex64)
    for i in range(n):  # a sum of contiguous rows each: np.add.reduceat over rows took 12 times as long
        np.sum(terms[bounds[i] : bounds[i + 1]], axis=0, out=out[i])
    return out


# The workers' policy, phases, each flat state's row in its level, and the two levels' spectra
# (the level being worked out writes one, reads the other; they swap at every level).
_WORK: tuple[Turn, ComplexArray, npt.NDArray[np.int32], tuple[ComplexArray, ComplexArray]] | None = None

Task = tuple[int, int, IntArray, IntArray, IntArray]  # (buffer written, first row, masks, uppers, flags)


def _solve(task: Task) -> int:
    """Work out some states of a level into its buffer, in passes of CHUNK; how many."""
    assert _WORK is not None
    turn, phase, row, buffers = _WORK
    side, first, mask, upper, flag = task
    written, read = buffers[side], buffers[1 - side]
    for lo in range(0, len(mask), CHUNK):
        part = slice(lo, lo + CHUNK)
        spectra = start_spectra(turn, read, row, phase, mask[part], upper[part], flag[part])
        written[first + lo : first + lo + len(spectra)] = spectra
    return len(mask)


def _shared(shape: tuple[int, ...], dtype: type, shared: bool) -> npt.NDArray[Any]:
    """A zeroed array; in anonymous shared memory when forked workers write it or read it."""
    if not shared:
        return np.zeros(shape, dtype)
    size = int(np.prod(shape)) * np.dtype(dtype).itemsize
    return np.frombuffer(mmap.mmap(-1, max(size, 1)), dtype=dtype, count=int(np.prod(shape))).reshape(shape)


@dataclass(frozen=True)
class Spectra:
    """The stored spectra, each state's as long as it needs, in blocks of BLOCK frequencies.

    State r's first block is `head[r]` (BLOCK float16 pairs); its later blocks are `blocks[r]` to
    `blocks[r + 1]` of `tail` (BLOCK int8 pairs each, times that block's `scale`); each flat state's
    r is in `row_of` (-1: not stored). The first block carries the curve's shape and keeps float16's
    precision; a later frequency k moves the curve by at most |φ_k| / (πk), so 8 bits of its block's
    largest value move it far less than the frequencies left out do, at half the bytes.
    """

    head: npt.NDArray[np.floating]
    tail: npt.NDArray[np.int8]
    scale: npt.NDArray[np.floating]
    blocks: npt.NDArray[np.integer]
    row_of: npt.NDArray[np.int32]
    grid: int

    @classmethod
    def of_rows(cls, rows: list[ComplexArray], row_of: npt.NDArray[np.int32], grid: int) -> Spectra:
        """Packed from each stored state's lowest frequencies (a multiple of BLOCK of them each)."""
        lengths = np.array([len(row) for row in rows], dtype=np.int64)
        values = np.concatenate(rows) if rows else np.zeros(0, np.complex64)
        return cls(*_packed(values, lengths), row_of, grid)

    def pmf(self, state: int) -> FloatArray | None:
        """P(points still to come = 0 … grid-1) from this state, or None if it is not stored."""
        row = int(self.row_of[state])
        if row < 0:
            return None
        first, last = int(self.blocks[row]), int(self.blocks[row + 1])
        head = np.asarray(self.head[row], dtype=np.float64)
        tail = np.asarray(self.tail[first * BLOCK : last * BLOCK], dtype=np.float64).reshape(-1, BLOCK, 2)
        tail *= np.asarray(self.scale[first:last], dtype=np.float64)[:, None, None]
        pairs = np.concatenate([head, tail.reshape(-1, 2)])
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


Packed = tuple[npt.NDArray[np.float16], npt.NDArray[np.int8], npt.NDArray[np.float16], npt.NDArray[np.int32]]


def _packed(values: ComplexArray, lengths: IntArray) -> Packed:
    """(head, tail, scale, blocks) of Spectra for states' frequencies laid end to end, `lengths` each."""
    pairs = np.stack([values.real, values.imag], axis=-1).astype(np.float32).reshape(-1, BLOCK, 2)
    is_head = np.zeros(len(pairs), dtype=bool)
    is_head[(np.cumsum(lengths // BLOCK) - lengths // BLOCK).astype(np.int64)] = True  # each state's first
    head = pairs[is_head].astype(np.float16)
    later = pairs[~is_head]
    largest = np.abs(later).max(axis=(1, 2)) if len(later) else np.zeros(0, np.float32)
    scale = (largest / 127).astype(np.float16)
    step = np.where(scale > 0, scale.astype(np.float32), 1.0)[:, None, None]
    tail = np.clip(np.rint(later / step), -127, 127).astype(np.int8).reshape(-1, 2)
    blocks = np.concatenate([[0], np.cumsum(lengths // BLOCK - 1)]).astype(np.int32)
    return head, tail, scale, blocks


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


def build_spectra(
    points: Points,
    table: npt.NDArray[np.floating],
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> Spectra:
    """Every state's spectrum, decisions from the coach's `table`; kept for STORED_OPEN boxes open or more.

    Only two levels' spectra are held at once (a turn fills one box: a level reads only the one
    after it), state by state, distinct states only: 0.2-0.4 GB instead of every flat state's 2 GB.
    `progress` is told how many states each finished task worked out (state_count's states).
    """
    global _WORK
    grid = grid_for(points)
    frequencies = grid // STEP
    workers = pool_size(points) if workers is None else workers
    levels = list(_levels(points))
    widest = max(len(level) for level in levels)
    row = _shared((int(np.prod(points.shape)),), np.int32, workers > 1)  # 0: the full sheets' row
    buffers = (
        _shared((widest, frequencies), np.complex64, workers > 1),
        _shared((widest, frequencies), np.complex64, workers > 1),
    )
    buffers[1][0] = 1  # a full sheet's spectrum: nothing more to come, read by the first level
    _WORK = (Turn(points, table), _phase(grid), row, buffers)
    parts: list[Packed] = []
    row_of = np.full(len(row), -1, dtype=np.int32)
    rows = 0
    try:
        with forked_pool(workers) as solve_each:
            for depth, level in enumerate(levels):
                side = depth % 2
                tasks = [
                    (side, lo, mask, upper, flag)
                    for lo, (mask, upper, flag) in zip(
                        range(0, len(level), TASK), level_tasks(level), strict=True
                    )
                ]
                for done in solve_each(_solve, tasks):
                    if progress:
                        progress(done)
                row[level.dst] = level.src  # read by the next level only, once this one is whole
                if points.boxes - int(level.mask[0]).bit_count() < STORED_OPEN:
                    continue
                distinct = buffers[side][: len(level)]
                length = kept_lengths(distinct.T)
                parts.append(_packed(distinct[np.arange(frequencies)[None, :] < length[:, None]], length))
                row_of[level.dst] = rows + level.src
                rows += len(level)
    finally:
        _WORK = None
    if not parts:
        return Spectra.of_rows([], row_of, grid)
    heads, tails, scales, blocks = zip(*parts, strict=True)
    offsets = np.cumsum([0] + [int(b[-1]) for b in blocks[:-1]])  # each level's blocks follow the last
    joined = np.concatenate([blocks[0][:1], *(b[1:] + at for b, at in zip(blocks, offsets, strict=True))])
    return Spectra(
        np.concatenate(heads),
        np.concatenate(tails),
        np.concatenate(scales),
        joined.astype(np.int32),
        row_of,
        grid,
    )
