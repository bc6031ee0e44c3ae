"""Waiting outside the app's threads: a request that only waits (for a PDF rendering in the helper
process) gives its thread back to turns and polls meanwhile.

The server (scorekeeper/server/app_threads.py) puts its app threads in the environ under WAITING_KEY;
under a server without them (tests, `flask run`) waiting changes nothing.
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from typing import Any

WAITING_KEY = "scorekeeper.app_threads"


def outside_app_thread(environ: dict[str, Any]) -> AbstractContextManager[Any]:
    """Leave the app's thread for the length of a with block, and take one again after it."""
    slots = environ.get(WAITING_KEY)
    released = getattr(slots, "released", None)
    return released() if callable(released) else nullcontext()
