"""Child processes seen from /proc (Linux): who started whom, and whether one has ended."""

from __future__ import annotations

import contextlib
import os
import signal
import time
from pathlib import Path


def children(pid: int) -> list[int]:
    """The processes `pid` started (from any of its threads)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):
            found += [int(child) for child in (task / "children").read_text().split()]
    return found


def gone(pid: int) -> bool:
    """No such process, or only its exit status left to collect (a zombie runs nothing)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def all_gone_within(pids: list[int], seconds: float) -> bool:
    """Wait until every one has ended; past `seconds`, kill those left (leave nothing behind) and say so."""
    deadline = time.monotonic() + seconds
    while not all(gone(pid) for pid in pids):
        if time.monotonic() > deadline:
            for pid in pids:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            return False
        time.sleep(0.05)
    return True
