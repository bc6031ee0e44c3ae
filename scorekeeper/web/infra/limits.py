"""Rate limits (Flask-Limiter): on creating games and on every write to a game.

Limits are per client IP address, so they must be generous: eight phones behind one home
router share an address. Counters live in process memory (one host is all Scorekeeper needs;
each gunicorn worker counts on its own, so the effective limit is workers × the setting).

Settings: ``RATE_LIMIT_CREATE`` (POST /new), ``RATE_LIMIT_WRITES`` (every POST to a game:
options, turns, undo, corrections, rematch, coach), in Flask-Limiter's notation
("600 per minute; 6000 per hour"); ``RATELIMIT_ENABLED=False`` turns limiting off.
"""

from __future__ import annotations

from flask import Blueprint, Flask, current_app

from .extensions import limiter

# A fast table: a turn every few seconds, each one a few POSTs (keypad taps without
# JavaScript post once per die), from up to eight phones on one address.
DEFAULT_CREATE = "30 per minute; 300 per hour"
DEFAULT_WRITES = "600 per minute; 6000 per hour"

# Blueprints whose POST routes write to a game.
WRITE_BLUEPRINTS = ("play", "coach")
_limited: set[str] = set()


def create_limit() -> str:
    """The limit on creating games, read at request time (tests may change it)."""
    return str(current_app.config.get("RATE_LIMIT_CREATE") or DEFAULT_CREATE)


def write_limit() -> str:
    """The limit on writes to games, shared by all of one address's write routes."""
    return str(current_app.config.get("RATE_LIMIT_WRITES") or DEFAULT_WRITES)


def init_app(app: Flask) -> None:
    """Bind the limiter to the app, then limit the write blueprints already registered."""
    # The limiter is one object for every app in the process: each app states its own choice.
    app.config.setdefault("RATELIMIT_ENABLED", True)
    app.config.setdefault("RATE_LIMIT_CREATE", DEFAULT_CREATE)
    app.config.setdefault("RATE_LIMIT_WRITES", DEFAULT_WRITES)
    limiter.init_app(app)
    for name in WRITE_BLUEPRINTS:
        blueprint = app.blueprints.get(name)
        # app.blueprints is typed with Flask's sansio base class; the limiter decorates flask.Blueprint.
        if isinstance(blueprint, Blueprint) and name not in _limited:
            # Limits attach to the blueprint's name, process-wide: once is enough.
            # One bucket for every write route of every game: an address's write budget.
            limiter.shared_limit(write_limit, scope="game-writes", methods=["POST"])(blueprint)
            _limited.add(name)
