"""Rate limits (Flask-Limiter), shaped so a stranger can never use up the players' budget.

- **Writes** (every POST to a game: options, turns, undo, corrections, rematch, coach) count
  per game, keyed by a hash of the link: only a request that opened the game with its edit link
  is counted. A random token or a view link on a write route never touches any game's budget.
- **Failed lookups** (any request whose link opens no game, or a view link on a write route)
  count per client address in a small budget of their own; beyond it the answer is 429 instead
  of 404. Players, who hold real links, never spend it, so an abusive client behind the same
  home router cannot lock them out.
- **New games** count per client address, and a rematch, a new table and an import are new games
  too; only what was created counts (a refused form, a 422, creates nothing and costs nothing).

- **Imported games** count per client address in a budget of their own (an import also counts as
  one new table above): an import may hold up to a thousand games, more than a minute's new games.

Settings: ``RATE_LIMIT_CREATE`` (POST /new and rematches), ``RATE_LIMIT_IMPORTED_GAMES`` (games
imported per address), ``RATE_LIMIT_WRITES`` (per game),
``RATE_LIMIT_FAILED_LOOKUPS`` (per address), in Flask-Limiter's notation ("600 per minute;
6000 per hour"); ``RATELIMIT_ENABLED=False`` turns limiting off. Counters live where
``RATELIMIT_STORAGE_URI`` says (default ``memory://``: each server worker process counts on its own).
"""

from __future__ import annotations

import hashlib

from flask import Blueprint, Flask, Response, current_app, request
from flask_limiter.util import get_remote_address
from limits import parse_many

from .extensions import limiter

# A fast table: a turn every few seconds, each one a few POSTs (keypad taps without
# JavaScript post once per die), from up to eight phones.
DEFAULT_CREATE = "30 per minute; 300 per hour"
DEFAULT_WRITES = "600 per minute; 6000 per hour"
# A table's history moved in once, maybe twice; a loop of imports (each up to 1,000 games) is not that.
DEFAULT_IMPORTED_GAMES = "2000 per hour; 5000 per day"
# Players never mistype a link dozens of times a minute; a script guessing links does.
DEFAULT_FAILED_LOOKUPS = "30 per minute; 300 per hour"
DEFAULT_STORAGE_URI = "memory://"

# Blueprints whose POST routes write to a game or a table (a table's link is its key alike).
WRITE_BLUEPRINTS = ("play", "coach", "tables")
_limited: set[str] = set()

# Answers that mean the request opened no game (404) or was refused before the view (429):
# they never count against a game's budget.
_NOT_A_GAME_WRITE = frozenset({404, 429})


def create_limit() -> str:
    """The limit on creating games, read at request time (tests may change it)."""
    return str(current_app.config.get("RATE_LIMIT_CREATE") or DEFAULT_CREATE)


def imported_games_limit() -> str:
    """The limit on games imported from one address (RATE_LIMIT_IMPORTED_GAMES)."""
    return str(current_app.config.get("RATE_LIMIT_IMPORTED_GAMES") or DEFAULT_IMPORTED_GAMES)


def write_limit() -> str:
    """The limit on writes to one game, shared by all of its write routes."""
    return str(current_app.config.get("RATE_LIMIT_WRITES") or DEFAULT_WRITES)


def failed_lookup_limit() -> str:
    """The limit on requests from one address whose link opens no game."""
    return str(current_app.config.get("RATE_LIMIT_FAILED_LOOKUPS") or DEFAULT_FAILED_LOOKUPS)


def game_key() -> str:
    """The game or table a request names, as a hash of its link (the link never reaches the counters)."""
    token = (request.view_args or {}).get("token")
    if not isinstance(token, str):  # a write route without a link (a new table, an import)
        return "address:" + get_remote_address()
    return "game:" + hashlib.sha256(token.encode()).hexdigest()[:32]


def opened_the_game(response: Response) -> bool:
    """Whether a request counts against the game's budget: it opened the game (not a 404)."""
    return response.status_code not in _NOT_A_GAME_WRITE


