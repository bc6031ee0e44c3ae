"""Capability tokens: a random edit token, a view token derived from it, and their hashes."""

from __future__ import annotations

import base64
import hashlib
import secrets

_VIEW_SALT = b"scorekeeper-view:"
_MAX_TOKEN_LENGTH = 64  # real tokens are 32 characters; anything far longer is not ours
_TOKEN_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def new_edit_token() -> str:
    """A fresh edit token: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


def view_token_for(edit_token: str) -> str:
    """The view token of this edit token: one-way, so it never reveals the edit token."""
    digest = hashlib.sha256(_VIEW_SALT + edit_token.encode()).digest()[:24]
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def token_hash(token: object) -> str | None:
    """The sha256 hex digest stored for a token; None for anything that cannot be a token."""
    if (
        not isinstance(token, str)
        or not 0 < len(token) <= _MAX_TOKEN_LENGTH
        or not _TOKEN_ALPHABET.issuperset(token)
    ):
        return None
    return hashlib.sha256(token.encode()).hexdigest()
