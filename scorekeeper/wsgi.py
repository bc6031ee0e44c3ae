"""The WSGI entry point for gunicorn: `gunicorn scorekeeper.wsgi:app`.

It refuses to serve a database that lacks migrations (`make run` applies them first): the
worker exits with gunicorn's "App failed to load" code, so gunicorn stops instead of
restarting workers in a loop, and the error log says what to run.
"""

import logging

from scorekeeper import create_app
from scorekeeper.storage import get_engine
from scorekeeper.storage.migrate import NOT_MIGRATED, missing_heads

APP_LOAD_ERROR = 4  # gunicorn's Arbiter.APP_LOAD_ERROR: the arbiter halts

app = create_app()
_missing = missing_heads(get_engine(app))
if _missing:
    _engine = get_engine(app)
    logging.getLogger("gunicorn.error").error(
        NOT_MIGRATED, _engine.url.render_as_string(), ", ".join(_missing)
    )
    _engine.dispose()
    raise SystemExit(APP_LOAD_ERROR)
