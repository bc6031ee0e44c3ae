"""The Flask extensions the web layer uses, created once and bound in init_app."""

from __future__ import annotations

from flask_babel import Babel
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_wtf.csrf import CSRFProtect

csrf = CSRFProtect()
babel = Babel()
# Counters are stored where RATELIMIT_STORAGE_URI says (limits.py; memory:// by default, per process).
limiter = Limiter(get_remote_address, headers_enabled=True)
