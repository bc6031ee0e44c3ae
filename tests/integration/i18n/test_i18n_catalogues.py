"""The catalogues are complete: every message in the code and templates, translated, none fuzzy or empty.

Run after adding strings (`make translations` re-extracts and merges): a new string arrives empty in
every catalogue and the first test names it; a string the code no longer has is dropped.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from tests.support.catalogues import TRANSLATED, TRANSLATIONS, extract, keys, read_catalogue


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> Catalog:
    """What the code and templates ask to translate now (extracted afresh, not read from messages.pot)."""
    return extract(tmp_path_factory.mktemp("extract") / "messages.pot")


def untranslated(catalogue: Catalog) -> list[str]:
    """Messages with an empty translation (any plural form) or marked fuzzy, as "msgid [why]"."""
    found = []
    for message in catalogue:
        if not message.id:
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(forms):
            found.append(f"{message.id!r} [empty]")
        if message.fuzzy:
            found.append(f"{message.id!r} [fuzzy]")
    return found


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_entry_is_empty_or_fuzzy(language):
    catalogue = read_catalogue(language)
    assert not catalogue.fuzzy, "the header is marked fuzzy: pybabel compile would skip the catalogue"
    assert untranslated(catalogue) == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_in_the_code_is_in_the_catalogue(language, extracted):
    missing = keys(extracted) - keys(read_catalogue(language))
    assert sorted(missing, key=str) == [], "run `make translations` and translate these"


def test_messages_pot_is_what_the_code_asks_for_now(extracted):
    with (TRANSLATIONS / "messages.pot").open("rb") as handle:
        template = read_po(handle)
    assert keys(template) == keys(extracted), "messages.pot is stale: run `make translations`"


@pytest.mark.parametrize("language", TRANSLATED)
def test_placeholders_agree_with_the_english(language):
    # Babel's checkers: the same %(name)s placeholders of the same types, in every plural form.
    problems = [
        f"{message.id!r}: {', '.join(map(str, errors))}"
        for message, errors in read_catalogue(language).check()
    ]
    assert problems == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_plural_messages_have_every_form_the_language_has(language):
    catalogue = read_catalogue(language)
    expected = Locale.parse(language).plural_form.rules  # the CLDR rules the header was made from
    assert expected is not None
    for message in catalogue:
        if message.id and message.pluralizable:
            assert len(message.string) == catalogue.num_plurals, message.id


def test_each_language_has_a_catalogue_and_nothing_else_is_there():
    found = sorted(
        path.name for path in TRANSLATIONS.iterdir() if path.is_dir() and path.name != "__pycache__"
    )
    assert found == sorted(TRANSLATED)


def test_the_compiled_catalogues_are_not_committed():
    ignored = (Path(TRANSLATIONS).parents[1] / ".gitignore").read_text(encoding="utf-8").split()
    assert "*.mo" in ignored
