"""The Flask extensions the web layer uses, created once and bound in init_app."""

from __future__ import annotations

from flask_babel import Babel
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_wtf.csrf import CSRFProtect

csrf = CSRFProtect()
babel = Babel()
# Memory storage is per process: enough to slow a script creating games in a loop.
limiter = Limiter(get_remote_address, storage_uri="memory://", headers_enabled=True)
