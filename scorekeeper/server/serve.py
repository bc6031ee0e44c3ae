"""Serve the app as `make run` does: granian (HTTP in Rust) running scorekeeper.server.wsgi:app.

Use: ``python -m scorekeeper.server.serve --host 0.0.0.0 --port 5000 [--workers 2] [--threads 4]
[--access-log -|PATH|off] [--error-log -|PATH] [--stop-timeout 10]``.

Why granian and not gunicorn: a table's phones poll every second and a half, so polls are most of
the requests, and an idle poll does almost nothing in the app (web/infra/poll_cache.py answers it
before Flask). What is left is the server's own work per request, which gunicorn's threaded worker
does in Python (parsing, keep-alive, its access log): measured 0.65 ms of CPU per idle poll, against
0.11 ms under granian, which parses HTTP and holds idle connections in Rust (benchmarks/
tables_load_bench.py; 60 busy tables send ~1,600 polls a second). The WSGI app is unchanged, so any
WSGI server still serves it.
Logs: a game's URL is its password, so the access log and the error log pass through
scorekeeper.server.redact (``POST /g/<token>/turns``); no query string is ever logged. Idle polls (204: no
news) are not logged: a table's phones send two or three a second and they say nothing. The access
log is the app's outermost layer (scorekeeper/server/access_log.py), not granian's, so leaving a poll out
costs nothing.
Stopping: SIGTERM or SIGINT lets requests in flight finish; a worker still running --stop-timeout
seconds later is killed. Without that bound, a SIGTERM that came while the workers were still
loading the app left the server waiting for them for ever (they start their own signal handling
only once loaded).
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
from typing import Any

from scorekeeper.server.access_log import LOGGER as ACCESS_LOGGER

STOP_TIMEOUT_S = 10  # far above a request's time (a turn: ms; a PDF: about a second)


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
            "_granian": {"handlers": ["console"], "level": "INFO", "propagate": False},
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
    # The worker processes share their live fragments for this run only (web/infra/fragment_files.py).
    os.environ["SCOREKEEPER_SERVER_RUN"] = secrets.token_hex(8)
    logged = args.access_log != "off"
    server = Server(
        "scorekeeper.server.served:app" if logged else "scorekeeper.server.wsgi:app",
        address=args.host,
        port=args.port,
        interface=Interfaces.WSGI,
        workers=args.workers,
        blocking_threads=args.threads,
        workers_kill_timeout=args.stop_timeout,
        websockets=False,
        log_dictconfig=logging_config(args.access_log, args.error_log),
        log_access=False,  # the app's outermost layer writes it (scorekeeper/server/access_log.py)
    )
    server.serve()
    return 0


if __name__ == "__main__":
    sys.exit(main())
