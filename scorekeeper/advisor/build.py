"""The whole table: backward induction over the turn-start states, level by level of filled boxes."""

from __future__ import annotations

import mmap
import multiprocessing
import os
import threading
from collections.abc import Callable, Iterator

import numpy as np

from .points import BOX_COUNT, UPPER_CAP, YAHTZEE_BIT, Points
from .solver import FULL, TABLE_SHAPE, Turn, state_index

CHUNK = 256  # states per array pass: a pass's keep arrays then stay in the core's cache
TASK = 2048  # states per task handed to a worker process


def upper_layout(points: Points) -> tuple[dict[int, np.ndarray], dict[int, np.ndarray]]:
    """Per set of filled upper boxes: reachable capped subtotals, and the one each shares a value with."""
    scores = [sorted({int(v) for v in points.normal[:, b]}) for b in range(6)]
    tops = [max(values) for values in scores]
    reach, canon = {}, {}
    for filled in range(1 << 6):
        sums = {0}
        for b in range(6):
            if filled >> b & 1:
                sums = {min(s + v, UPPER_CAP) for s in sums for v in scores[b]}
        room = sum(tops[b] for b in range(6) if not filled >> b & 1)
        ordered = sorted(sums)
        dead = [s for s in ordered if s < UPPER_CAP and s + room < UPPER_CAP]
        # Past 63 (capped) or out of reach of 63, the subtotal no longer matters: one state for all.
        reach[filled] = np.array(ordered)
        canon[filled] = np.array([dead[0] if s in dead else s for s in ordered])
    return reach, canon


class _Level:
    """The distinct states of one level, and where each reachable state copies its value from."""

    def __init__(self, masks: np.ndarray, reach, canon) -> None:
        parts, dst, src, base = [], [], [], 0
        for filled in range(1 << 6):  # masks sharing their filled upper boxes share subtotals
            same = masks[(masks & 63) == filled]
            uppers = np.unique(canon[filled])
            for flag in (0, 1):
                group = same[(same & YAHTZEE_BIT) != 0] if flag else same
                if not len(group):
                    continue
                k = len(uppers)
                parts.append(np.stack([np.repeat(group, k), np.tile(uppers, len(group)),
                                       np.full(len(group) * k, flag)]))
                dst.append(state_index(group[:, None], reach[filled][None, :], flag).ravel())
                at = np.searchsorted(uppers, canon[filled])
                src.append((base + k * np.arange(len(group))[:, None] + at[None, :]).ravel())
                base += len(group) * k
        self.mask, self.upper, self.flag = np.concatenate(parts, axis=1).astype(np.int64)
        self.dst, self.src = np.concatenate(dst), np.concatenate(src)

    def __len__(self) -> int:
        return len(self.mask)


def _levels(points: Points) -> Iterator[_Level]:
    """Levels from twelve filled boxes down to none: each needs only the one after it."""
    reach, canon = upper_layout(points)
    masks = np.arange(FULL)
    filled_count = np.array([bin(m).count("1") for m in range(FULL)])
    for count in range(BOX_COUNT - 1, -1, -1):
        yield _Level(masks[filled_count == count], reach, canon)


def state_count(points: Points) -> int:
    """How many distinct turn-start states a build computes (for a progress bar)."""
    _, canon = upper_layout(points)
    return sum(len(np.unique(canon[m & 63])) * (2 if m & YAHTZEE_BIT else 1) for m in range(FULL))


_TURN: Turn | None = None  # the worker's view of the shared table (set before forking)


def _solve(states: tuple[np.ndarray, np.ndarray, np.ndarray]) -> np.ndarray:
    """Start-of-turn values of some states, in passes of CHUNK."""
    mask, upper, flag = states
    out = np.empty(len(mask))
    for lo in range(0, len(mask), CHUNK):
        hi = lo + CHUNK
        out[lo:hi] = _TURN.start_values(mask[lo:hi], upper[lo:hi], flag[lo:hi])
    return out


def build(points: Points, progress: Callable[[int], None] | None = None,
          workers: int | None = None) -> np.ndarray:
    """The float64 table of TABLE_SHAPE for one edition (unreachable states are NaN).

    With several workers, forked processes share the table through anonymous shared memory
    (threads would not help: numpy's many small calls hold the GIL). By default two workers,
    or one where forking is unsafe (other threads running) or unavailable.
    """
    global _TURN
    if workers is None:
        can_fork = "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1
        workers = min(2, os.cpu_count() or 1) if can_fork else 1
    size = int(np.prod(TABLE_SHAPE)) * 8
    shared = mmap.mmap(-1, size) if workers > 1 else None
    table = (np.frombuffer(shared, dtype=np.float64) if shared else np.empty(size // 8)).reshape(TABLE_SHAPE)
    table[...] = np.nan
    table[FULL] = 0.0
    flat = table.reshape(-1)
    _TURN = Turn(points, table)
    pool = multiprocessing.get_context("fork").Pool(workers) if workers > 1 else None
    try:
        for level in _levels(points):
            tasks = [
                (level.mask[lo:lo + TASK], level.upper[lo:lo + TASK], level.flag[lo:lo + TASK])
                for lo in range(0, len(level), TASK)
            ]
            results = pool.imap(_solve, tasks) if pool else map(_solve, tasks)
            values = []
            for part in results:
                values.append(part)
                if progress:
                    progress(len(part))
            flat[level.dst] = np.concatenate(values)[level.src]
    finally:
        if pool:
            pool.terminate()
            pool.join()
        _TURN = None
    result = np.array(table)  # a private copy: the shared mapping closes below
    del table, flat
    if shared:
        shared.close()
    return result
