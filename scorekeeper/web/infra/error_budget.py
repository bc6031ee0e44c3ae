"""What one client may write to the error log: a few records a minute, then one line saying the rest
are left out until the minute is over.

A request that fails logs its traceback (several KB). A client repeating a request that fails (605
requests in 10 s) wrote megabytes of the same traceback; what an operator needs is the first few and
how many more came. Setting: ``ERROR_LOG_PER_MINUTE`` (records per client address and minute).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from flask import current_app, has_request_context, request

DEFAULT_PER_MINUTE = 10  # a real fault shows in the first few
WINDOW_S = 60.0
MAX_ADDRESSES = 10_000  # addresses counted at once; beyond, the counts start over
EXTENSION = "scorekeeper.error_budget"


class Budgets:
    """One app's count of the records each client address logged in its current minute."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._lock = threading.Lock()
        self._counts: dict[str, tuple[float, int]] = {}  # address -> (window start, records in it)

    def count(self, address: str) -> int:
        """Count one record of this address; how many it logged before it in this minute."""
        now = self.clock()
        with self._lock:
            started, count = self._counts.get(address, (now, 0))
            if now - started >= WINDOW_S:
                started, count = now, 0
            if len(self._counts) >= MAX_ADDRESSES and address not in self._counts:
                self._counts.clear()
            self._counts[address] = (started, count + 1)
        return count


class ErrorBudget(logging.Filter):
    """A logging filter: at most ERROR_LOG_PER_MINUTE records per client address and minute during a
    request; the first one over is cut to one line saying so, the others are dropped. Records logged
    outside a request all pass."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not has_request_context():
            return True
        budgets = current_app.extensions.setdefault(EXTENSION, Budgets())
        allowed = int(current_app.config.get("ERROR_LOG_PER_MINUTE", DEFAULT_PER_MINUTE))
        address = request.remote_addr or "-"
        count = budgets.count(address)
        if count < allowed:
            return True
        if count == allowed:  # the first one over: one short line instead of its traceback
            record.msg = "%s (more errors from %s in this minute are not logged)"
            record.args = (record.getMessage(), address)
            record.exc_info = record.exc_text = record.stack_info = None
            return True
        return False
