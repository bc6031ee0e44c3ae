"""Live fragments compared: a render for one phone has CSRF fields, the shared fragment none."""

from __future__ import annotations

import re

CSRF_FIELD = re.compile(r'<input type="hidden" name="csrf_token" value="[^"]+">')


def without_csrf_fields(body: str) -> str:
    """The fragment without its CSRF fields."""
    return CSRF_FIELD.sub("", body)
