"""The translation catalogues in tests: compiled when stale, extracted afresh from the code, read back."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.frontend import CommandLineInterface
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from scorekeeper.web.infra.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "scorekeeper" / "translations"
TRANSLATED = LANGUAGES[1:]  # English is the source language: no catalogue
# The extraction keywords, as `make translations` passes them (besides Babel's defaults).
KEYWORDS = ("-k", "N_", "-k", "NC_:1c,2", "-k", "lazy_gettext")


def po_path(language: str) -> Path:
    return TRANSLATIONS / language / "LC_MESSAGES" / "messages.po"


def read_catalogue(language: str) -> Catalog:
    """A language's .po catalogue as Babel reads it (fuzzy entries kept, so a test can see them)."""
    with po_path(language).open("rb") as handle:
        return read_po(handle, locale=language)


def compile_catalogues() -> None:
    """Build each .mo the app reads from its .po when missing or older, as `make compile-translations`.

    Written to a temporary file and renamed, so two test processes never read half a file.
    """
    for language in TRANSLATED:
        po = po_path(language)
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        fd, temporary = tempfile.mkstemp(dir=mo.parent, suffix=".mo.tmp")
        with os.fdopen(fd, "wb") as handle:
            write_mo(handle, read_catalogue(language))
        os.replace(temporary, mo)


def extract(out: Path) -> Catalog:
    """Every translatable message in the code and templates now, extracted as `make translations` does."""
    CommandLineInterface().run(
        [
            "pybabel",
            "--quiet",
            "extract",
            "-F",
            str(TRANSLATIONS / "babel.cfg"),
            *KEYWORDS,
            "--no-location",
            "-o",
            str(out),
            str(ROOT),
        ]
    )
    with out.open("rb") as handle:
        return read_po(handle)


def keys(catalogue: Catalog) -> set[tuple[str | None, str]]:
    """(context, msgid) of every message (the singular for plurals), the header left out."""
    return {
        (message.context, message.id[0] if isinstance(message.id, tuple) else message.id)
        for message in catalogue
        if message.id
    }
