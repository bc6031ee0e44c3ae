"""Deployment hardening: ProxyFix when asked, a Secure cookie over HTTPS, HTML-safe JSON, clean logs.

Settings: ``PROXY_FIX`` (env ``SCOREKEEPER_PROXY_FIX=1``): the number of reverse proxies in front
whose X-Forwarded-For/-Proto/-Host/-Port/-Prefix headers are trusted (0: none, the default,
so a client cannot pretend to be on HTTPS). ``SESSION_COOKIE_SECURE=True`` forces the Secure
flag; otherwise it is set whenever the request came over HTTPS.
"""

from __future__ import annotations

import logging
from typing import Any

from flask import Flask, request
from flask.json.provider import DefaultJSONProvider
from flask.sessions import SecureCookieSessionInterface
from werkzeug.middleware.proxy_fix import ProxyFix

from scorekeeper.redact import RedactFilter

# In JSON these characters only ever occur inside strings, where \uXXXX means the same.
_HTML_SAFE = str.maketrans({"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "'": "\\u0027"})


class HtmlSafeJSONProvider(DefaultJSONProvider):
    """JSON that never carries a raw <, >, & or ' (a name like "<script>" stays inert anywhere)."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return super().dumps(obj, **kwargs).translate(_HTML_SAFE)


class HttpsAwareSessionInterface(SecureCookieSessionInterface):
    """The signed cookie session, marked Secure when the request came over HTTPS."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or request.is_secure


def proxy_count(value: object) -> int:
    """How many proxies to trust from a setting like 1, "1", True or "true"."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return max(value, 0)
    text = str(value or "").strip().lower()
    if text in {"true", "yes", "on"}:
        return 1
    return int(text) if text.isdigit() else 0


def init_app(app: Flask) -> None:
    """Apply the settings above to the app."""
    app.config.setdefault("PROXY_FIX", 0)
    proxies = proxy_count(app.config["PROXY_FIX"])
    if proxies:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app,
            x_for=proxies,
            x_proto=proxies,
            x_host=proxies,
            x_port=proxies,
            x_prefix=proxies,
        )
    app.session_interface = HttpsAwareSessionInterface()
    app.json = HtmlSafeJSONProvider(app)
    # Flask logs "Exception on /g/<the token>/turns [POST]", and `make dev`'s werkzeug server
    # logs every request line: keep the tokens out of both.
    for logger in (app.logger, logging.getLogger("werkzeug")):
        if not any(isinstance(existing, RedactFilter) for existing in logger.filters):
            logger.addFilter(RedactFilter())  # loggers are process-wide: add it once
