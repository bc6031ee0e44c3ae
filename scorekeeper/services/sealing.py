"""A link kept sealed: XORed with an HMAC-SHA256 key stream that only its key opens (one link a label)."""

from __future__ import annotations

import base64
import hashlib
import hmac

from ..storage import tokens


def _pad(key: str, label: str, length: int) -> bytes:
    """Key stream for one label (a game or table and link kind) of one key: each seals one link, ever."""
    stream = b""
    block = 0
    while len(stream) < length:
        stream += hmac.new(key.encode(), f"{label}:{block}".encode(), hashlib.sha256).digest()
        block += 1
    return stream[:length]


def seal(key: str, label: str, token: str) -> str:
    """The link as stored: XORed with the key's stream for this label, in URL-safe base64."""
    raw = token.encode()
    sealed = bytes(a ^ b for a, b in zip(raw, _pad(key, label, len(raw)), strict=True))
    return base64.urlsafe_b64encode(sealed).decode()


def unseal(key: str, label: str, sealed: str) -> str | None:
    """The link back, or None if it does not decode to one (another key's row, damage)."""
    try:
        raw = base64.urlsafe_b64decode(sealed.encode())
        token = bytes(a ^ b for a, b in zip(raw, _pad(key, label, len(raw)), strict=True)).decode()
    except (ValueError, UnicodeDecodeError):
        return None
    return token if tokens.token_hash(token) is not None else None
