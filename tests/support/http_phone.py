"""A phone that speaks plain HTTP to a served app: its session cookie and the CSRF token of its last page."""

from __future__ import annotations

import html
import http.client
import re
import urllib.parse
from typing import Protocol

CSRF_FIELD = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')
GAME_LOCATION = re.compile(r"/g/([A-Za-z0-9_-]+)$")


class Served(Protocol):
    """Anything serving the app at a URL (the served Server, the browser tests' LiveApp)."""

    @property
    def url(self) -> str: ...


class Phone:
    """One browser's worth of state: its session cookie and the CSRF token of its last page."""

    def __init__(self, server: Served) -> None:
        address = urllib.parse.urlsplit(server.url)
        # A served app always has a host; "" only satisfies the type checker (a benchmark imports this).
        self.host, self.port = address.hostname or "", address.port
        self.cookie: str | None = None
        self.csrf: str | None = None

    def request(
        self, method: str, path: str, data: dict | None = None, headers: dict[str, str] | None = None
    ) -> tuple[int, dict[str, str], str]:
        """One request on a fresh connection: (status, headers, body text)."""
        connection = http.client.HTTPConnection(self.host, self.port, timeout=60)
        sent = dict(headers or {})
        body = None
        if self.cookie:
            sent["Cookie"] = self.cookie
        if data is not None:
            body = urllib.parse.urlencode(data, doseq=True)
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            text = response.read().decode("utf-8", errors="replace")
            received = {name.lower(): value for name, value in response.getheaders()}
        finally:
            connection.close()
        cookie = received.get("set-cookie")
        if cookie and cookie.startswith("session="):
            self.cookie = cookie.split(";", 1)[0]
        found = CSRF_FIELD.search(text)
        if found:
            self.csrf = html.unescape(found.group(1))
        return response.status, received, text

    def get(self, path: str, **kw) -> tuple[int, dict[str, str], str]:
        return self.request("GET", path, **kw)

    def post(self, path: str, data: dict, **kw) -> tuple[int, dict[str, str], str]:
        """POST a form the way a browser does: with the CSRF token of the last page."""
        return self.request("POST", path, data={"csrf_token": self.csrf or "", **data}, **kw)

    def new_game(self, players: list[str], title: str = "") -> str:
        """Fill in the new-game form; the edit token of the game it opens."""
        status, _, _ = self.get("/new")
        assert status == 200
        status, headers, body = self.post(
            "/new",
            {"player": players, "edition": "hasbro-1996", "title": title, "action": "start"},
        )
        assert status == 303, body[:500]
        found = GAME_LOCATION.search(headers["location"])
        assert found, headers["location"]
        return found.group(1)
