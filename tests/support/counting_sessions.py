"""A session interface that counts the cookies it opens: a request Flask itself answered."""

from __future__ import annotations

from flask.sessions import SecureCookieSessionInterface


class Counting(SecureCookieSessionInterface):
    """The default session interface, counting the cookies it opens."""

    opened = 0

    def open_session(self, app, request):
        Counting.opened += 1
        return super().open_session(app, request)
