"""Helpers for the sharing tests: a real gunicorn server and phones that speak plain HTTP."""

from __future__ import annotations

import html
import http.client
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CSRF_FIELD = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')
GAME_LOCATION = re.compile(r"/g/([A-Za-z0-9_-]+)$")


def free_port() -> int:
    """A TCP port nobody listens on right now (the server binds it a moment later)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class Server:
    """A gunicorn serving the app from its own SQLite file, with its logs in files."""

    host: str
    port: int
    database: Path
    access_log: Path
    error_log: Path
    process: subprocess.Popen

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"


def start_server(workdir: Path, template_db: Path, *, workers: int = 2, threads: int = 4,
                 env: dict[str, str] | None = None) -> Server:
    """Start gunicorn with the project's config (token-free logs) on a free port; wait for it."""
    database = workdir / "live.db"
    shutil.copyfile(template_db, database)
    access_log, error_log = workdir / "access.log", workdir / "error.log"
    settings = {
        **os.environ,
        "SCOREKEEPER_DATABASE_URL": f"sqlite:///{database}",
        "SCOREKEEPER_SECRET_KEY": "live-server-test",
        **(env or {}),
    }
    for attempt in range(3):
        port = free_port()
        process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", "python:scorekeeper.gunicorn_conf",
             "--bind", f"127.0.0.1:{port}", "--workers", str(workers), "--threads", str(threads),
             "--access-logfile", str(access_log), "--error-logfile", str(error_log),
             "scorekeeper.wsgi:app"],
            cwd=ROOT, env=settings, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        server = Server("127.0.0.1", port, database, access_log, error_log, process)
        if _wait_until_serving(server):
            return server
        stop_server(server)
    raise RuntimeError("gunicorn did not start: " + error_log.read_text(errors="replace")[-2000:])


def _wait_until_serving(server: Server, timeout: float = 30.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            return False
        try:
            status, _, _ = Phone(server).get("/")
            if status == 200:
                return True
        except OSError:
            pass
        time.sleep(0.1)
    return False


def stop_server(server: Server) -> None:
    """Stop the gunicorn this test started (by its own process id)."""
    if server.process.poll() is None:
        server.process.send_signal(signal.SIGTERM)
        try:
            server.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.process.kill()
            server.process.wait()


class Phone:
    """One browser's worth of state: its session cookie and the CSRF token of its last page."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.cookie: str | None = None
        self.csrf: str | None = None

    def request(self, method: str, path: str, data: dict | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
        """One request on a fresh connection: (status, headers, body text)."""
        connection = http.client.HTTPConnection(self.server.host, self.server.port, timeout=60)
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
            "/new", {"player": players, "edition": "hasbro-1996", "title": title, "action": "start"},
        )
        assert status == 303, body[:500]
        found = GAME_LOCATION.search(headers["location"])
        assert found, headers["location"]
        return found.group(1)
