"""A throwaway Redis for tests: Debian's redis-server on a free loopback port, nothing saved to disk."""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

MISSING = (
    "redis-server is not installed. `make test` installs it (scripts/system-deps.sh); by hand: "
    "sudo apt-get install -y redis-server"
)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(64).startswith(b"+PONG")
    except OSError:
        return False


@contextmanager
def temporary_redis() -> Iterator[str]:
    """Start redis-server in a temp dir; yield its URL; stop it (by its own process) and clean up."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise RuntimeError(MISSING)
    directory = Path(tempfile.mkdtemp(prefix="scorekeeper-redis-"))
    port = _free_port()
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
         "--dir", str(directory), "--daemonize", "no", "--protected-mode", "yes"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60  # a start takes milliseconds; a loaded machine may take seconds
        while not _answers(port):
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"redis-server did not start on port {port}")
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        shutil.rmtree(directory, ignore_errors=True)
