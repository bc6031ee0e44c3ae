"""Capability links: a game's or a table's edit and view links, of which only the hashes are stored."""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from typing import Literal

from ..storage import tokens

Access = Literal["edit", "view"]


@dataclass(frozen=True)
class Links:
    """A new pair of links: the edit link, and the view link derived from it."""

    edit_token: str
    view_token: str

    @property
    def hashes(self) -> dict[str, str]:
        """What storage keeps of them (edit_hash, view_hash)."""
        return {
            "edit_hash": tokens.token_hash(self.edit_token) or "",
            "view_hash": tokens.token_hash(self.view_token) or "",
        }


def new_links() -> Links:
    """Fresh links for a new game or table."""
    edit_token = tokens.new_edit_token()
    return Links(edit_token, tokens.view_token_for(edit_token))


def digest_of(token: object) -> str | None:
    """The hash storage looks a link up by; None for anything that cannot be a link."""
    return tokens.token_hash(token)


def access_of(edit_hash: str, view_hash: str, digest: str) -> Access | None:
    """Which of a record's two links this hash is, or None. The lookup used the index; this confirms
    it in constant time, both comparisons always run, so timing does not tell which one matched."""
    edit = hmac.compare_digest(edit_hash, digest)
    view = hmac.compare_digest(view_hash, digest)
    return "edit" if edit else "view" if view else None


def seen_links(token: str, access: Access) -> tuple[str | None, str]:
    """(edit link, view link) as this link may know them: a view link never reveals the edit link."""
    return (token, tokens.view_token_for(token)) if access == "edit" else (None, token)
