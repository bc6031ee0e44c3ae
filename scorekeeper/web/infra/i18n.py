"""Translation: the request's language, the edition's vocabulary, and the one place a Message is translated.

The language of a request is, first to last: the game's own language on the pages a table prints
or puts on a TV (set by ``speak_game_language``), the language this phone picked (a cookie set by
the picker, ``language.py``), the browser's ``Accept-Language``, English.

The vocabulary: a ruleset may name translation contexts (``Ruleset.vocabulary``) for the labels
whose translation differs from another edition's (in German, one edition's sheet says "Drilling"
where another's says "Dreierpasch"; a Swedish six-dice block says "Par" where a five-dice one
says "Ett par"). While a page shows such a game, every lookup tries those contexts in order and falls back
to the plain entry, so only the labels that differ need a second entry in the catalogues.
"""

from __future__ import annotations

from typing import Any

from babel.lists import format_list
from flask import Flask, g, request
from flask_babel import Domain, get_babel, get_locale, get_translations, refresh
from werkzeug.datastructures import LanguageAccept

from scorekeeper.rules import Message, Ruleset
from scorekeeper.services import names

from .extensions import babel

# The catalogues in scorekeeper/translations; English is the source language, with no catalogue.
LANGUAGES = ("en", "fr", "de", "sv", "es")
# Each language in its own words, as the picker shows it (never translated).
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "de": "Deutsch", "sv": "Svenska", "es": "Español"}
COOKIE = "lang"
COOKIE_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie (RFC 6265bis)


def language_of(value: object) -> str | None:
    """A language code we have ("de"), or None for anything else (a cookie or a form value)."""
    return value if isinstance(value, str) and value in LANGUAGES else None


def choose_language(game_language: str | None, phone_choice: object, browser: LanguageAccept) -> str:
    """The game's language where it prints, else this phone's choice, else the browser's, else English."""
    return game_language or language_of(phone_choice) or browser.best_match(LANGUAGES) or LANGUAGES[0]


def select_locale() -> str:
    """Flask-Babel's locale selector: choose_language for this request."""
    return choose_language(g.get("game_language"), request.cookies.get(COOKIE), request.accept_languages)


def speak_game_language(language: str | None) -> None:
    """Render the rest of this request in the game's language (print view, PDF, TV), if it has one."""
    if language_of(language) and language != g.get("game_language"):
        g.game_language = language
        refresh()  # get_locale() may already have been cached for this request


class _Vocabulary:
    """A catalogue seen through an edition's contexts: the first one's entry for a message if any, else
    the next one's, else the plain one."""

    def __init__(self, base: Any, contexts: tuple[str, ...]) -> None:
        self._base, self._contexts = base, contexts

    def gettext(self, message: str) -> str:
        for context in self._contexts:
            found = self._base.pgettext(context, message)
            # gettext returns the very msgid object when there is no entry: identity tells "missing".
            if found is not message:
                return found
        return self._base.gettext(message)

    def ngettext(self, singular: str, plural: str, num: int) -> str:
        for context in self._contexts:
            found = self._base.npgettext(context, singular, plural, num)
            if found is not singular and found is not plural:
                return found
        return self._base.ngettext(singular, plural, num)

    ugettext = gettext
    ungettext = ngettext

    def __getattr__(self, name: str) -> Any:
        return getattr(self._base, name)


class _VocabularyDomain(Domain):
    """The app's catalogues, looked up through an edition's contexts first."""

    def __init__(self, contexts: tuple[str, ...]) -> None:
        super().__init__()
        self.contexts = contexts

    def get_translations(self) -> Any:
        return _Vocabulary(get_babel().instance.domain_instance.get_translations(), self.contexts)


def current_translations() -> Any:
    """Flask-Babel's get_translations(), remembered for the request while its locale and domain stay.

    A sheet asks for over a hundred strings, and each of Flask-Babel's own lookups walks the request
    context several times. force_locale, refresh() and use_vocabulary replace the locale or domain
    objects, so the identity check notices every change.
    """
    try:
        ctx = g._flask_babel
    except (AttributeError, RuntimeError):  # the first lookup of the request, or no request at all
        return get_translations()
    key = (getattr(ctx, "babel_locale", None), getattr(ctx, "babel_domain", None))
    known = getattr(ctx, "scorekeeper_translations", None)
    if known is not None and key[0] is not None and known[0] is key[0] and known[1] is key[1]:
        return known[2]
    translations = get_translations()
    ctx.scorekeeper_translations = (ctx.babel_locale, getattr(ctx, "babel_domain", None), translations)
    return translations


def gettext(string: str, **variables: Any) -> str:
    """Flask-Babel's gettext, through the request's remembered translations."""
    text = current_translations().gettext(string)
    return text % variables if variables else text


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """Flask-Babel's ngettext (num formats as %(num)d too), through the remembered translations."""
    variables.setdefault("num", num)
    return current_translations().ngettext(singular, plural, num) % variables


def use_vocabulary(rules: Ruleset) -> None:
    """Translate the rest of this request with the edition's own words (its contexts), if it has some."""
    if rules.vocabulary:
        _VocabularyDomain(rules.vocabulary).as_default()


def _template(message: Message) -> str:
    """The message's template in the current language; the plural form chosen by params["num"]."""
    translations = current_translations()
    if message.plural is None:
        return translations.gettext(message.template)
    num = message.params.get("num", 0)
    found = translations.ngettext(message.template, message.plural, num)
    if found not in (message.template, message.plural):
        return found  # a catalogue entry with its plural forms
    # The engine's two forms are marked N_ one by one, so each is an entry of its own: choose the
    # form by the language's own plural rule (French says "0 dé", English "0 dice").
    rule = getattr(translations, "plural", None)
    form = rule(num) if callable(rule) else int(num != 1)
    return translations.gettext(message.plural if form else message.template)


def translate(message: Message) -> str:
    """A Message (a refusal, a conflict, a history line) in the current language, its params too.

    Flask-Babel's gettext would format a second time; the Message formats once, recursing into
    params that are Messages themselves (a box name, a refusal inside "reason").
    """
    player, whose = message.params.get("player"), message.params.get("whose")
    if isinstance(player, str) and whose is not None:
        # The services write the English possessive; each language writes its own.
        params = {**message.params, "whose": possessive(player)}
        message = Message(message.template, params, message.plural)
    return message.render(_template)


def possessive(name: str) -> str:
    """A name as the request's language writes it before what is theirs ("Björns tur")."""
    return names.possessive(name, current_language())


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


def current_language() -> str:
    """The request's language code ("de"), one of LANGUAGES."""
    return language_of(str(get_locale() or "")) or LANGUAGES[0]


def init_app(app: Flask) -> None:
    """Bind Flask-Babel with the translations kept in scorekeeper/translations."""
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", "translations")
    babel.init_app(app, locale_selector=select_locale)
    # Templates' _() and ngettext() through the request's remembered translations (as Flask-Babel's).
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]  # added by jinja2.ext.i18n
        lambda string: current_translations().gettext(string),
        lambda singular, plural, num: current_translations().ngettext(singular, plural, num),
        newstyle=True,
        pgettext=lambda context, string: current_translations().pgettext(context, string),
        npgettext=lambda context, singular, plural, num: current_translations().npgettext(
            context, singular, plural, num
        ),
    )
