"""The language picker: a one-tap form on every page that remembers this phone's language in a cookie."""

from __future__ import annotations

from typing import TYPE_CHECKING

from flask import Blueprint, Response, redirect, render_template, request
from flask_babel import force_locale
from flask_wtf.csrf import CSRFError
from markupsafe import Markup
from werkzeug.wrappers import Response as Redirect

from ..infra.extensions import csrf
from ..infra.i18n import COOKIE, COOKIE_AGE, LANGUAGE_NAMES, LANGUAGES, current_language, language_of
from ..viewmodels.scoresheet import game_sheet

if TYPE_CHECKING:
    from scorekeeper.services.games import LoadedGame

    from ..viewmodels.sheet_model import Sheet

bp = Blueprint("language", __name__)

MAX_PATH = 2000  # longer than any page of ours with its query


def return_path() -> str:
    """Where the picker sends the phone back to: this page (path and query, without the app's prefix)."""
    return request.full_path.rstrip("?") if request.method == "GET" else request.path


def _safe_path(value: object) -> str:
    """A path on this site ("/g/…?x=1"); "/" for anything that could lead elsewhere."""
    if not isinstance(value, str) or len(value) > MAX_PATH:
        return "/"
    if not value.startswith("/") or value.startswith("//") or "\\" in value or any(c < " " for c in value):
        return "/"
    return value


@bp.post("/language")
@csrf.exempt  # a token would put a session cookie on every page; another site's post is refused below
def choose() -> Redirect:
    """Remember the language picked on this phone and go back to the page it was picked on (303)."""
    if _from_another_site():
        raise CSRFError("The language form was sent from another site.")
    response = redirect(request.script_root + _safe_path(request.form.get("next")), 303)
    language = language_of(request.form.get("lang"))
    if language is not None:
        response.set_cookie(
            COOKIE,
            language,
            max_age=COOKIE_AGE,
            samesite="Lax",
            httponly=True,
            secure=request.is_secure,
        )
    return response


def _from_another_site() -> bool:
    """True when the browser says the form came from another site (Sec-Fetch-Site or Origin).

    Every browser of the last years sends one of the two on a form post; a post with neither
    (curl, a test client) is let through, since it can only set its own cookie.
    """
    if request.headers.get("Sec-Fetch-Site", "same-origin") not in ("same-origin", "none"):
        return True
    origin = request.headers.get("Origin")
    return origin is not None and origin != request.host_url.rstrip("/")


def picker() -> dict[str, object]:
    """What templates/_language.html shows: every language in its own words, the current one, the way back."""
    return {
        "languages": [(code, LANGUAGE_NAMES[code]) for code in LANGUAGES],
        "current": current_language(),
        "next": return_path(),
    }


def vary_on_language(response: Response) -> Response:
    """Pages differ by the picked language (cookie) and the browser's: caches must key on both."""
    if response.mimetype == "text/html":
        response.vary.add("Cookie")
        response.vary.add("Accept-Language")
    return response


bp.after_app_request(vary_on_language)


def paper_copy(loaded: LoadedGame, sheet: Sheet) -> Markup:
    """The paper sheet the game page and the board carry for the browser's Print, in the game's language.

    A German table's printout is German whatever phone prints it: when the game has a language
    other than the page's, its sheet is built and its template rendered again in that language.
    """
    language = language_of(loaded.language)
    if language is None or language == current_language():
        return Markup(render_template("print/_sheet.html", sheet=sheet, paper_only=True))
    with force_locale(language):
        paper = game_sheet(loaded, with_log=False)
        return Markup(render_template("print/_sheet.html", sheet=paper, paper_only=True))
