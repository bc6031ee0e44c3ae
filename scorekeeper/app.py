"""The Flask app factory: configuration, extensions, blueprints and CLI commands."""

from __future__ import annotations

import os
from typing import Any

from flask import Flask

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

DEFAULTS: dict[str, Any] = {
    "SECRET_KEY": None,  # read from instance/secret_key (made on first start) unless set
    "DATABASE_URL": None,  # None: SQLite file in the instance folder
    "WTF_CSRF_TIME_LIMIT": None,  # a game outlasts an hour
    "MAX_CONTENT_LENGTH": 16 * 1024,  # a turn is a few bytes
    "SESSION_COOKIE_HTTPONLY": True,
    "SESSION_COOKIE_SAMESITE": "Lax",
    "BABEL_DEFAULT_LOCALE": "en",
    # A coached edition's missing tables are built in a background process when a game needs them
    # (SCOREKEEPER_ADVISOR_BUILD=false: only `flask advisor build` builds them).
    "ADVISOR_BUILD": True,
}


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the app. Config order: defaults → instance/config.py → SCOREKEEPER_* env → `config`."""
    app = Flask(
        "scorekeeper",
        instance_relative_config=True,
        template_folder=os.path.join(_ROOT, "templates"),
        static_folder=os.path.join(_ROOT, "static"),
    )
    app.config.from_mapping(DEFAULTS)
    app.config.from_pyfile("config.py", silent=True)
    app.config.from_prefixed_env("SCOREKEEPER")
    if config:
        app.config.update(config)
    os.makedirs(app.instance_path, exist_ok=True)
    if not app.config["SECRET_KEY"]:
        app.config["SECRET_KEY"] = _instance_secret(app.instance_path)

    from . import storage, web
    from .advisor.cli import advisor_cli
    from .storage.backup import backup_command, restore_command

    storage.init_app(app)
    web.init_app(app)
    app.cli.add_command(advisor_cli)
    app.cli.add_command(backup_command)
    app.cli.add_command(restore_command)
    return app


def _instance_secret(instance_path: str) -> str:
    """A random secret kept in the instance folder, so sessions survive a restart."""
    import secrets

    path = os.path.join(instance_path, "secret_key")
    if not os.path.exists(path):
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(secrets.token_hex(32))
    with open(path) as handle:
        return handle.read().strip()
