"""A sentence for a player, kept as a template and its values so the web layer can translate it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any


def N_(text: str) -> str:
    """Mark a string for translation without translating it (the web layer does that)."""
    return text


def NC_(context: str, text: str) -> str:
    """Mark a string for translation in a context (msgctxt), where one edition words it its own way."""
    return text


@dataclass(frozen=True)
class Message:
    """``template % params`` in English; a param that is itself a Message is translated too.

    ``plural`` is the template for counts other than one; the count is ``params["num"]``.
    """

    template: str
    params: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None

    def __post_init__(self) -> None:
        # A read-only copy: a message is a value, shared between threads and requests.
        object.__setattr__(self, "params", MappingProxyType(dict(self.params)))

    def render(self, translate: Any = None) -> str:
        """The sentence; ``translate(message) -> template`` picks the language (English if None)."""
        template = translate(self) if translate else self._english_template()
        values = {
            key: value.render(translate) if isinstance(value, Message) else value
            for key, value in self.params.items()
        }
        return template % values if values else template

    def _english_template(self) -> str:
        if self.plural is not None and self.params.get("num") != 1:
            return self.plural
        return self.template

    def __str__(self) -> str:
        return self.render()

    def __reduce__(self) -> tuple[Any, tuple[str, dict[str, Any], str | None]]:
        # The read-only params view cannot be pickled or deep-copied; its dict can.
        return Message, (self.template, dict(self.params), self.plural)
