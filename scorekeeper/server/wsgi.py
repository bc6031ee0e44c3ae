"""The WSGI entry point `scorekeeper.server.wsgi:app`, which `python -m scorekeeper.server.serve` serves.

It refuses to serve a database that lacks migrations (`make run` applies them first): the worker
logs what to run and exits, and the server stops with it instead of restarting workers in a loop.
Then everything loaded so far (the app, its templates, its libraries) is moved out of the cyclic
garbage collector's sight (gc.freeze): its full passes over them paused a worker now and then, the
slowest turns of a busy server (benchmarks/tables_load_bench.py; the README has the figures).
"""

import gc
import logging

from scorekeeper import create_app
from scorekeeper.storage import get_engine
from scorekeeper.storage.migrate import NOT_MIGRATED, missing_heads

APP_LOAD_ERROR = 4  # also gunicorn's "App failed to load" code, should an operator serve it with gunicorn

app = create_app()
_missing = missing_heads(get_engine(app))
if _missing:
    _engine = get_engine(app)
    logging.getLogger("scorekeeper.server.wsgi").error(
        NOT_MIGRATED, _engine.url.render_as_string(), ", ".join(_missing)
    )
    _engine.dispose()
    raise SystemExit(APP_LOAD_ERROR)

gc.collect()
gc.freeze()
