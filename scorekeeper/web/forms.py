"""The forms of the web layer; field names follow the form contract of issue 3."""

from __future__ import annotations

import unicodedata

from flask_babel import gettext, lazy_gettext
from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, HiddenField, StringField
from wtforms.validators import AnyOf, Length, Optional, ValidationError

from scorekeeper.games import MAX_NAME_LENGTH
from scorekeeper.rules import MAX_PLAYERS, MIN_PLAYERS, Edition
from scorekeeper.rules.game import BAD_PLAYER_COUNT

NAME_MAX = MAX_NAME_LENGTH
TITLE_MAX = 60  # stricter than storage's 100: a title fits one line of the sheet


class RepeatedField(Field):
    """Every value posted under one name, in order (the new-game form's `player`)."""

    def process_formdata(self, valuelist: list[str]) -> None:
        self.data = list(valuelist)

    def _value(self) -> str:  # pragma: no cover - rendered by hand in the template
        return ""


def clean_text(value: object) -> str:
    """Trimmed text with runs of white space made one space."""
    return " ".join(value.split()) if isinstance(value, str) else ""


def has_control_characters(text: str) -> bool:
    """Control, format or unassigned characters have no place in a name."""
    return any(unicodedata.category(ch).startswith("C") for ch in text)


def check_names(raw: list[str]) -> tuple[list[str], dict[int, str], str | None]:
    """Trimmed names, a message per bad seat, and a message for the whole list."""
    names = [clean_text(name) for name in raw]
    errors: dict[int, str] = {}
    seen: dict[str, int] = {}
    for seat, name in enumerate(names):
        if not name:
            errors[seat] = gettext("Enter a name, or remove this player.")
        elif len(name) > NAME_MAX:
            errors[seat] = gettext("A name has at most %(max)d characters.", max=NAME_MAX)
        elif has_control_characters(name):
            errors[seat] = gettext("Use letters, digits and punctuation only.")
        elif name.casefold() in seen:
            errors[seat] = gettext(
                "%(name)s is already playing; tell them apart, e.g. %(name)s 2.", name=name
            )
        else:
            seen[name.casefold()] = seat
    overall = None
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        overall = gettext(BAD_PLAYER_COUNT)
    return names, errors, overall


class NewGameForm(FlaskForm):
    """Players in seat order, the edition, an optional title and coach mode."""

    player = RepeatedField()
    # Radio buttons rendered by hand (each with its description); only the value is checked here.
    edition = StringField(
        lazy_gettext("Rules"),
        default=Edition.default().value,
        validators=[AnyOf([e.value for e in Edition], message=lazy_gettext("Choose one of the rules."))],
    )
    title = StringField(
        lazy_gettext("Title (optional)"),
        filters=[clean_text],
        validators=[
            Optional(),
            Length(max=TITLE_MAX, message=lazy_gettext("A title has at most %(max)d characters.", max=TITLE_MAX)),
        ],
    )
    coach = BooleanField(lazy_gettext("Coach mode"), default=False)
    action = HiddenField()

    def validate_title(self, field: Field) -> None:
        if field.data and has_control_characters(field.data):
            raise ValidationError(gettext("Use letters, digits and punctuation only."))


class DiceForm(FlaskForm):
    """Final dice as typed; `add` and `clear` let the keypad work without JavaScript."""

    dice = StringField(lazy_gettext("Dice"))
    add = HiddenField()
    clear = HiddenField()


class TurnForm(FlaskForm):
    """Record a turn: the chosen box, the dice and the turn the form was made for."""

    box = HiddenField()
    dice = HiddenField()
    turn = HiddenField()


class VersionForm(FlaskForm):
    """A one-button action on the game as it was shown (undo), guarded by its version."""

    version = HiddenField()


class CorrectForm(FlaskForm):
    """Correct an earlier turn's dice and box."""

    dice = StringField(lazy_gettext("Dice"))
    box = StringField(lazy_gettext("Box"))  # the engine refuses anything that is not a box
    version = HiddenField()


class ActionForm(FlaskForm):
    """A one-button form that only carries the CSRF token (rematch)."""


def as_int(value: object) -> int | None:
    """A small non-negative integer from a form value, None if it is not one."""
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 10:
        return int(value)
    return None