def created_something(response: Response) -> bool:
    """Whether a request to a creating route created something: its answer is the redirect to it.
    A refused form (422, 400) created nothing, and 27 of them used to cost the players their next game."""
    return response.status_code == 303


# The decorators of the routes that create a game: one budget per address for all of them.
limit_new_games = limiter.shared_limit(
    create_limit, scope="new-games", methods=["POST"], deduct_when=created_something
)
# A rematch is a new game; its write to the old game counts too (override_defaults=False keeps
# the blueprint's per-game limit), and a rematch of a link that opens nothing counts for neither.
limit_rematch = limiter.shared_limit(
    create_limit,
    scope="new-games",
    key_func=get_remote_address,
    deduct_when=created_something,
    override_defaults=False,
)


def failed_lookup_allowed() -> bool:
    """Count one failed lookup for this address; False once the address is over its budget."""
    if not _limiting():
        return True
    address = get_remote_address()
    allowed = True
    for item in parse_many(failed_lookup_limit()):
        # hit() counts and answers in one step; every window counts the attempt.
        if not limiter.limiter.hit(item, "failed-lookups", address):
            allowed = False
    return allowed


def imported_games_allowed(count: int) -> bool:
    """Whether this address may import `count` more games now (nothing is counted here)."""
    if not _limiting():
        return True
    address = get_remote_address()
    return all(limiter.limiter.test(item, "imported-games", address, cost=count) for item in _imported())


def count_imported_games(count: int) -> None:
    """Count the games an import from this address stored."""
    if _limiting() and count:
        address = get_remote_address()
        for item in _imported():
            limiter.limiter.hit(item, "imported-games", address, cost=count)


def _imported() -> list:
    return parse_many(imported_games_limit())


def _limiting() -> bool:
    return bool(limiter.enabled and current_app.config.get("RATELIMIT_ENABLED", True))


def init_app(app: Flask) -> None:
    """Bind the limiter to the app, then limit the write blueprints already registered."""
    # The limiter is one object for every app in the process: each app states its own choice.
    app.config.setdefault("RATELIMIT_ENABLED", True)
    # Several instances (REDIS_URL set) count in Redis, so a limit holds across all of them.
    app.config.setdefault("RATELIMIT_STORAGE_URI", app.config.get("REDIS_URL") or DEFAULT_STORAGE_URI)
    # Redis down: count in memory meanwhile rather than answer every write with a 500.
    app.config.setdefault("RATELIMIT_IN_MEMORY_FALLBACK_ENABLED", True)
    app.config.setdefault("RATE_LIMIT_CREATE", DEFAULT_CREATE)
    app.config.setdefault("RATE_LIMIT_WRITES", DEFAULT_WRITES)
    app.config.setdefault("RATE_LIMIT_FAILED_LOOKUPS", DEFAULT_FAILED_LOOKUPS)
    app.config.setdefault("RATE_LIMIT_IMPORTED_GAMES", DEFAULT_IMPORTED_GAMES)
    limiter.init_app(app)
    # init_app gives the limiter this app's storage but keeps its "storage found dead" mark, set
    # when another app's storage failed (tests make many apps in one process). Left set, this app
    # counted in the stand-in memory until the limiter looked again and found its own storage
    # working, then started over from zero there: a limit let one request too many through.
    limiter._storage_dead = False  # Flask-Limiter has no public way to say "a new storage"
    for name in WRITE_BLUEPRINTS:
        blueprint = app.blueprints.get(name)
        # app.blueprints is typed with Flask's sansio base class; the limiter decorates flask.Blueprint.
        if isinstance(blueprint, Blueprint) and name not in _limited:
            # Limits attach to the blueprint's name, process-wide: once is enough.
            # One bucket per game for every write route; only requests that opened it count.
            limiter.shared_limit(
                write_limit,
                scope="game-writes",
                key_func=game_key,
                deduct_when=opened_the_game,
                methods=["POST"],
            )(blueprint)
            _limited.add(name)
