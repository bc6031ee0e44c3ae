"""The one exception every refusal of the rules raises."""

from __future__ import annotations


class RuleViolation(ValueError):
    """A move the rules refuse, with a message a player understands.

    ``template`` and ``params`` let the web layer translate the message:
    ``str(error) == error.template % error.params``.
    """

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(template % params if params else template)
