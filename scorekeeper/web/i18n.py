"""Translation: Flask-Babel setup and the engine's refusals in the player's language."""

from __future__ import annotations

from babel.lists import format_list
from flask import Flask, request
from flask_babel import get_locale, gettext

from scorekeeper.rules import Box, Edition, RuleViolation

from .extensions import babel

LANGUAGES = ("en",)
# Engine parameters that hold a name the engine wrote (a box), so they are translated too.
_TRANSLATED_PARAMS = ("box", "upper")


def select_locale() -> str:
    """The best language the browser asks for among those we have."""
    return request.accept_languages.best_match(LANGUAGES) or LANGUAGES[0]


def violation_message(error: RuleViolation) -> str:
    """The refusal's text in the current language (params translated where they are our words)."""
    params = dict(error.params)
    for key in _TRANSLATED_PARAMS:
        if isinstance(params.get(key), str):
            params[key] = gettext(params[key])
    if "reason" in params and isinstance(error.__cause__, RuleViolation):
        params["reason"] = violation_message(error.__cause__)
    # gettext's own %-formatting would re-escape; format once here.
    template = gettext(error.template)
    return template % params if params else template


def translated(template: str, params: dict) -> str:
    """A message the lower layers marked with N_ (template % params), in the current language."""
    text = gettext(template)
    return text % params if params else text


def box_name(box: Box) -> str:
    """A box's full name in the current language."""
    return gettext(box.display_name)


def edition_name(edition: Edition) -> str:
    """An edition's name in the current language."""
    return gettext(edition.display_name)


def edition_description(edition: Edition) -> str:
    """An edition's one-sentence joker order in the current language."""
    return gettext(edition.description)


def names_list(names: list[str]) -> str:
    """Names joined the way the language does it ("Ann, Bo and Cy")."""
    return format_list(list(names), locale=get_locale() or "en")


def init_app(app: Flask) -> None:
    """Bind Flask-Babel with the translations kept in scorekeeper/translations."""
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", "translations")
    babel.init_app(app, locale_selector=select_locale)
    app.jinja_env.globals.update(
        box_name=box_name, edition_name=edition_name,
        edition_description=edition_description, names_list=names_list, get_locale=get_locale,
    )
