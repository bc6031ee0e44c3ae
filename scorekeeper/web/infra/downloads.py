"""A download's Content-Disposition: a file name made from a title, safe on every system (RFC 6266)."""

from __future__ import annotations

import re
import unicodedata
from urllib.parse import quote

_UNSAFE_ASCII = re.compile(r"[^A-Za-z0-9._-]+")
_UNSAFE_NAME = re.compile(r"[\x00-\x1f\x7f/\\\"]+")
STEM_MAX = 80  # characters of the name before its extension


def attachment(stem: str, extension: str, fallback: str) -> str:
    """attachment with an ASCII file name for old clients and the exact UTF-8 one (``filename*``).

    Quotes, slashes and line breaks never reach the header; a name with nothing left is `fallback`.
    """
    ascii_stem = unicodedata.normalize("NFKD", stem).encode("ascii", "ignore").decode()
    ascii_stem = _UNSAFE_ASCII.sub("-", ascii_stem).strip("-.") or fallback
    exact = _UNSAFE_NAME.sub("-", stem).strip(" .-") or fallback
    return (
        f'attachment; filename="{ascii_stem[:STEM_MAX]}.{extension}"; '
        f"filename*=UTF-8''{quote(f'{exact[:STEM_MAX]}.{extension}', safe='')}"
    )
