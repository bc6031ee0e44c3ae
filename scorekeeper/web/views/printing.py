"""Printing: the paper scoresheet of a game or a blank one, as a print page or a PDF download."""

from __future__ import annotations

import re
import unicodedata
from datetime import date as Date
from typing import Any
from urllib.parse import quote

from flask import Blueprint, Response, current_app, render_template, request, url_for
from flask_babel import gettext

from scorekeeper.rules import EDITIONS, Ruleset, find_edition

from ..infra.extensions import limiter
from ..infra.i18n import speak_game_language, use_vocabulary
from ..infra.limits import game_key, opened_the_game
from ..infra.pdf import (
    DEFAULT_QUEUE,
    PAPER_SIZES,
    RETRY_AFTER_SECONDS,
    PdfBusy,
    PdfCache,
    cached_pdf,
    refuse_when_busy,
)
from ..infra.waiting import outside_app_thread
from ..viewmodels.scoresheet import blank_sheet as blank_pad
from ..viewmodels.scoresheet import game_sheet
from ..viewmodels.sheet_model import COLUMNS_PER_PAGE, Sheet
from .loading import load_or_404
from .rendering import render_error

bp = Blueprint("printing", __name__)

# A PDF costs about a second of CPU: one address may ask for a few a minute, not a flood.
DEFAULT_PDF_LIMIT = "20 per minute; 200 per hour"


def pdf_limit() -> str:
    """The limit on PDF downloads per address (RATE_LIMIT_PDF), read at request time."""
    return str(current_app.config.get("RATE_LIMIT_PDF") or DEFAULT_PDF_LIMIT)


_pdf_rate = limiter.shared_limit(pdf_limit, scope="printing-pdf")  # blank sheets: per address
# A game's PDFs count per game and only when its link opened it: a stranger behind the players'
# router, asking for blank sheets or links that open nothing, cannot use up their budget.
_game_pdf_rate = limiter.shared_limit(
    pdf_limit, scope="game-pdf", key_func=game_key, deduct_when=opened_the_game
)

_UNSAFE_ASCII = re.compile(r"[^A-Za-z0-9._-]+")
_UNSAFE_NAME = re.compile(r"[\x00-\x1f\x7f/\\\"]+")


_ECHOED = 24  # characters of an unknown edition id said back in the message


class UnknownEdition(Exception):
    """A blank sheet was asked for an edition that does not exist."""


def _edition_arg() -> Ruleset:
    """The edition a blank sheet is drawn for (?edition=…, the default one when not given)."""
    wanted = request.args.get("edition", "")
    try:
        rules = find_edition(wanted) if wanted else Ruleset.default()
    except ValueError:
        raise UnknownEdition(wanted) from None
    use_vocabulary(rules)
    return rules


@bp.errorhandler(UnknownEdition)
def _unknown_edition(error: UnknownEdition):
    """A clear 404 that lists the editions there are, never a 500."""
    names = ", ".join(f"{gettext(rules.name)} ({rules.id})" for rules in EDITIONS.values())
    return render_error(
        404,
        gettext("No such rules"),
        gettext(
            "There is no rules edition called %(edition)s. Blank sheets are printed for: %(editions)s.",
            edition=str(error.args[0])[:_ECHOED],
            editions=names,
        ),
    )


def _edition_links(
    current: Ruleset, endpoint: str = "printing.blank_sheet", **values: Any
) -> list[tuple[str, str, bool]]:
    """(name, blank sheet URL, is it this one) for every edition: the blank sheet's chooser."""
    # Any: url_for's own options share its keywords with the URL's values (as in _pdf_links).
    return [
        (gettext(rules.name), url_for(endpoint, **values, edition=rules.id), rules == current)
        for rules in EDITIONS.values()
    ]


def _game_url(token: str) -> str:
    return f"{request.script_root}/g/{quote(token, safe='')}"


def _show_log() -> bool:
    return request.args.get("log") == "1"


def _paper() -> str:
    paper = request.args.get("paper", "a4").lower()
    return paper if paper in PAPER_SIZES else "a4"


def file_stem(title: str, date: Date | None) -> str:
    """The PDF's name before .pdf: the title (or "Score sheet") and the date."""
    return " ".join(
        part for part in (title.strip() or gettext("Score sheet"), date and date.isoformat()) if part
    )


def content_disposition(stem: str) -> str:
    """attachment with an ASCII file name for old clients and the exact UTF-8 one (RFC 6266)."""
    ascii_stem = unicodedata.normalize("NFKD", stem).encode("ascii", "ignore").decode()
    ascii_stem = _UNSAFE_ASCII.sub("-", ascii_stem).strip("-.") or "scoresheet"
    exact = _UNSAFE_NAME.sub("-", stem).strip(" .-") or "scoresheet"
    return (
        f'attachment; filename="{ascii_stem[:80]}.pdf"; '
        f"filename*=UTF-8''{quote(exact[:80] + '.pdf', safe='')}"
    )


