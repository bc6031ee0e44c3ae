"""The web layer, in four parts so a newcomer knows where a thing goes.

- ``views/``: the blueprints (one module per area of the app), their forms and error pages;
  a new page goes here. A view calls services and viewmodels, never another view.
- ``viewmodels/``: what pages show, read from the engine as plain values (the one sheet model,
  the entry and options, the coach's advice and chart, the links); a new presenter goes here.
- ``live/``: live updates (the change stamps, the poll layer in front, the shared fragment).
- ``infra/``: plumbing every page shares (extensions, translation, security headers, rate
  limits, compression, PDF rendering, the device's recent games and tables); a new header goes here.
"""

from __future__ import annotations

from flask import Flask

from . import live
from .infra import compression, converters, hardening, i18n, limits, security
from .infra.extensions import csrf
from .viewmodels import advice, links, presenters, table_statistics
from .views import coach, errors, health, home, install, language, play, printing, tables
from .views.rendering import is_htmx, turn_link

# Blueprint modules, in registration order.
BLUEPRINTS = (health, home, play, printing, live, coach, language, install, tables)


def template_helpers() -> dict[str, object]:
    """Every function the templates may call: formatting and translation, never a service.

    The one place helpers are registered; what a page shows beyond them, its view puts in
    the context (the sheet through scoresheet.sheet_context, the coach's values as ``advice``).
    """
    return {
        # words and names in the player's language
        "edition_name": i18n.edition_name,
        "edition_description": i18n.edition_description,
        "names_list": i18n.names_list,
        "get_locale": i18n.get_locale,
        "language_picker": language.picker,
        "paper_copy": language.paper_copy,
        # the game page
        "turn_headline": presenters.turn_headline,
        "turn_summary": presenters.turn_summary,
        "turn_link": turn_link,
        "is_htmx": is_htmx,  # a fragment carries no CSRF field (games/_macros.html)
        # the share panel
        "share_links": links.share_links,
        "served_on_loopback": links.served_on_loopback,
        # the coach's figures
        "one_decimal": advice.one_decimal,
        "points_lost": advice.points_lost,
        # a table's records and statistics: the figures as words and charts
        "statistics_view": table_statistics.statistics_view,
    }


def init_app(app: Flask) -> None:
    """Register extensions, blueprints, error pages, headers and template helpers."""
    converters.init_app(app)  # before any blueprint: its routes compile with it
    csrf.init_app(app)
    i18n.init_app(app)
    security.init_app(app)
    errors.init_app(app)
    for module in BLUEPRINTS:
        app.register_blueprint(module.bp)
    hardening.init_app(app)  # proxy, cookies, HTML-safe JSON, token-free logs
    limits.init_app(app)  # binds the limiter, after the blueprints it limits
    compression.init_app(app)  # gzip/brotli and versioned static URLs
    app.jinja_env.globals.update(template_helpers())
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
