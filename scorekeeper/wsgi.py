"""The WSGI entry point: `python -m scorekeeper.serve` (what `make run` starts) serves `scorekeeper.wsgi:app`.

It refuses to serve a database that lacks migrations (`make run` applies them first): the worker
logs what to run and exits, and the server stops with it instead of restarting workers in a loop.
"""

import logging

from scorekeeper import create_app
from scorekeeper.storage import get_engine
from scorekeeper.storage.migrate import NOT_MIGRATED, missing_heads

APP_LOAD_ERROR = 4  # also gunicorn's "App failed to load" code, should an operator serve it with gunicorn

app = create_app()
_missing = missing_heads(get_engine(app))
if _missing:
    _engine = get_engine(app)
    logging.getLogger("scorekeeper.wsgi").error(
        NOT_MIGRATED, _engine.url.render_as_string(), ", ".join(_missing)
    )
    _engine.dispose()
    raise SystemExit(APP_LOAD_ERROR)
