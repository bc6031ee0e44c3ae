"""A second backward pass beside the expected value: the shape of the points still to come from each state.

For every turn-start state, under the coach's policy (decisions read from the stored value table),
the remaining points R split on one event: whether some later turn scores a five of a kind's big
lump (the sheet's largest fixed box, or an extra bonus). Per state the pass keeps the raw moments
E[R^k] and E[R^k; lump] (k = 0…3, exact in float64); they are stored as a two-part mixture:
P(lump), then mean, standard deviation and skewness of R with and without a lump.
"""

from __future__ import annotations

import mmap
import multiprocessing
import os
import threading

import numpy as np
import numpy.typing as npt

from .build import _levels
from .dice import ROLL_PROBABILITY
from .outcomes import _push, finals
from .points import IntArray, Points
from .solver import FloatArray, Turn

EVENTS = 4  # later turns score: bit 0 a lump (five of a kind's big points), bit 1 the upper bonus
RAW = 4 * EVENTS  # E[R^k; events] for k = 0…3, per combination of events
CHUNK = 128
TASK = 2048  # states per task handed to a worker process


def _final_stage(
    turn: Turn, raw: FloatArray, mask: IntArray, upper: IntArray, flag: IntArray
) -> tuple[FloatArray, FloatArray]:
    """(value (252, n), quantities (RAW, 252, n)) of each final roll placed by the coach."""
    fin = finals(turn, mask, upper, flag)
    g = fin.points.astype(np.float64)
    bonus = fin.box_bonus > 0
    own = fin.lump.astype(np.int64) | (bonus.astype(np.int64) << 1)
    q = np.zeros((RAW, *g.shape))
    for e in range(EVENTS):
        h0, h1, h2, h3 = (raw[4 * e + k][fin.after] for k in range(4))
        shifted = (
            h0,
            g * h0 + h1,
            g * g * h0 + 2 * g * h1 + h2,
            g**3 * h0 + 3 * g * g * h1 + 3 * g * h2 + h3,
        )
        target = own | e
        for t in range(EVENTS):
            hit = target == t
            for k in range(4):
                q[4 * t + k] += np.where(hit, shifted[k], 0.0)
    return fin.value, q


def start_quantities(
    turn: Turn, raw: FloatArray, mask: IntArray, upper: IntArray, flag: IntArray
) -> FloatArray:
    """(RAW, n): the raw quantities of the points still to come from these turn-start states."""
    n = len(mask)
    mass = np.repeat(ROLL_PROBABILITY[:, None], n, axis=1)
    mass = _push(mass, turn.turn_arrays(mask, upper, flag, rolls_left=2))
    mass = _push(mass, turn.turn_arrays(mask, upper, flag, rolls_left=1))
    _, q = _final_stage(turn, raw, mask, upper, flag)
    out: FloatArray = np.einsum("rn,krn->kn", mass, q)
    return out


_WORK: tuple[Turn, FloatArray] | None = None  # the workers' view of the policy and the shared quantities


def _solve(states: tuple[IntArray, IntArray, IntArray]) -> FloatArray:
    assert _WORK is not None
    turn, raw = _WORK
    mask, upper, flag = states
    parts = [
        start_quantities(turn, raw, mask[lo : lo + CHUNK], upper[lo : lo + CHUNK], flag[lo : lo + CHUNK])
        for lo in range(0, len(mask), CHUNK)
    ]
    return np.concatenate(parts, axis=1)


def build_moments(points: Points, table: npt.NDArray[np.floating], workers: int | None = None) -> FloatArray:
    """(RAW, *points.shape) raw quantities of every state, decisions from the coach's `table`.

    Level by level from the end, like build.py (and with its forked workers sharing memory).
    """
    global _WORK
    size = int(np.prod(points.shape))
    if workers is None:
        can_fork = "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1
        workers = min(2, os.cpu_count() or 1) if can_fork and not points.forced else 1
    shared = mmap.mmap(-1, RAW * size * 8) if workers > 1 else None
    raw: FloatArray = (np.frombuffer(shared, dtype=np.float64) if shared else np.zeros(RAW * size)).reshape(
        RAW, size
    )
    raw[0, points.index(points.full, np.arange(points.upper_states)[:, None], np.arange(points.flags))] = 1.0
    _WORK = (Turn(points, table), raw)
    pool = multiprocessing.get_context("fork").Pool(workers) if workers > 1 else None
    try:
        for level in _levels(points):
            tasks = [
                (level.mask[lo : lo + TASK], level.upper[lo : lo + TASK], level.flag[lo : lo + TASK])
                for lo in range(0, len(level), TASK)
            ]
            results = pool.imap(_solve, tasks) if pool else map(_solve, tasks)
            raw[:, level.dst] = np.concatenate(list(results), axis=1)[:, level.src]
    finally:
        if pool:
            pool.terminate()
            pool.join()
        _WORK = None
    result: FloatArray = np.array(raw).reshape(RAW, *points.shape)
    del raw
    if shared:
        shared.close()
    return result


def mixture_params(raw: FloatArray) -> FloatArray:
    """(4 * EVENTS, ...): per combination of events its probability, and the points' mean, sd, skewness."""
    out = np.zeros(raw.shape)
    for e in range(EVENTS):
        m0, m1, m2, m3 = raw[4 * e : 4 * e + 4]
        with np.errstate(divide="ignore", invalid="ignore"):
            some = m0 > 1e-12
            mean = np.where(some, m1 / m0, 0.0)
            var = np.maximum(np.where(some, m2 / m0 - mean**2, 0.0), 0.0)
            third = np.where(some, m3 / m0 - 3 * mean * m2 / m0 + 2 * mean**3, 0.0)
            sd = np.sqrt(var)
            skew = np.where(sd > 1e-3, third / np.maximum(sd, 1e-3) ** 3, 0.0)
        out[4 * e], out[4 * e + 1], out[4 * e + 2], out[4 * e + 3] = m0, mean, sd, skew
    return out


def shape_table(points: Points, table: npt.NDArray[np.floating]) -> FloatArray:
    """The stored shape table: mixture_params of every state (PARAMS, *points.shape)."""
    return mixture_params(build_moments(points, table))
