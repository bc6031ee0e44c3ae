"""The whole table: backward induction over the turn-start states, level by level of filled boxes."""

from __future__ import annotations

import mmap
import multiprocessing
import os
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np

from .points import IntArray, Points
from .solver import FloatArray, Turn

CHUNK = 256  # states per array pass: a pass's keep arrays then stay in the core's cache
TASK = 2048  # states per task handed to a worker process

Layout = tuple[dict[int, IntArray], dict[int, IntArray]]


def upper_layout(points: Points) -> Layout:
    """Per set of filled upper boxes (mask bits): the reachable capped subtotals and their shared values."""
    cap = points.upper_cap
    scores = {b: sorted({int(v) for v in points.normal[:, b]}) for b in points.upper}
    reach: dict[int, IntArray] = {}
    canon: dict[int, IntArray] = {}
    for chosen in range(1 << len(points.upper)):
        filled = [b for i, b in enumerate(points.upper) if chosen >> i & 1]
        sums = {0}
        for b in filled:
            sums = {min(s + v, cap) for s in sums for v in scores[b]}
        room = sum(max(scores[b]) for b in points.upper if b not in filled)
        ordered = sorted(sums)
        dead = [s for s in ordered if s < cap and s + room < cap]
        # Past the cap or out of its reach, the subtotal no longer matters: one state for all.
        bits = sum(1 << b for b in filled)
        reach[bits] = np.array(ordered, dtype=np.int64)
        canon[bits] = np.array([dead[0] if s in dead else s for s in ordered], dtype=np.int64)
    return reach, canon


class _Level:
    """The distinct states of one level, and where each reachable state copies its value from."""

    def __init__(self, points: Points, masks: IntArray, layout: Layout) -> None:
        reach, canon = layout
        parts: list[IntArray] = []
        dst: list[IntArray] = []
        src: list[IntArray] = []
        base = 0
        for filled in reach:  # masks sharing their filled upper boxes share subtotals
            same = masks[(masks & points.upper_bits) == filled]
            uppers = np.unique(canon[filled])
            for flag in range(points.flags):  # the flag can be set only once the extra box is filled
                group = same[(same & points.extra_bit) != 0] if flag else same
                if not len(group):
                    continue
                k = len(uppers)
                parts.append(
                    np.stack(
                        [np.repeat(group, k), np.tile(uppers, len(group)), np.full(len(group) * k, flag)]
                    )
                )
                dst.append(points.index(group[:, None], reach[filled][None, :], flag).ravel())
                at = np.searchsorted(uppers, canon[filled])
                src.append((base + k * np.arange(len(group))[:, None] + at[None, :]).ravel())
                base += len(group) * k
        self.mask, self.upper, self.flag = np.concatenate(parts, axis=1).astype(np.int64)
        self.dst, self.src = np.concatenate(dst), np.concatenate(src)

    def __len__(self) -> int:
        return len(self.mask)


def _filled_counts(masks: IntArray) -> IntArray:
    counts = np.zeros_like(masks)
    for bit in range(int(masks.max()).bit_length() if len(masks) else 0):
        counts += masks >> bit & 1
    return counts


def _levels(points: Points) -> Iterator[_Level]:
    """Levels from all boxes but one filled down to none: each needs only the one after it."""
    layout = upper_layout(points)
    masks = points.reachable()
    filled_count = _filled_counts(masks)
    for count in range(points.boxes - 1, -1, -1):
        yield _Level(points, masks[filled_count == count], layout)


def level_tasks(level: _Level) -> list[tuple[IntArray, IntArray, IntArray]]:
    """A level's states in tasks of TASK for the workers: (masks, upper subtotals, flags)."""
    return [
        (level.mask[lo : lo + TASK], level.upper[lo : lo + TASK], level.flag[lo : lo + TASK])
        for lo in range(0, len(level), TASK)
    ]


def pool_size(points: Points) -> int:
    """Two forked workers by default; one where forking is unsafe (other threads running) or
    unavailable, or the work is tiny (a forced order's few states are not worth a pool)."""
    can_fork = "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1
    big = len(points.reachable()) > 1024
    return min(2, os.cpu_count() or 1) if can_fork and big else 1


@contextmanager
def forked_pool(workers: int) -> Iterator[Callable[[Callable[[Any], Any], list[Any]], Iterator[Any]]]:
    """`imap` over a pool of forked workers (sharing what was set before the fork), or plain `map`
    for one; the pool is ended on the way out, whatever happened."""
    if workers <= 1:
        yield map
        return
    pool = multiprocessing.get_context("fork").Pool(workers)
    try:
        yield pool.imap
    finally:
        pool.terminate()
        pool.join()


def state_count(points: Points) -> int:
    """How many distinct turn-start states a build computes (for a progress bar)."""
    _, canon = upper_layout(points)
    distinct = {filled: len(np.unique(values)) for filled, values in canon.items()}
    masks = points.reachable()[:-1]
    return sum(
        distinct[int(m) & points.upper_bits] * (points.flags if m & points.extra_bit else 1) for m in masks
    )


_TURN: Turn | None = None  # the worker's view of the shared table (set before forking)


def _solve(states: tuple[IntArray, IntArray, IntArray]) -> FloatArray:
    """Start-of-turn values of some states, in passes of CHUNK."""
    assert _TURN is not None
    mask, upper, flag = states
    out = np.empty(len(mask))
    for lo in range(0, len(mask), CHUNK):
        hi = lo + CHUNK
        out[lo:hi] = _TURN.start_values(mask[lo:hi], upper[lo:hi], flag[lo:hi])
    return out


def build(
    points: Points, progress: Callable[[int], None] | None = None, workers: int | None = None
) -> FloatArray:
    """The float64 table of `points.shape` for one ruleset (unreachable states are NaN).

    With several workers, forked processes share the table through anonymous shared memory
    (threads would not help: numpy's many small calls hold the GIL). By default two workers,
    or one where forking is unsafe (other threads running) or unavailable, or the work is tiny.
    """
    global _TURN
    workers = pool_size(points) if workers is None else workers
    size = int(np.prod(points.shape)) * 8
    shared = mmap.mmap(-1, size) if workers > 1 else None
    flat: FloatArray = np.frombuffer(shared, dtype=np.float64) if shared else np.empty(size // 8)
    table = flat.reshape(points.shape)
    table[...] = np.nan
    table[points.full] = 0.0
    _TURN = Turn(points, table)
    try:
        with forked_pool(workers) as solve_each:
            for level in _levels(points):
                values = []
                for part in solve_each(_solve, level_tasks(level)):
                    values.append(part)
                    if progress:
                        progress(len(part))
                flat[level.dst] = np.concatenate(values)[level.src]
    finally:
        _TURN = None
    result: FloatArray = np.array(table)  # a private copy: the shared mapping closes below
    del table, flat
    if shared:
        shared.close()
    return result


__all__ = ["build", "state_count", "upper_layout"]
