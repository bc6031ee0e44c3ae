"""Serve the app as `make run` does: granian (HTTP in Rust) running scorekeeper.server.wsgi:app.

Use: ``python -m scorekeeper.server.serve --host 0.0.0.0 --port 5000 [--workers 2] [--threads 4]
[--access-log -|PATH|off] [--error-log -|PATH] [--stop-timeout 10]``.

Why granian: polls are most of the requests, and what is left of an idle one is the server's own work,
which granian does in Rust (parsing, keep-alive) where gunicorn's threaded worker did it in Python
(the README has the figures). The WSGI app is unchanged, so any WSGI server still serves it.
Logs: a game's URL is its password, so both logs pass through scorekeeper.server.redact; no query
string is ever logged, nor an idle poll (the access log is the app's outermost layer, access_log.py).
Live fragments: the workers of one run share them in a folder in shared memory, removed when the
server stops (they hold game links, which never rest on disk).
Threads: the app runs on --threads threads per worker; granian has more, which only wait (for a
request's body to arrive whole, for a PDF rendering elsewhere): app_threads.py.
Stopping: SIGTERM or SIGINT lets requests in flight finish; a worker still running --stop-timeout
seconds later is killed (a SIGTERM that came while the workers were still loading the app left the
server waiting for them for ever: they start their own signal handling only once loaded).
"""

from __future__ import annotations

import argparse
import logging
import os
import shutil
import sys
import tempfile
from typing import Any

from scorekeeper.server.access_log import LOGGER as ACCESS_LOGGER

STOP_TIMEOUT_S = 10  # far above a request's time (a turn: ms; a PDF: about a second)
# granian's threads beyond the app's: they only wait (for a body to arrive whole, for a PDF rendering
# elsewhere); the app runs on --threads of them at once. app_threads.SPARE_THREADS, not imported here
# (it loads the web app into the server's main process); a unit test keeps the two equal.
SPARE_THREADS = 128
SHARED_MEMORY = "/dev/shm"  # a RAM file system on Linux: shared by the workers, gone at a reboot


class SpareThreadsWarning(logging.Filter):
    """Leaves out granian's warning that it may start many Python threads: all but --threads of them
    only wait for bodies and renders (app_threads.py), which is why they are there."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith("Configuration allows spawning up to")


def _handler(target: str, formatter: str, default_stream: str) -> dict[str, Any]:
    """A logging handler writing to a file, or to stdout/stderr for "-"."""
    handler: dict[str, Any] = {"formatter": formatter, "filters": ["redact"]}
    if target == "-":
        handler.update({"class": "logging.StreamHandler", "stream": default_stream})
    else:
        handler.update({"class": "logging.FileHandler", "filename": target, "encoding": "utf-8"})
    return handler


def logging_config(access_log: str, error_log: str) -> dict[str, Any]:
    """granian's, the app's and the access log, every line redacted (a dictConfig)."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {
            "redact": {"()": "scorekeeper.server.redact.RedactFilter"},
            "spare_threads": {"()": "scorekeeper.server.serve.SpareThreadsWarning"},
        },
        "formatters": {
            "generic": {"format": "[%(asctime)s] [%(levelname)s] %(name)s: %(message)s"},
            "access": {"format": "%(message)s"},
        },
        "handlers": {
            "console": _handler(error_log, "generic", "ext://sys.stderr"),
            "access": _handler(access_log if access_log != "off" else "-", "access", "ext://sys.stdout"),
        },
        "loggers": {
            "_granian": {
                "handlers": ["console"],
                "level": "INFO",
                "propagate": False,
                "filters": ["spare_threads"],
            },
            ACCESS_LOGGER: {"handlers": ["access"], "level": "INFO", "propagate": False},
        },
        # The app's own errors (Flask logs a failed request here) and the refusal in wsgi.py.
        "root": {"handlers": ["console"], "level": "WARNING"},
    }


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m scorekeeper.server.serve", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=5000)
    parser.add_argument("--workers", type=int, default=2, help="processes (one per core)")
    parser.add_argument("--threads", type=int, default=4, help="threads per process running the app")
    parser.add_argument("--access-log", default="-", help='"-" (stdout), a file, or "off"')
    parser.add_argument("--error-log", default="-", help='"-" (stderr) or a file')
    parser.add_argument(
        "--stop-timeout", type=int, default=STOP_TIMEOUT_S, help="seconds before a stopping worker is killed"
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Serve until stopped (SIGINT/SIGTERM: requests in flight are finished first)."""
    from granian.constants import Interfaces
    from granian.server import Server

    args = parse(argv)
    shared = live_cache_dir() if "SCOREKEEPER_LIVE_CACHE_DIR" not in os.environ else None
    if shared:
        os.environ["SCOREKEEPER_LIVE_CACHE_DIR"] = shared
    os.environ["SCOREKEEPER_APP_THREADS"] = str(args.threads)  # the workers' AppThreads
    logged = args.access_log != "off"
    server = Server(
        "scorekeeper.server.served:app" if logged else "scorekeeper.server.wsgi:app",
        address=args.host,
        port=args.port,
        interface=Interfaces.WSGI,
        workers=args.workers,
        blocking_threads=args.threads + SPARE_THREADS,
        workers_kill_timeout=args.stop_timeout,
        websockets=False,
        log_dictconfig=logging_config(args.access_log, args.error_log),
        log_access=False,  # the app's outermost layer writes it (scorekeeper/server/access_log.py)
    )
    try:
        server.serve()
    finally:
        if shared:
            shutil.rmtree(shared, ignore_errors=True)
    return 0


def live_cache_dir() -> str | None:
    """A folder of this run's own (0700) in shared memory for the workers' live fragments, or None
    where there is none (each worker then keeps its own in its memory)."""
    try:
        return tempfile.mkdtemp(prefix="scorekeeper-live-", dir=SHARED_MEMORY)
    except OSError:
        return None


if __name__ == "__main__":
    sys.exit(main())
