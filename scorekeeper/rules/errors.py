"""The exception every refusal of the rules raises, and its kinds."""

from __future__ import annotations

from typing import Any

from .message import Message


class RuleViolation(ValueError):
    """A move the rules refuse, with a message a player understands.

    ``message`` is a Message the web layer translates; ``str(error)`` is its English text.
    """

    def __init__(self, template: str | Message, **params: Any) -> None:
        self.message = template if isinstance(template, Message) else Message(template, params)
        super().__init__(str(self.message))

    @property
    def template(self) -> str:
        """The message's untranslated template."""
        return self.message.template

    @property
    def params(self) -> dict[str, Any]:
        """The message's values."""
        return dict(self.message.params)


class BadDice(RuleViolation):
    """Text or values that are not five dice from 1 to 6."""
