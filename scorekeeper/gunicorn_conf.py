"""gunicorn settings for Scorekeeper: an access log that names routes, never tokens.

Use: ``gunicorn -c python:scorekeeper.gunicorn_conf --bind … 'scorekeeper.wsgi:app'``.
A game's URL is its password, so every atom (path, request line, query, Referer, any header)
goes through scorekeeper.redact before it is written: ``POST /g/<token>/turns``.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from datetime import timedelta
from typing import TYPE_CHECKING, Any, cast

from gunicorn.glogging import Logger

from scorekeeper.redact import RedactFilter, redact

if TYPE_CHECKING:
    from gunicorn.config import Config
    from gunicorn.glogging import _AtomsDict  # the stubs' TypedDict of the atoms
    from gunicorn.http import Request
    from gunicorn.http.wsgi import Response


class TokenFreeLogger(Logger):
    """gunicorn's logger with tokens redacted from access atoms and error messages."""

    def atoms(
        self, resp: Response, req: Request, environ: MutableMapping[str, Any], request_time: timedelta
    ) -> _AtomsDict:
        atoms = super().atoms(resp, req, environ, request_time)
        atoms["q"] = "-"  # no query string ever reaches the log
        redacted = {key: redact(value) if isinstance(value, str) else value for key, value in atoms.items()}
        # The same keys with their text redacted; the stubs' TypedDict names only the fixed atoms,
        # not each header's "{name}i", so a rebuilt dict is one only by this cast.
        return cast("_AtomsDict", redacted)

    def setup(self, cfg: Config) -> None:
        super().setup(cfg)
        # "Error handling request /g/…" and friends name the path too.
        self.error_log.addFilter(RedactFilter())


logger_class = TokenFreeLogger
accesslog = "-"
access_log_format = '%(h)s "%(m)s %(U)s" %(s)s %(b)s %(L)ss'
# gunicorn 24+ opens a control socket at one fixed path per user; two servers (a test next
# to `make run`) would fight over it, and nothing here uses it.
control_socket_disable = True
