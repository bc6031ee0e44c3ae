"""Installing the app on a phone's home screen: the web app manifest, the service worker, the
offline page and /favicon.ico (asked for by browsers and tabs that never read the page's icon link)."""

from __future__ import annotations

import hashlib

from flask import Blueprint, Response, current_app, render_template, send_from_directory, url_for
from flask_babel import gettext

bp = Blueprint("install", __name__)

# What the service worker keeps for offline use: the offline page and what it and every page need.
# Not htmx: a page fetches it only once it is used (static/js/htmx-lazy.js), and the worker keeps
# it then, like any static file.
PRECACHED_STATIC = (
    "css/app.css",
    "css/print.css",
    "js/app.js",
    "js/install.js",
    "favicon.svg",
    "icons/icon-192.png",
)
THEME_COLOUR = "#0a6447"  # the die's green (static/favicon.svg)


@bp.app_context_processor
def install_context() -> dict[str, str]:
    """The theme colour for every page's <meta name="theme-color"> (templates/_install_head.html)."""
    return {"theme_colour": THEME_COLOUR}


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """Name, icons, start URL and standalone display: what "Add to home screen" reads."""
    body = {
        "name": gettext("Scorekeeper"),
        "short_name": gettext("Scorekeeper"),
        "description": gettext("Keeps the score of a dice game played at the table with real dice."),
        "start_url": url_for("home.index"),
        "scope": url_for("home.index"),
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": THEME_COLOUR,
        # Full-bleed squares with the pips in the safe zone: right as they are and under any mask.
        "icons": [
            {
                "src": url_for("static", filename=f"icons/icon-{size}.png"),
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": purpose,
            }
            for purpose in ("any", "maskable")
            for size in (192, 512)
        ],
    }
    return Response(current_app.json.dumps(body), mimetype="application/manifest+json")


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, served from the root so its scope is the whole app.

    Rendered so its list of files carries their current versioned URLs: a changed file changes
    this script, and the browser installs the new worker, which drops the old cache.
    """
    urls = [url_for("install.offline")] + [url_for("static", filename=name) for name in PRECACHED_STATIC]
    cache = "scorekeeper-" + hashlib.sha256(" ".join(urls).encode()).hexdigest()[:12]
    script = render_template("install/sw.js", cache=cache, urls=urls, offline_url=url_for("install.offline"))
    response = Response(script, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"  # browsers check for a new worker on every visit
    return response


@bp.get("/offline")
def offline() -> str:
    """The page the service worker shows when a page cannot be loaded without a connection."""
    return render_template("install/offline.html")


@bp.get("/favicon.ico")
def favicon() -> Response:
    """The icon for clients that ask the root for it (the print view, PDF viewers, old browsers)."""
    response = send_from_directory(current_app.static_folder or "", "favicon.ico", max_age=7 * 24 * 3600)
    response.mimetype = "image/vnd.microsoft.icon"
    return response
