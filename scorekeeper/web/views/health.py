"""Health for a reverse proxy or an orchestrator, and no page served from a database not set up.

- ``GET /healthz``: liveness, 200 while the process answers (touches nothing).
- ``GET /readyz``: readiness, 200 when the database can be read and written and every migration
  head is applied, else 503 with what is wrong (JSON, never a secret).
- Until the database has every migration, every other request answers 503 with a message that
  says what to run (``flask --app scorekeeper run`` on a new database answered "no such table"
  with a 500); the check stops once it passed, so it costs nothing after the first request.
"""

from __future__ import annotations

import logging

from flask import Blueprint, Response, current_app, jsonify, request
from flask_babel import gettext
from sqlalchemy import Engine, text
from sqlalchemy.exc import SQLAlchemyError

from scorekeeper.storage import get_engine
from scorekeeper.storage.engine import WRITE_OPTION
from scorekeeper.storage.migrate import NOT_MIGRATED, missing_heads

from ..infra.extensions import limiter
from .rendering import render_error

bp = Blueprint("health", __name__)
log = logging.getLogger(__name__)

READY_KEY = "scorekeeper.schema_current"  # set once the migrations were found complete
RETRY_SECONDS = "5"


@bp.get("/healthz")
@limiter.exempt
def healthz() -> Response:
    """Liveness: the process answers."""
    return _plain({"status": "alive"}, 200)


@bp.get("/readyz")
@limiter.exempt
def readyz() -> Response:
    """Readiness: the database reads, writes (rolled back) and has every migration."""
    engine = get_engine(current_app)
    checks = {"database": _database_check(engine), "migrations": _migrations_check(engine)}
    ready = checks["database"] == "ok" and checks["migrations"] == "current"
    response = _plain({"status": "ready" if ready else "not ready", **checks}, 200 if ready else 503)
    if not ready:
        response.headers["Retry-After"] = RETRY_SECONDS
    return response


def _plain(body: dict[str, str], status: int) -> Response:
    response = jsonify(body)
    response.status_code = status
    response.headers["Cache-Control"] = "no-store"
    return response


def _database_check(engine: Engine) -> str:
    """ "ok", or why the database cannot be read or written (the driver's class of error only)."""
    try:
        with engine.connect() as connection:
            connection = connection.execution_options(**{WRITE_OPTION: True})
            with connection.begin() as transaction:
                connection.execute(text("SELECT 1"))
                # A real write to a row every migrated database has, never committed: a read-only
                # file, a full disk or a lost lock shows here, and nothing changes.
                connection.execute(text("UPDATE alembic_version SET version_num = version_num"))
                transaction.rollback()
    except SQLAlchemyError as error:
        log.error(
            "readiness: database check failed: %s", type(getattr(error, "orig", None) or error).__name__
        )
        return f"unavailable ({type(getattr(error, 'orig', None) or error).__name__})"
    return "ok"


def _migrations_check(engine: Engine) -> str:
    try:
        missing = missing_heads(engine)
    except SQLAlchemyError:
        return "unknown"
    return "current" if not missing else "missing " + ", ".join(missing)


@bp.before_app_request
def require_migrated_database():
    """503 with what to run while the database lacks migrations; nothing once it had them all."""
    app = current_app
    if app.extensions.get(READY_KEY) or request.endpoint in (
        None,
        "static",
        "health.healthz",
        "health.readyz",
    ):
        return None
    engine = get_engine(app)
    try:
        missing = missing_heads(engine)
    except SQLAlchemyError:
        return None  # the database itself is at fault: the request meets it and says so
    if not missing:
        app.extensions[READY_KEY] = True
        return None
    app.logger.error(NOT_MIGRATED, engine.url.render_as_string(), ", ".join(missing))
    page, status = render_error(
        503,
        gettext("Not set up yet"),
        gettext(
            "The scorekeeper's database has not been set up for this version. Whoever runs it: "
            "stop it, run %(command)s, and start it again. Nothing was recorded.",
            command="flask --app scorekeeper db upgrade",
        ),
    )
    return page, status, {"Retry-After": "60"}
