"""What each worker of `python -m scorekeeper.serve` runs: scorekeeper.wsgi's app behind the access log."""

from scorekeeper.access_log import AccessLog
from scorekeeper.wsgi import app as wsgi_app

app = AccessLog(wsgi_app)
