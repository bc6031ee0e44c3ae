"""Deployment hardening: ProxyFix when asked, a Secure cookie over HTTPS, HTML-safe JSON, clean logs,
and request bodies held to MAX_CONTENT_LENGTH (chunked ones too) and to UTF-8.

Settings: ``PROXY_FIX`` (env ``SCOREKEEPER_PROXY_FIX=1``): the number of reverse proxies in front
whose X-Forwarded-For/-Proto/-Host/-Port/-Prefix headers are trusted (0: none, the default,
so a client cannot pretend to be on HTTPS). ``SESSION_COOKIE_SECURE=True`` forces the Secure
flag; otherwise it is set whenever the request came over HTTPS. ``TRUSTED_HOSTS`` (env
``SCOREKEEPER_TRUSTED_HOSTS="scores.example.org, 192.168.1.20"``): the only Host names answered,
PUBLIC_URL's among them; any other gets a 400 (unset: every host, as on a home network).
"""

from __future__ import annotations

import io
import logging
from collections.abc import Callable, Iterable
from typing import Any, TypeVar
from urllib.parse import unquote_to_bytes, urlsplit

from flask import Flask, current_app, request
from flask.json.provider import DefaultJSONProvider
from flask.sessions import SecureCookieSessionInterface
from flask_babel import gettext
from werkzeug.middleware.proxy_fix import ProxyFix

from scorekeeper.server.redact import RedactFilter

from .error_budget import ErrorBudget

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


View = TypeVar("View", bound=Callable[..., Any])


def large_body(limit: int) -> Callable[[View], View]:
    """Decorator (under the route's): this view takes bodies of up to `limit` bytes, chunked ones too;
    every other route keeps MAX_CONTENT_LENGTH."""

    def mark(view: View) -> View:
        view.max_body_bytes = limit  # type: ignore[attr-defined]
        return view

    return mark


def body_limit(app: Flask, environ: dict[str, Any]) -> int | None:
    """The most bytes the route this request names takes, known before Flask reads anything."""
    default = app.config.get("MAX_CONTENT_LENGTH")
    try:
        endpoint, _ = app.url_map.bind_to_environ(environ).match()
    except Exception:  # no such route, a method it refuses, a host it cannot route: the app's own limit
        return default
    return getattr(app.view_functions.get(str(endpoint)), "max_body_bytes", default)


def _apply_route_limit() -> None:
    """The request's body limit is its view's large_body mark, if any (set before anything reads it)."""
    limit = getattr(current_app.view_functions.get(request.endpoint or ""), "max_body_bytes", None)
    if limit is not None:
        request.max_content_length = limit


class BoundedBody:
    """WSGI middleware: a body sent without Content-Length (chunked) is read here, up to one byte past
    the limit, and handed on with its length stated, so an oversized one is a 413 like any other.

    Werkzeug reads such a stream only up to MAX_CONTENT_LENGTH and parses what it got: a chunked
    form over the limit was cut short and processed instead of refused.
    """

    def __init__(
        self, app: Callable[..., Iterable[bytes]], limit: Callable[[dict[str, Any]], int | None]
    ) -> None:
        self.app = app
        self.limit = limit

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if "chunked" not in environ.get("HTTP_TRANSFER_ENCODING", "").lower():
            return self.app(environ, start_response)
        limit = self.limit(environ)  # the route's: an import takes a larger file than a turn
        if limit is not None:
            body = environ["wsgi.input"].read(limit + 1)  # the server ends a chunked body itself
            environ["wsgi.input"] = io.BytesIO(body)
            # Now a body of known length (Werkzeug ignores Content-Length beside "chunked"):
            # over the limit, Werkzeug answers 413 before anything parses it.
            environ["CONTENT_LENGTH"] = str(len(body))
            del environ["HTTP_TRANSFER_ENCODING"]
        return self.app(environ, start_response)


def _form_is_utf8(body: bytes) -> bool:
    """Whether a urlencoded body, and every value in it once %-decoded, is valid UTF-8."""
    try:
        body.decode("utf-8")
        for part in body.split(b"&"):
            unquote_to_bytes(part.replace(b"+", b" ")).decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def refuse_undecodable_form() -> Any:
    """400 naming the fault for a form that is not UTF-8 (it read as an expired form before)."""
    if request.mimetype != "application/x-www-form-urlencoded":
        return None
    if _form_is_utf8(request.get_data(cache=True)):  # cached: the form parser reads it again
        return None
    from ..views.rendering import render_error  # the error page lives with the views

    return render_error(
        400,
        gettext("Not readable text"),
        gettext(
            "This form's text is not valid UTF-8, so nothing was changed. "
            "Send it again from the page, or set the sender to UTF-8."
        ),
    )


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


def trusted_hosts(value: object, public_url: object = None) -> list[str] | None:
    """Flask's TRUSTED_HOSTS from a setting like "scores.example.org, 192.168.1.20" or a list; the
    host of PUBLIC_URL is always among them. None (any host) when the setting is empty."""
    if isinstance(value, str):
        hosts = [host for host in value.replace(",", " ").split() if host]
    elif isinstance(value, list | tuple):
        hosts = [str(host) for host in value if str(host)]
    else:
        hosts = []
    if not hosts:
        return None
    public = urlsplit(str(public_url or "")).hostname
    if public and public not in hosts:
        hosts.append(public)
    return hosts


def init_app(app: Flask) -> None:
    """Apply the settings above to the app."""
    app.config.setdefault("PROXY_FIX", 0)
    # Requests naming any other Host are refused (400) before anything reads it: a forged Host is
    # never written into share links and QR codes (they use PUBLIC_URL first when it is set).
    app.config["TRUSTED_HOSTS"] = trusted_hosts(app.config.get("TRUSTED_HOSTS"), app.config.get("PUBLIC_URL"))
    proxies = proxy_count(app.config["PROXY_FIX"])
    # Under ProxyFix (which only reads headers): the body is measured before anything reads it.
    bounded = BoundedBody(app.wsgi_app, lambda environ: body_limit(app, environ))
    app.wsgi_app = bounded  # type: ignore[method-assign]
    if proxies:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app,
            x_for=proxies,
            x_proto=proxies,
            x_host=proxies,
            x_port=proxies,
            x_prefix=proxies,
        )
    # First of all before_request functions, so a form CSRFProtect cannot read is named for what it is.
    app.before_request_funcs.setdefault(None, []).insert(0, refuse_undecodable_form)
    app.before_request_funcs[None].insert(0, _apply_route_limit)  # before anything reads the body
    app.session_interface = HttpsAwareSessionInterface()
    app.json = HtmlSafeJSONProvider(app)
    # Flask logs "Exception on /g/<the token>/turns [POST]", and `make dev`'s werkzeug server
    # logs every request line: keep the tokens out of both.
    for logger in (app.logger, logging.getLogger("werkzeug")):
        if not any(isinstance(existing, RedactFilter) for existing in logger.filters):
            logger.addFilter(RedactFilter())  # loggers are process-wide: add it once
    # A client repeating a failing request wrote megabytes of one traceback: a few a minute each.
    if not any(isinstance(existing, ErrorBudget) for existing in app.logger.filters):
        app.logger.addFilter(ErrorBudget())
