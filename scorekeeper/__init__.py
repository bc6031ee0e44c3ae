"""Scorekeeper: keeps the score of a real Yahtzee game.

Kept light on purpose: importing ``scorekeeper.rules`` must not pull in Flask or anything
outside the standard library, so the web app is imported only inside ``create_app``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the Flask app (see scorekeeper.app)."""
    from .app import create_app as _create_app

    return _create_app(config)
