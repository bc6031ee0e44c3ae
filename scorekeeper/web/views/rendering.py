"""Rendering helpers shared by the blueprints: htmx fragments, status codes, the Vary header."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask import Response, make_response, render_template, request, url_for

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

    url_for for each filled cell of a sheet was a tenth of a turn's CPU. The number is the path's
    last part, so cutting at its last occurrence is exact whatever the token holds.
    """
    before, after = url_for(endpoint, token=token, index=_INDEX).rsplit(str(_INDEX), 1)
    return before, after
