"""Keep capability tokens out of log lines: game paths become /g/<token>, long secrets <redacted>."""

from __future__ import annotations

import logging
import re

# A game URL's first segment is its token, whichever capability it is.
_GAME_PATH = re.compile(r"/g/[^/?#\s\"']+")
# Anything else that long in the URL-safe alphabet is a token or a signed cookie, never a word.
_LONG_SECRET = re.compile(r"[A-Za-z0-9_-]{30,}")


def redact(text: str) -> str:
    """The text with every game token and every long URL-safe secret replaced."""
    return _LONG_SECRET.sub("<redacted>", _GAME_PATH.sub("/g/<token>", text))


class RedactFilter(logging.Filter):
    """A logging filter that redacts the fully formatted message of every record."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        return True
