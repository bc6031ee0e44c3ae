"""A game's and a table's links as pages show them, each with a QR code rendered here as inline SVG.

The view token is derived from the edit token (scorekeeper.storage.tokens), so only a page
opened with the edit link can show both links. QR codes are drawn by segno on the server:
no external service ever sees a token. Links are absolute: from ``PUBLIC_URL`` when set
(e.g. "http://192.168.1.20:5000"), else from the address the phone used.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from functools import lru_cache

import segno
from flask import current_app, request, url_for
from flask_babel import gettext
from markupsafe import Markup

from scorekeeper.services.games import LoadedGame
from scorekeeper.services.tables import LoadedTable

# Version-4 codes at 5 px a module (205 px with the quiet zone) scan well from a phone screen.
QR_SCALE = 5
QR_BORDER = 4  # the quiet zone the standard asks for


@dataclass(frozen=True)
class ShareLink:
    """One capability link as the Share panel shows it."""

    kind: str  # "edit" or "view"
    url: str
    heading: str
    explanation: str
    qr_label: str
    qr: Markup


def game_url(token: str) -> str:
    """The absolute URL of the game page for this token."""
    base = (current_app.config.get("PUBLIC_URL") or "").rstrip("/")
    if base:
        return base + url_for("play.game", token=token)
    return url_for("play.game", token=token, _external=True)


@lru_cache(maxsize=256)
def qr_svg(url: str) -> Markup:
    """An inline SVG QR code of `url`: paths only (no style attribute, so the CSP holds)."""
    code = segno.make(url, error="m", micro=False)
    svg = code.svg_inline(
        scale=QR_SCALE,
        border=QR_BORDER,
        dark="#000",
        light="#fff",
        svgclass="qr-code",
        lineclass=None,
    )
    return Markup(svg)  # segno writes only numbers and fixed markup, never the URL's text


def share_links(loaded: LoadedGame) -> list[ShareLink]:
    """Both links of a game opened with its edit link; nothing for a view link."""
    if loaded.access != "edit" or not loaded.edit_token:
        return []
    edit_url, view_url = game_url(loaded.edit_token), game_url(loaded.view_token)
    return [
        ShareLink(
            kind="edit",
            url=edit_url,
            heading=gettext("Edit link"),
            explanation=gettext("For the players: whoever opens it can record, undo and correct turns."),
            qr_label=gettext("QR code of the edit link"),
            qr=qr_svg(edit_url),
        ),
        ShareLink(
            kind="view",
            url=view_url,
            heading=gettext("View link"),
            explanation=gettext("For a TV or a spectator: the scoreboard, live, with nothing to change."),
            qr_label=gettext("QR code of the view link"),
            qr=qr_svg(view_url),
        ),
    ]


def served_on_loopback() -> bool:
    """True when this page came through localhost: other phones can't open such a link."""
    if current_app.config.get("PUBLIC_URL"):
        return False
    host = request.host.rsplit(":", 1)[0].strip("[]")
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def table_url(token: str) -> str:
    """The absolute URL of the table page for this token (PUBLIC_URL first, as for games)."""
    base = (current_app.config.get("PUBLIC_URL") or "").rstrip("/")
    if base:
        return base + url_for("tables.table", token=token)
    return url_for("tables.table", token=token, _external=True)


def table_links(table: LoadedTable) -> list[ShareLink]:
    """Both links of a table opened with its edit link, each with its QR code; none for a view link."""
    if table.access != "edit" or not table.edit_token:
        return []
    edit_url, view_url = table_url(table.edit_token), table_url(table.view_token)
    return [
        ShareLink(
            kind="edit",
            url=edit_url,
            heading=gettext("Edit link"),
            explanation=gettext("For the players: start games here, rename players, delete games."),
            qr_label=gettext("QR code of the edit link"),
            qr=qr_svg(edit_url),
        ),
        ShareLink(
            kind="view",
            url=view_url,
            heading=gettext("View link"),
            explanation=gettext("For anyone to look: every game and record, with nothing to change."),
            qr_label=gettext("QR code of the view link"),
            qr=qr_svg(view_url),
        ),
    ]
