"""Rendering helpers shared by the blueprints: htmx fragments, status codes, the Vary header, error pages."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask import Response, current_app, make_response, render_template, request, url_for
from flask.globals import request_ctx
from flask_babel import gettext

_INDEX = 987654321  # a stand-in turn number: the address is cut around it


def is_htmx() -> bool:
    """An htmx request that wants a fragment (a boosted one wants the whole page)."""
    return request.headers.get("HX-Request") == "true" and request.headers.get("HX-Boosted") != "true"


def page_or_fragment(
    page: str,
    fragment: str,
    status: int = 200,
    *,
    page_context: Callable[[], Mapping[str, Any]] | None = None,
    **context: Any,
) -> Response:
    """The fragment for htmx, the whole page otherwise; caches are told the answer varies.

    ``page_context()`` adds what only the whole page shows (the sheet, say), built only for it.
    """
    if is_htmx():
        template = fragment
    else:
        template = page
        if page_context is not None:
            context = {**page_context(), **context}
    response = make_response(render_template(template, **context), status)
    response.vary.add("HX-Request")
    return response


def turn_link(token: str, endpoint: str) -> tuple[str, str]:
    """The address of a turn's page, as (before, after) its number: built once for a sheet of links.

    url_for for each filled cell of a sheet cost a turn much of its time. The number is the path's
    last part, so cutting at its last occurrence is exact whatever the token holds.
    """
    before, after = url_for(endpoint, token=token, index=_INDEX).rsplit(str(_INDEX), 1)
    return before, after


def _messages(code: int) -> tuple[str, str]:
    """Heading and explanation for a status code."""
    if code == 404:
        return gettext("No game here"), gettext(
            "This link opens no game. Check that it was copied whole, or start a new game."
        )
    if code == 413:
        return gettext("Too much at once"), gettext("That form was far larger than any turn.")
    if code == 429:
        return gettext("Slow down a little"), gettext(
            "Too many requests from this device; wait a minute and try again."
        )
    if code == 405:
        return gettext("Not like that"), gettext("This address can't be used that way.")
    if code >= 500:
        return gettext("Something broke"), gettext(
            "The scorekeeper hit a fault. Nothing was recorded; reload the page and try again."
        )
    return gettext("That didn't work"), gettext(
        "The request could not be understood. Go back, reload the page and try again."
    )


def render_error(code: int, heading: str | None = None, message: str | None = None):
    """The error page with this status; plain text when the request names a host the app cannot build
    addresses for (a Host label over 63 characters, one outside TRUSTED_HOSTS): the page's links
    could not be made, and failing to make them was a 500 with a traceback in the log."""
    default_heading, default_message = _messages(code)
    if request_ctx.url_adapter is None:
        text = f"{heading or default_heading}\n\n{message or default_message}\n"
        return current_app.response_class(text, mimetype="text/plain"), code
    return render_template(
        "errors/error.html",
        code=code,
        heading=heading or default_heading,
        message=message or default_message,
    ), code
