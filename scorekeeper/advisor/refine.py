"""Early-game distributions refined by the coach's games played on, in one bounded child process.

The shape table's mixture is off by 0.02-0.12 (Kolmogorov) with 7 or more boxes open; GAMES games
played on from the state bring it under 0.006 (distribution.py's docstring has the figures). They
cost 1.3-6.6 s of CPU per state, so they never run in a request: the page shows the approximation
marked as such, asks for a refinement, and a later view of the game gets the refined one.
Bounds: per server process one waiting thread and one child process at the lowest priority that
plays, the newest state first, at most PENDING states waiting (older ones are dropped: their game
has moved on), at most BUDGET seconds of CPU per minute, and nothing while the machine is busy
(load average at or above its cores). The child goes after a minute without work, and when its
server process stops: ended at once as the process exits (concurrent.futures would wait for its
chunk, a minute or more on a busy machine, and a stopping server waited with it), and killed by the
kernel if the process that started it dies first (a worker killed at the server's stop timeout).
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING

import numpy as np

from scorekeeper.child_processes import die_with_parent, end_at_exit, exiting

from .solver import FloatArray

if TYPE_CHECKING:
    from .advisor import Advisor

log = logging.getLogger(__name__)

GAMES = 100_000  # games per refined state: Kolmogorov distance ~0.003 (40,000 left one sheet at 0.012)
CHUNK = 50_000  # games per step (games in one step share states: fewer steps cost less CPU)
PENDING = 32  # states waiting at most; the oldest is dropped first
BUDGET = 15.0  # CPU seconds per minute at most (a quarter of one core)
WINDOW = 60.0
PAUSE = 2.0  # seconds to wait while over budget or busy
FAILURES = 3  # refinements failed in a row after which the process asks for none


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
        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
        return os.getloadavg()[0] >= cores  # the cores this process may use, not the host's
    except OSError:  # no load average on this system: the budget alone bounds the work
        return False


def _lowest_priority() -> None:
    """The child process's start: the lowest CPU priority, so the server's own processes come first,
    and killed with its parent, never left playing on as an orphan."""
    with contextlib.suppress(OSError):
        os.nice(19)
    die_with_parent()


def _child_chunk(
    edition: str, directory: str | None, state: int, open_boxes: int, games: int, part: int
) -> tuple[FloatArray, float]:
    """In the child process: one chunk's counts of points to come, and the CPU seconds it took."""
    from .advisor import Advisor

    advisor = Advisor.load_if_ready(edition, directory)
    if advisor is None:
        raise RuntimeError(f"the coach's table for {edition} is gone")
    started = time.process_time()
    counts = _chunk(advisor, state, open_boxes, games, part)
    return counts, time.process_time() - started


class Refiner:
    """A queue of turn-start states to play on, newest first, and the thread that works it off.

    The thread only waits: each chunk is played in one child process at the lowest priority (its own
    interpreter, so the server's threads never wait for it to let go of Python's lock). With
    `in_process` (tests) the thread plays the chunks itself.
    """

    def __init__(
        self,
        advisor: Advisor,
        done: Callable[[int, FloatArray], None],
        games: int = GAMES,
        budget: float = BUDGET,
        busy: Callable[[], bool] = _busy,
        in_process: bool = False,
    ) -> None:
        self.advisor, self.done, self.games, self.budget, self.busy = advisor, done, games, budget, busy
        self.in_process = in_process
        self._pending: OrderedDict[int, int] = OrderedDict()  # state -> open boxes, newest last
        self._spent: deque[tuple[float, float]] = deque()  # (when, CPU seconds) of the last minute's steps
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None
        self._pool: ProcessPoolExecutor | None = None
        self.dropped = 0
        self.failures = 0  # refinements failed in a row
        self._playing: int | None = None  # the state being played on (not asked for again meanwhile)

    def ask(self, state: int, open_boxes: int) -> None:
        """Queue a state (first in line); the oldest waiting one is dropped past PENDING.

        Nothing once FAILURES refinements in a row failed (say no child process can start here).
        """
        with self._wake:
            if self.failures >= FAILURES or state == self._playing:
                return
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
        """CPU seconds the refinements spent over the last minute."""
        now = time.monotonic()
        with self._wake:
            while self._spent and self._spent[0][0] < now - WINDOW:
                self._spent.popleft()
            return sum(s for _, s in self._spent)

    def _run(self) -> None:
        while True:
            with self._wake:
                if not self._pending:
                    if not self._wake.wait(timeout=60.0) and not self._pending:
                        self._thread = None  # idle a minute: the child goes, the next ask starts anew
                        pool, self._pool = self._pool, None
                        if pool is not None:
                            pool.shutdown(wait=False)
                        return
                    continue
                state, open_boxes = self._pending.popitem(last=True)
                self._playing = state
            try:
                pmf = self._play(state, open_boxes)
            except Exception as error:  # a refinement is an extra: the approximation stays, "≈"
                # The process is exiting (its child ended, or no new work taken): nothing to refine for.
                if exiting.is_set() or (isinstance(error, RuntimeError) and "shutdown" in str(error)):
                    return
                self._failed(state)
                if self.failures >= FAILURES:
                    return
                continue
            self.failures = 0
            self.done(state, pmf)  # stored before it stops counting as being played: never asked twice
            with self._wake:
                self._playing = None

    def _failed(self, state: int) -> None:
        """Count a failed refinement (logged the first time and the last); past FAILURES, stop."""
        with self._wake:
            pool, self._pool = self._pool, None  # a broken child is replaced at the next chunk
            self._playing = None
            self.failures += 1
            if self.failures >= FAILURES:  # no child can start here, say: stop asking for one
                self._pending.clear()
                self._thread = None
        if pool is not None:
            pool.shutdown(wait=False)
        if self.failures in (1, FAILURES):
            log.exception("chance refinement of state %s failed (%d in a row)", state, self.failures)

    def _play(self, state: int, open_boxes: int) -> FloatArray:
        """The state's refined curve, chunk by chunk within the budget (a started state is finished)."""
        counts = np.zeros(1)
        for part, start in enumerate(range(0, self.games, CHUNK)):
            while self.cpu_last_minute() >= self.budget or self.busy():
                time.sleep(PAUSE)
            games = min(CHUNK, self.games - start)
            if self.in_process:
                started = time.thread_time()
                found = _chunk(self.advisor, state, open_boxes, games, part)
                cpu = time.thread_time() - started
            else:
                directory = self.advisor._directory
                found, cpu = (
                    self._child()
                    .submit(
                        _child_chunk,
                        self.advisor.edition.id,
                        None if directory is None else str(directory),
                        state,
                        open_boxes,
                        games,
                        part,
                    )
                    .result()
                )
            counts = _add(counts, found)
            with self._wake:
                self._spent.append((time.monotonic(), cpu))
        out: FloatArray = counts / counts.sum()
        return out

    def _child(self) -> ProcessPoolExecutor:
        with self._wake:
            if self._pool is None:
                self._pool = end_at_exit(
                    ProcessPoolExecutor(
                        max_workers=1,
                        mp_context=multiprocessing.get_context("spawn"),
                        initializer=_lowest_priority,
                    )
                )
            return self._pool


__all__ = ["GAMES", "Refiner", "played_on"]
