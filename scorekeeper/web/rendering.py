"""Rendering helpers shared by the blueprints: htmx fragments, status codes, the Vary header."""

from __future__ import annotations

from flask import Response, make_response, render_template, request


def is_htmx() -> bool:
    """An htmx request that wants a fragment (a boosted one wants the whole page)."""
    return request.headers.get("HX-Request") == "true" and request.headers.get("HX-Boosted") != "true"


def page_or_fragment(page: str, fragment: str, status: int = 200, **context: object) -> Response:
    """The fragment for htmx, the whole page otherwise; caches are told the answer varies."""
    template = fragment if is_htmx() else page
    response = make_response(render_template(template, **context), status)
    response.vary.add("HX-Request")
    return response
