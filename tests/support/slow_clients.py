"""Clients that send a request body a byte at a time (tests and benchmarks of the served app)."""

from __future__ import annotations

import select
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol


class Served(Protocol):
    host: str
    port: int


class SlowBody:
    """One connection sending `POST path` with a stated length, then its body one byte at a time."""

    def __init__(
        self, server: Served, path: str, length: int, source: str = "127.0.0.1", body: bytes = b""
    ) -> None:
        self.body = body.ljust(length, b"x")
        self.sent = 0
        self.sock = socket.create_connection(
            (server.host, server.port), timeout=10, source_address=(source, 0)
        )
        head = (
            f"POST {path} HTTP/1.1\r\nHost: {server.host}:{server.port}\r\n"
            f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {length}\r\n\r\n"
        )
        self.sock.sendall(head.encode())
        self.received = b""
        self.closed = False
        self.trickle()

    def trickle(self, count: int = 1) -> None:
        """Send the next `count` bytes of the body (nothing once the server has closed)."""
        if self.closed or self.sent >= len(self.body):
            return
        try:
            self.sock.sendall(self.body[self.sent : self.sent + count])
            self.sent += count
        except OSError:
            self.closed = True

    def status(self) -> int | None:
        """The status the server answered with so far, or None (never waits)."""
        while not self.closed and select.select([self.sock], [], [], 0)[0]:
            try:
                chunk = self.sock.recv(65536)
            except OSError:
                chunk = b""
            if not chunk:
                self.closed = True
                break
            self.received += chunk
        if self.received.startswith(b"HTTP/1.1 "):
            return int(self.received[9:12])
        return None

    def close(self) -> None:
        self.closed = True
        self.sock.close()


@contextmanager
def slow_bodies(
    server: Served, count: int, path: str, length: int = 10_000, source: str = "127.0.0.1", every: float = 1.0
) -> Iterator[list[SlowBody]]:
    """`count` slow bodies kept open for the length of a with block, each sending a byte every `every` s."""
    clients = [SlowBody(server, path, length, source) for _ in range(count)]
    stop = threading.Event()

    def trickle() -> None:
        while not stop.wait(every):
            for client in clients:
                client.trickle()

    thread = threading.Thread(target=trickle, daemon=True)
    thread.start()
    try:
        yield clients
    finally:
        stop.set()
        thread.join()
        for client in clients:
            client.close()