def _pdf_links(endpoint: str, **values: str) -> list[tuple[str, str]]:
    # Any: url_for's own options (_external: bool, ...) share its keywords with the URL's values.
    args: dict[str, Any] = {**values, "log": "1"} if _show_log() else {**values}
    return [
        (gettext("PDF (A4)"), url_for(endpoint, **args)),
        (gettext("PDF (US Letter)"), url_for(endpoint, **args, paper="letter")),
    ]


def _render(sheet: Sheet, document_title: str, for_pdf: bool, **context: object) -> str:
    return render_template(
        "print/sheet.html",
        sheet=sheet,
        document_title=document_title,
        for_pdf=for_pdf,
        has_log=bool(sheet.log),
        show_log=_show_log(),
        columns_per_page=COLUMNS_PER_PAGE,
        **context,
    )


def _pdf_cache() -> PdfCache:
    """This app's PDF cache (PDF_CACHE_BYTES), made on first use."""
    cache = current_app.extensions.get("scorekeeper.pdf_cache")
    if cache is None:
        cache = PdfCache(int(current_app.config.get("PDF_CACHE_BYTES") or 16 * 1024 * 1024))
        current_app.extensions["scorekeeper.pdf_cache"] = cache
    return cache


@bp.errorhandler(PdfBusy)
def _pdf_busy(error: PdfBusy):
    """503 with Retry-After: the worker is rendering another PDF, turns go first."""
    page, status = render_error(
        503,
        gettext("The printer is busy"),
        gettext("Another scoresheet is being made right now. Try again in a few seconds."),
    )
    return page, status, {"Retry-After": str(RETRY_AFTER_SECONDS)}


def _pdf_queue() -> int:
    return int(current_app.config.get("PDF_QUEUE", DEFAULT_QUEUE))


def _pdf_response(html: str, stem: str) -> Response:
    pdf = cached_pdf(
        _pdf_cache(),
        html,
        current_app.static_folder or "",
        request.script_root + (current_app.static_url_path or ""),
        _paper(),
        wait=float(current_app.config.get("PDF_WAIT_SECONDS", 3.0)),
        separate_process=bool(current_app.config.get("PDF_SEPARATE_PROCESS", True)),
        queue=_pdf_queue(),
        outside=lambda: outside_app_thread(request.environ),  # waiting gives turns and polls the thread
    )
    response = Response(pdf, mimetype="application/pdf")
    response.headers["Content-Disposition"] = content_disposition(stem)
    response.headers["Cache-Control"] = "private, no-cache"
    return response


@bp.get("/g/<token>/print")
def sheet(token: str) -> str:
    """The game's scoresheet laid out for paper, with its print controls on screen."""
    loaded = load_or_404(token)
    speak_game_language(loaded.language)  # a German table's sheet prints in German from any phone
    return _render(
        game_sheet(loaded),
        file_stem(loaded.title, loaded.created_at.date()),
        for_pdf=False,
        back_url=_game_url(token),
        back_label=gettext("Back to the game"),
        pdf_links=_pdf_links("printing.game_pdf", token=token),
        blank_url=url_for("printing.game_blank_sheet", token=token),
    )


@bp.get("/g/<token>/scoresheet.pdf")
@_game_pdf_rate
def game_pdf(token: str) -> Response:
    """The same scoresheet as a PDF file named after the game's title and date."""
    loaded = load_or_404(token)
    refuse_when_busy(_pdf_queue())  # a storm of PDFs: refused before its pages are built
    speak_game_language(loaded.language)
    stem = file_stem(loaded.title, loaded.created_at.date())
    html = _render(game_sheet(loaded), stem, for_pdf=True)
    return _pdf_response(html, stem)


@bp.get("/blank-sheet")
def blank_sheet() -> str:
    """An empty scoresheet with six columns, for a game played with pencil and paper (?edition=…)."""
    rules = _edition_arg()
    return _render(
        blank_pad(rules),
        _blank_stem(rules),
        for_pdf=False,
        back_url=f"{request.script_root}/",
        back_label=gettext("Back to the start page"),
        pdf_links=_pdf_links("printing.blank_pdf", edition=rules.id),
        editions=_edition_links(rules),
    )


@bp.get("/g/<token>/blank-sheet")
def game_blank_sheet(token: str) -> str:
    """The blank sheet offered by a game's print view: that game's edition unless another is
    chosen, and the way back leads to that game."""
    loaded = load_or_404(token)
    rules = _edition_arg() if request.args.get("edition") else loaded.edition
    return _render(
        blank_pad(rules),
        _blank_stem(rules),
        for_pdf=False,
        back_url=_game_url(token),
        back_label=gettext("Back to the game"),
        pdf_links=_pdf_links("printing.blank_pdf", edition=rules.id),
        editions=_edition_links(rules, "printing.game_blank_sheet", token=token),
    )


@bp.get("/blank-sheet.pdf")
@_pdf_rate
def blank_pdf() -> Response:
    """The blank scoresheet of an edition as a PDF."""
    rules = _edition_arg()
    stem = _blank_stem(rules)
    return _pdf_response(_render(blank_pad(rules), stem, for_pdf=True), stem)


def _blank_stem(rules: Ruleset) -> str:
    return gettext("Blank score sheet, %(edition)s", edition=gettext(rules.name))
