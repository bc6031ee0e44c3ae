"""The app served as `make run` serves it (python -m scorekeeper.server.serve: granian) on a free loopback
port (tests and benchmarks).

Imports nothing from scorekeeper, so a benchmark can start it before it imports the app.
"""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
START_ATTEMPTS = 3
# How long a server may take to start or stop: its workers import the app, seconds on a 2-core
# machine at load 10. Only a server that is broken waits this long.
PATIENCE_S = 120.0


def free_port() -> int:
    """A TCP port nobody listens on right now (the server binds it a moment later)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def serve_command(
    port: int,
    error_log: Path,
    *,
    workers: int = 2,
    threads: int = 4,
    access_log: Path | None = None,
    stop_timeout: int | None = None,
) -> list[str]:
    """The command line `make run` serves with, on this loopback port (no access log when None)."""
    access = str(access_log) if access_log else "off"
    command = [sys.executable, "-m", "scorekeeper.server.serve", "--host", "127.0.0.1", "--port", str(port),
               "--workers", str(workers), "--threads", str(threads),
               "--access-log", access, "--error-log", str(error_log)]  # fmt: skip
    if stop_timeout is not None:
        command += ["--stop-timeout", str(stop_timeout)]
    return command


@dataclass
class Server:
    """The served app, from its own SQLite file, with its logs in files."""

    host: str
    port: int
    database: Path
    access_log: Path
    error_log: Path
    process: subprocess.Popen

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"


def start_server(
    database: Path,
    logs: Path,
    *,
    workers: int = 2,
    threads: int = 4,
    env: dict[str, str] | None = None,
    access_log: bool = True,
    stop_timeout: int | None = None,
) -> Server:
    """Start the server as `make run` does (token-free logs) on a free port; wait until it answers.

    `database` is a migrated SQLite file; the logs go to access.log and error.log in `logs`;
    `stop_timeout` is the server's --stop-timeout (its own default when None).
    """
    access, error = logs / "access.log", logs / "error.log"
    settings = {
        **os.environ,
        "SCOREKEEPER_DATABASE_URL": f"sqlite:///{database}",
        "SCOREKEEPER_SECRET_KEY": "served-app",
        **(env or {}),
    }
    for _ in range(START_ATTEMPTS):  # another process may take the free port first
        port = free_port()
        process = subprocess.Popen(
            serve_command(
                port,
                error,
                workers=workers,
                threads=threads,
                access_log=access if access_log else None,
                stop_timeout=stop_timeout,
            ),
            cwd=ROOT,
            env=settings,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        server = Server("127.0.0.1", port, database, access, error, process)
        if _wait_until_serving(server):
            return server
        stop_server(server)
    raise RuntimeError("the server did not start: " + error.read_text(errors="replace")[-2000:])


def _answers(server: Server) -> bool:
    connection = http.client.HTTPConnection(server.host, server.port, timeout=10)
    try:
        connection.request("GET", "/")
        return connection.getresponse().status == 200
    finally:
        connection.close()


def _wait_until_serving(server: Server, timeout: float = PATIENCE_S) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            return False
        try:
            if _answers(server):
                return True
        except OSError:
            pass
        time.sleep(0.1)
    return False


def stop_server(server: Server) -> None:
    """Stop the server this process started (by its own process id)."""
    if server.process.poll() is None:
        server.process.send_signal(signal.SIGTERM)
        try:
            server.process.wait(timeout=PATIENCE_S)
        except subprocess.TimeoutExpired:
            server.process.kill()
            server.process.wait()


@contextmanager
def serving(
    database: Path,
    logs: Path,
    *,
    workers: int = 2,
    threads: int = 4,
    env: dict[str, str] | None = None,
    access_log: bool = True,
) -> Iterator[Server]:
    """start_server(...) for the length of a with block."""
    server = start_server(database, logs, workers=workers, threads=threads, env=env, access_log=access_log)
    try:
        yield server
    finally:
        stop_server(server)
