"""What each worker of `python -m scorekeeper.server.serve` runs: the WSGI app behind the access log."""

from scorekeeper.server.access_log import AccessLog
from scorekeeper.server.wsgi import app as wsgi_app

app = AccessLog(wsgi_app)
