"""The web layer: blueprints, forms, extensions, error pages and security headers."""

from __future__ import annotations

from flask import Flask

from scorekeeper.rules import ROUNDS

from . import (
    coach, compression, errors, hardening, home, i18n, limits, live, play, presenters, printing,
    security, share,
)
from .extensions import csrf

# Blueprint modules, in registration order.
BLUEPRINTS = (home, play, printing, share, live, coach)


def init_app(app: Flask) -> None:
    """Register extensions, blueprints, error pages, headers and template helpers."""
    csrf.init_app(app)
    i18n.init_app(app)
    security.init_app(app)
    errors.init_app(app)
    for module in BLUEPRINTS:
        app.register_blueprint(module.bp)
    hardening.init_app(app)  # proxy, cookies, HTML-safe JSON, token-free logs
    limits.init_app(app)  # binds the limiter, after the blueprints it limits
    compression.init_app(app)  # gzip/brotli and versioned static URLs
    app.jinja_env.globals.update(
        signed=presenters.signed,
        turn_headline=presenters.turn_headline, turn_summary=presenters.turn_summary,
        cell_turns=presenters.cell_turns, dice_text=presenters.dice_text,
        sheet_labels=presenters.sheet_labels,
        ROUNDS=ROUNDS,
    )
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
