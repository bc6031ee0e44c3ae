"""Early-game distributions refined by the coach's games played on, in one bounded background thread.

The shape table's mixture is off by up to ~0.05 (Kolmogorov) with 7 or more boxes open; GAMES games
played on from the state bring it to ~0.005 (distribution.py's docstring has the figures). They cost
0.4-10 s of CPU per state, so they never run in a request: the page shows the approximation marked
as such, asks for a refinement, and a later view of the game gets the refined one.
Bounds: one thread per process at the lowest priority, the newest state first, at most PENDING
states waiting (older ones are dropped: their game has moved on), at most BUDGET seconds of CPU per
minute, and nothing while the machine is busy (load average at or above its cores).
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from .solver import FloatArray

if TYPE_CHECKING:
    from .advisor import Advisor

log = logging.getLogger(__name__)

GAMES = 100_000  # games per refined state: Kolmogorov distance ~0.003 to the policy's true curve
CHUNK = 50_000  # games per step (games in one step share states: fewer steps cost less CPU)
PENDING = 32  # states waiting at most; the oldest is dropped first
BUDGET = 15.0  # CPU seconds per minute at most (a quarter of one core)
WINDOW = 60.0
PAUSE = 2.0  # seconds to wait while over budget or busy


def played_on(advisor: Advisor, state: int, open_boxes: int, games: int = GAMES) -> FloatArray:
    """P(points still to come = 0, 1, …) from `games` seeded games of the coach from this state.

    The seed is the state's, so every process finds the same curve; the chunks are the worker's.
    """
    counts = np.zeros(1)
    for part, start in enumerate(range(0, games, CHUNK)):
        counts = _add(counts, _chunk(advisor, state, open_boxes, min(CHUNK, games - start), part))
    out: FloatArray = counts / counts.sum()
    return out


def _chunk(advisor: Advisor, state: int, open_boxes: int, games: int, part: int) -> FloatArray:
    from .rollouts import paths_from  # rollouts needs the advisor module, which needs this one

    seed = np.random.SeedSequence([state, part])
    _, totals = paths_from(advisor, state, open_boxes, 0, games, seed)
    return np.bincount(totals[-1]).astype(np.float64)


def _add(a: FloatArray, b: FloatArray) -> FloatArray:
    out = np.zeros(max(len(a), len(b)))
    out[: len(a)] += a
    out[: len(b)] += b
    return out


def _busy() -> bool:
    """Whether the machine's run queue already fills its cores (then the requests come first)."""
    try:
        return os.getloadavg()[0] >= (os.cpu_count() or 1)
    except OSError:  # no load average on this system: the budget alone bounds the work
        return False


class Refiner:
    """A queue of turn-start states to play on, newest first, and the thread that works it off."""

    def __init__(
        self,
        advisor: Advisor,
        done: Callable[[int, FloatArray], None],
        games: int = GAMES,
        budget: float = BUDGET,
        busy: Callable[[], bool] = _busy,
    ) -> None:
        self.advisor, self.done, self.games, self.budget, self.busy = advisor, done, games, budget, busy
        self._pending: OrderedDict[int, int] = OrderedDict()  # state -> open boxes, newest last
        self._spent: deque[tuple[float, float]] = deque()  # (when, CPU seconds) of the last minute's steps
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None
        self.dropped = 0

    def ask(self, state: int, open_boxes: int) -> None:
        """Queue a state (first in line); the oldest waiting one is dropped past PENDING."""
        with self._wake:
            self._pending[state] = open_boxes
            self._pending.move_to_end(state)
            while len(self._pending) > PENDING:
                self._pending.popitem(last=False)
                self.dropped += 1
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="chance-refiner", daemon=True)
                self._thread.start()
            self._wake.notify()

    def pending(self) -> int:
        with self._wake:
            return len(self._pending)

    def cpu_last_minute(self) -> float:
        """CPU seconds the thread spent over the last minute."""
        now = time.monotonic()
        with self._wake:
            while self._spent and self._spent[0][0] < now - WINDOW:
                self._spent.popleft()
            return sum(s for _, s in self._spent)

    def _run(self) -> None:
        with contextlib.suppress(AttributeError, OSError):  # Linux: by thread id, only this thread yields
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)
        while True:
            with self._wake:
                if not self._pending:
                    if not self._wake.wait(timeout=60.0) and not self._pending:
                        self._thread = None  # idle a minute: the next ask starts a new thread
                        return
                    continue
                state, open_boxes = self._pending.popitem(last=True)
            try:
                pmf = self._play(state, open_boxes)
            except Exception:  # a refinement is an extra: the approximation stays
                log.exception("chance refinement of state %s failed", state)
                continue
            self.done(state, pmf)

    def _play(self, state: int, open_boxes: int) -> FloatArray:
        """The state's refined curve, chunk by chunk within the budget (a started state is finished)."""
        counts = np.zeros(1)
        for part, start in enumerate(range(0, self.games, CHUNK)):
            while self.cpu_last_minute() >= self.budget or self.busy():
                time.sleep(PAUSE)
            started = time.thread_time()
            counts = _add(
                counts, _chunk(self.advisor, state, open_boxes, min(CHUNK, self.games - start), part)
            )
            with self._wake:
                self._spent.append((time.monotonic(), time.thread_time() - started))
        out: FloatArray = counts / counts.sum()
        return out


__all__ = ["GAMES", "Refiner", "played_on"]
