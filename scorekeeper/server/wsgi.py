"""The WSGI entry point `scorekeeper.server.wsgi:app`, which `python -m scorekeeper.server.serve` serves.

It refuses to serve a database that lacks migrations (`make run` applies them first): the worker
logs what to run and exits, and the server stops with it instead of restarting workers in a loop.
Each worker marks the SQLite file as served for as long as it lives (`flask restore` then refuses).
The app runs behind AppThreads (app_threads.py): a request takes one of the app's APP_THREADS
threads only once its body has arrived whole. Then everything loaded so far (the app, its
templates, its libraries) is moved out of the cyclic garbage collector's sight (gc.freeze): its
full passes over them paused a worker now and then, the slowest turns of a busy server
(benchmarks/tables_load_bench.py; the README has the figures).
"""

import gc
import logging

from scorekeeper import create_app
from scorekeeper.server.app_threads import APP_THREADS, BODIES, BODIES_PER_ADDRESS, AppThreads
from scorekeeper.storage import get_engine, serving
from scorekeeper.storage.migrate import NOT_MIGRATED, missing_heads
from scorekeeper.web.infra.hardening import body_limit, proxy_count

APP_LOAD_ERROR = 4  # also gunicorn's "App failed to load" code, should an operator serve it with gunicorn

flask_app = create_app()
_missing = missing_heads(get_engine(flask_app))
if _missing:
    _engine = get_engine(flask_app)
    logging.getLogger("scorekeeper.server.wsgi").error(
        NOT_MIGRATED, _engine.url.render_as_string(), ", ".join(_missing)
    )
    _engine.dispose()
    raise SystemExit(APP_LOAD_ERROR)

serving.hold(get_engine(flask_app))  # `flask restore` refuses while this worker lives (storage/serving.py)
_config = flask_app.config
app = AppThreads(
    flask_app,
    threads=int(_config.get("APP_THREADS", APP_THREADS)),
    body_limit=lambda environ: body_limit(flask_app, environ),
    proxies=proxy_count(_config.get("PROXY_FIX")),
    per_address=int(_config.get("UNFINISHED_BODIES_PER_ADDRESS", BODIES_PER_ADDRESS)),
    bodies=min(int(_config.get("UNFINISHED_BODIES", BODIES)), BODIES),  # granian has threads for BODIES
)

gc.collect()
gc.freeze()
