"""Error pages in a player's words: 400 (CSRF), 404, 405, 413, 429, 500 and 503, never a stack trace.

The use cases' GameNotFound and ReadOnly are answered here for every view, as the same 404: a
view link cannot tell that a write route exists. Views keep only the 409/422 answers, which
re-render the page they came from. A database that cannot serve (storage.Unavailable: busy
past its timeout, read-only, full, removed or replaced) is a 503 with Retry-After: nothing was
saved, and static/js/retry.js sends a busy write again once by itself.
"""

from __future__ import annotations

from flask import Flask, Response, g, request
from flask_babel import gettext
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import DBAPIError
from werkzeug.exceptions import HTTPException, InternalServerError

from scorekeeper import storage
from scorekeeper.services import games
from scorekeeper.storage.engine import classify

from ..infra.limits import failed_lookup_allowed
from ..infra.recent import forget
from .rendering import render_error


def handle_csrf(error: CSRFError):
    """A missing or stale form token: the page was open too long, or came from elsewhere."""
    return render_error(
        400,
        gettext("Please reload"),
        gettext("This page's form has expired or came from another site. Reload it and try again."),
    )


def handle_http(error: HTTPException):
    """Any HTTP error: our page, the same status."""
    return render_error(error.code or 500)


def handle_not_found(error: games.GameNotFound):
    """A token that opens no game: 404, and this device's recent list forgets the link."""
    token = (request.view_args or {}).get("token")
    if isinstance(token, str):
        forget(token)
    return _failed_lookup()


def handle_read_only(error: games.ReadOnly):
    """A view link on a write route: the same 404 as a wrong token."""
    return _failed_lookup()


def _failed_lookup():
    """404, or 429 once this address has sent too many links that open nothing (limits.py)."""
    if failed_lookup_allowed():
        return render_error(404)
    page, status = render_error(429)
    return page, status, {"Retry-After": "60"}


# Seconds a client should wait: a lock is gone in a moment, an operator's fix takes longer.
RETRY_BUSY_S = 1
RETRY_FAULT_S = 30


def handle_unavailable(error: storage.Unavailable):
    """The database could not serve (logged where it was found): 503, try again later."""
    body, code = render_error(
        503,
        gettext("Can't save right now"),
        gettext("The scorekeeper can't save right now. Nothing was recorded; try again in a moment."),
    )
    g.scorekeeper_retry_after = str(RETRY_BUSY_S if error.busy else RETRY_FAULT_S)
    return body, code


def _keep_retry_after(response: Response) -> Response:
    """Our Retry-After on a 503, not the rate limiter's window (it runs before this hook)."""
    retry_after = g.pop("scorekeeper_retry_after", None)
    if retry_after is not None and response.status_code == 503:
        response.headers["Retry-After"] = retry_after
    return response


def handle_database_error(error: DBAPIError):
    """A driver error outside storage.reading/writing: 503 when it is the database's state, else 500."""
    found = classify(error)
    if found is None:
        raise error
    return handle_unavailable(found)


def handle_fault(error: Exception):
    """An unexpected fault: logged by Flask, a calm page for the player."""
    if isinstance(error, HTTPException):
        return handle_http(error)
    return render_error(500)


def init_app(app: Flask) -> None:
    """Register the handlers (CSRF first: it is also a 400 HTTPException)."""
    app.register_error_handler(CSRFError, handle_csrf)
    app.register_error_handler(HTTPException, handle_http)
    app.register_error_handler(games.GameNotFound, handle_not_found)
    app.register_error_handler(games.ReadOnly, handle_read_only)
    app.register_error_handler(storage.Unavailable, handle_unavailable)
    app.register_error_handler(DBAPIError, handle_database_error)
    app.register_error_handler(InternalServerError, handle_fault)
    # Registered before the limiter's hook (web/__init__.py), so it runs after it.
    app.after_request(_keep_retry_after)
