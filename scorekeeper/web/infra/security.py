"""Security headers on every response: a strict CSP, no sniffing, same-origin referrers, noindex for games."""

from __future__ import annotations

from flask import Flask, Response, request

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
)

SECURITY_HEADERS: dict[str, str] = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}

# Game URLs carry a secret token: search engines must never list them.
PRIVATE_PATH_PREFIXES = ("/g/", "/t/")  # capability links: games and tables
PRIVATE_HEADERS: dict[str, str] = {"X-Robots-Tag": "noindex, nofollow"}


def add_security_headers(response: Response) -> Response:
    """Set the fixed headers, and noindex on pages whose URL is a secret."""
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    if request.path.startswith(PRIVATE_PATH_PREFIXES):
        response.headers.update(PRIVATE_HEADERS)
    return response


def init_app(app: Flask) -> None:
    """Attach the headers to every response."""
    app.after_request(add_security_headers)
