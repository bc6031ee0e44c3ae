"""The access log, written by the outermost WSGI layer, so that an idle poll costs nothing to leave out.

A table's phones each poll every second and a half, and most polls find nothing new: they say
nothing worth a line. granian's own access log built a whole record for every request before a
filter could drop it; here an idle poll is passed by after one comparison. The line's fields are
granian's: address, method, path (never the query string), status and milliseconds; the handler
redacts tokens (scorekeeper.server.redact).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable
from typing import Any

FORMAT = '%(addr)s "%(method)s %(path)s" %(status)d %(dt_ms).1fms'
LOGGER = "scorekeeper.access"

StartResponse = Callable[..., Any]
WSGIApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


def is_idle_poll(environ: dict[str, Any], status: int) -> bool:
    """A live poll that found nothing new (scorekeeper/web/live): 304 to the page's htmx request, 204 to
    ``GET /g/<token>/poll``."""
    if status == 304:
        return environ.get("HTTP_HX_REQUEST") == "true"
    return status == 204 and environ.get("PATH_INFO", "").endswith("/poll")


class AccessLog:
    """WSGI middleware: one line per answered request, none for an idle poll."""

    def __init__(self, app: WSGIApp, logger: logging.Logger | None = None) -> None:
        self.app = app
        self.logger = logger or logging.getLogger(LOGGER)

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        started = time.perf_counter()
        statuses: list[str] = []

        def recording(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            statuses.append(status)
            return start_response(status, headers, exc_info) if exc_info else start_response(status, headers)

        try:
            answer = self.app(environ, recording)
        except BaseException:
            self._line(environ, 500, started)
            raise
        # Flask has called start_response by the time it returns; an app that had not is logged as 500.
        status = int(statuses[-1][:3]) if statuses else 500
        if not is_idle_poll(environ, status):
            self._line(environ, status, started)
        return answer

    def _line(self, environ: dict[str, Any], status: int, started: float) -> None:
        if not self.logger.isEnabledFor(logging.INFO):
            return
        self.logger.info(
            FORMAT,
            {
                "addr": environ.get("REMOTE_ADDR", "-"),
                "method": environ.get("REQUEST_METHOD", "-"),
                "path": environ.get("PATH_INFO", ""),
                "status": status,
                "dt_ms": (time.perf_counter() - started) * 1000,
            },
        )
