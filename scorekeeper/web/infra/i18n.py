"""Translation: Flask-Babel setup, and the one place a Message of the lower layers is translated."""

from __future__ import annotations

from babel.lists import format_list
from flask import Flask, request
from flask_babel import get_locale, get_translations, gettext

from scorekeeper.rules import Message, Ruleset

from .extensions import babel

LANGUAGES = ("en",)


def select_locale() -> str:
    """The best language the browser asks for among those we have."""
    return request.accept_languages.best_match(LANGUAGES) or LANGUAGES[0]


def _template(message: Message) -> str:
    """The message's template in the current language; the plural form chosen by params["num"]."""
    translations = get_translations()
    if message.plural is not None:
        return translations.ngettext(message.template, message.plural, message.params.get("num", 0))
    return translations.gettext(message.template)


def translate(message: Message) -> str:
    """A Message (a refusal, a conflict, a history line) in the current language, its params too.

    Flask-Babel's gettext would format a second time; the Message formats once, recursing into
    params that are Messages themselves (a box name, a refusal inside "reason").
    """
    return message.render(_template)


def box_name(rules: Ruleset, key: str) -> str:
    """A box's full name in the current language ("Three of a kind"), from the game's ruleset."""
    return gettext(rules.box(key).name)


def box_names(rules: Ruleset) -> dict[str, str]:
    """Every box's name in the current language, by key, in sheet order."""
    return {box.key: gettext(box.name) for box in rules.boxes}


def edition_name(edition: Ruleset) -> str:
    """An edition's name in the current language."""
    return gettext(edition.name)


def edition_description(edition: Ruleset) -> str:
    """An edition's one-line description in the current language."""
    return gettext(edition.description)


def names_list(names: list[str]) -> str:
    """Names joined the way the language does it ("Ann, Bo and Cy")."""
    return format_list(list(names), locale=get_locale() or "en")


def init_app(app: Flask) -> None:
    """Bind Flask-Babel with the translations kept in scorekeeper/translations."""
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", "translations")
    babel.init_app(app, locale_selector=select_locale)
