"""How many examples a Hypothesis test runs: its full count, or a quarter in `make test-fast`.

`make test` (what CI runs) always runs the full count; the fast loop sets SCOREKEEPER_FAST_TESTS=1.
"""

from __future__ import annotations

import os

FAST = os.environ.get("SCOREKEEPER_FAST_TESTS") == "1"


def examples(full: int) -> int:
    """The number of examples to run for a test whose full budget is `full`."""
    return max(5, full // 4) if FAST else full
