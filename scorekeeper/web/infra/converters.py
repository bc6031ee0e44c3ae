"""URL converters: numbers in routes are ASCII digits only.

Werkzeug's ``int`` converter matches ``\\d``, which in Python also matches other scripts'
digits (``/turns/\\u0660/edit``, an Arabic-Indic zero, opened turn 0). Registered under the same
name before any blueprint, so every ``<int:…>`` route gets it.
"""

from __future__ import annotations

from flask import Flask
from werkzeug.routing import IntegerConverter


class AsciiIntegerConverter(IntegerConverter):
    """A non-negative integer written with the digits 0-9 only (at most nine of them)."""

    regex = r"[0-9]{1,9}"


def init_app(app: Flask) -> None:
    """Replace the ``int`` converter (call before registering blueprints)."""
    app.url_map.converters["int"] = AsciiIntegerConverter
