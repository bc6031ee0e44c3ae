"""Start calls at the same instant, as phones racing for one turn (storage and PostgreSQL races)."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from scorekeeper import games


def race(calls):
    """Run the calls at the same moment; each result is ("ok", value) or ("stale", the English message)."""
    barrier = threading.Barrier(len(calls))

    def run(call):
        barrier.wait()
        try:
            return "ok", call()
        except games.StaleTurn as refusal:
            return "stale", str(refusal.message)

    with ThreadPoolExecutor(max_workers=len(calls)) as pool:
        return list(pool.map(run, calls))
