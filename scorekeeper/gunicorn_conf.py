"""gunicorn settings for Scorekeeper: an access log that names routes, never tokens.

Use: ``gunicorn -c python:scorekeeper.gunicorn_conf --bind … 'scorekeeper.wsgi:app'``.
A game's URL is its password, so every atom (path, request line, query, Referer, any header)
goes through scorekeeper.redact before it is written: ``POST /g/<token>/turns``.
"""

from __future__ import annotations

from gunicorn.glogging import Logger

from scorekeeper.redact import RedactFilter, redact


class TokenFreeLogger(Logger):
    """gunicorn's logger with tokens redacted from access atoms and error messages."""

    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        atoms["q"] = "-"  # no query string ever reaches the log
        return {key: redact(value) if isinstance(value, str) else value for key, value in atoms.items()}

    def setup(self, cfg) -> None:
        super().setup(cfg)
        # "Error handling request /g/…" and friends name the path too.
        self.error_log.addFilter(RedactFilter())


logger_class = TokenFreeLogger
accesslog = "-"
access_log_format = '%(h)s "%(m)s %(U)s" %(s)s %(b)s %(L)ss'
# gunicorn 24+ opens a control socket at one fixed path per user; two servers (a test next
# to `make run`) would fight over it, and nothing here uses it.
control_socket_disable = True
