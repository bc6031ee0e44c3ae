"""The forms of the web layer, one per action; names and titles are checked by scorekeeper.services.games."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from babel import support
from flask_babel import get_locale, lazy_gettext
from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, HiddenField, StringField
from wtforms.i18n import messages_path
from wtforms.validators import ValidationError

from scorekeeper.rules import EDITIONS, Ruleset
from scorekeeper.services import names

from ..infra.i18n import language_of, translate


@lru_cache(maxsize=16)
def _wtforms_catalogue(locale: str) -> Any:
    """WTForms' own messages in one language, read from disk once per process."""
    return support.Translations.load(messages_path(), [locale], domain="wtforms")


class Form(FlaskForm):
    """The app's base form: Flask-WTF re-read WTForms' catalogue file on every request."""

    class Meta:
        def get_translations(self, form: Any) -> Any:
            return _wtforms_catalogue(str(get_locale()))


class RepeatedField(Field):
    """Every value posted under one name, in order (the new-game form's `player`)."""

    def process_formdata(self, valuelist: list[str]) -> None:
        self.data = list(valuelist)

    def _value(self) -> str:  # pragma: no cover - rendered by hand in the template
        return ""


def check_names(raw: list[str]) -> tuple[list[str], dict[int, str], str | None]:
    """Cleaned names, a translated reason per refused seat, and one for the list as a whole."""
    checked = names.check_players(raw)
    errors = {seat: translate(reason) for seat, reason in checked.reasons.items()}
    overall = translate(checked.count) if checked.count is not None else None
    return list(checked.names), errors, overall


# The values a ticked coach checkbox sends (the form's own "y"; "on" is a browser's default).
COACH_ON_VALUES = ("y", "on")


class NewGameForm(Form):
    """Players in seat order, the edition, an optional title and coach mode."""

    player = RepeatedField()
    # Radio buttons rendered by hand (each with its description); only the value is checked here.
    edition = StringField(lazy_gettext("Rules"), default=Ruleset.default().id)
    title = StringField(lazy_gettext("Title (optional)"), filters=[names.clean_text])
    coach = BooleanField(lazy_gettext("Coach mode"), default=False)
    # The game's own language for its printed sheet and TV board; "" leaves it to each phone.
    language = StringField(lazy_gettext("Language of the printed sheet"))
    action = HiddenField()

    def validate_edition(self, field: Field) -> None:
        # Read the registry when the form is checked, not when this module is imported: an
        # edition registered later (a plugin, a test) is offered by the page, so accept it too.
        if field.data not in EDITIONS:
            raise ValidationError(lazy_gettext("Choose one of the rules."))

    def validate_language(self, field: Field) -> None:
        if field.data and language_of(field.data) is None:
            raise ValidationError(lazy_gettext("Choose one of the languages."))

    def validate_coach(self, field: Field) -> None:
        # A BooleanField takes any value but "false" as on ("off", "0", "n" too): only the
        # checkbox's own value ("y", or a browser's default "on") means on, absence means off.
        raw = field.raw_data or []
        if raw and raw[0] not in COACH_ON_VALUES:
            field.data = False
            raise ValidationError(lazy_gettext("Coach mode is a tick box: tick it, or leave it empty."))

    def validate_title(self, field: Field) -> None:
        _, reason = names.check_title(field.data)
        if reason is not None:
            raise ValidationError(translate(reason))


class DiceForm(Form):
    """Final dice as typed; `add` and `clear` let the keypad work without JavaScript."""

    dice = StringField(lazy_gettext("Dice"))
    add = HiddenField()
    clear = HiddenField()


class TurnForm(Form):
    """Record a turn: the chosen box, the dice and the turn the form was made for."""

    box = HiddenField()
    dice = HiddenField()
    turn = HiddenField()


class VersionForm(Form):
    """A one-button action on the game as it was shown (undo), guarded by its version."""

    version = HiddenField()


class CorrectForm(Form):
    """Correct an earlier turn's dice and box."""

    dice = StringField(lazy_gettext("Dice"))
    box = StringField(lazy_gettext("Box"))  # the engine refuses anything that is not a box
    version = HiddenField()


class ActionForm(Form):
    """A one-button form that only carries the CSRF token (rematch)."""


def as_int(value: object) -> int | None:
    """A small non-negative integer from a form value, None if it is not one."""
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 10:
        return int(value)
    return None
