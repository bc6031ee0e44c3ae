"""The web layer: blueprints, forms, extensions, error pages and security headers."""

from __future__ import annotations

import importlib
import os

from flask import Flask, current_app

from scorekeeper.rules import LOWER_BOXES, ROUNDS, UPPER_BOXES

from . import compression, errors, i18n, presenters, security
from .extensions import csrf

# Blueprint modules, in registration order. Each exposes `bp`.
BLUEPRINTS = ["home", "play"]
# Optional blueprints other helpers add; registered when their module exists.
OPTIONAL_BLUEPRINTS = ["printing", "share", "live", "coach"]


def _blueprint_modules() -> list[str]:
    here = os.path.dirname(__file__)
    optional = [name for name in OPTIONAL_BLUEPRINTS if os.path.exists(os.path.join(here, f"{name}.py"))]
    return BLUEPRINTS + optional


def has_endpoint(name: str) -> bool:
    """True when a route with this endpoint exists (templates link to optional pages with it)."""
    return name in current_app.view_functions


def has_static(path: str) -> bool:
    """True when a static file exists (e.g. print.css, which the print helper owns)."""
    folder = current_app.static_folder or ""
    return os.path.isfile(os.path.join(folder, path))


def init_app(app: Flask) -> None:
    """Register extensions, blueprints, error pages, headers and template helpers."""
    csrf.init_app(app)
    i18n.init_app(app)
    security.init_app(app)
    errors.init_app(app)
    for name in _blueprint_modules():
        module = importlib.import_module(f"{__name__}.{name}")
        app.register_blueprint(module.bp)
    from . import hardening, limits  # the sharing helper's: proxy, cookies, JSON, rate limits

    hardening.init_app(app)
    limits.init_app(app)  # binds the limiter, after the blueprints it limits
    compression.init_app(app)  # gzip/brotli and versioned static URLs
    app.jinja_env.globals.update(
        has_endpoint=has_endpoint, has_static=has_static, signed=presenters.signed,
        turn_headline=presenters.turn_headline, turn_summary=presenters.turn_summary,
        cell_turns=presenters.cell_turns, dice_text=presenters.dice_text,
        sheet_labels=presenters.sheet_labels,
        upper_boxes=UPPER_BOXES, lower_boxes=LOWER_BOXES, ROUNDS=ROUNDS,
    )
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
