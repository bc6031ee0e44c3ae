"""What one idle poll costs: bytes on the wire and server time, in-process and through the server.

Run: .venv/bin/python benchmarks/poll_bench.py

A phone polls GET /g/<token>/poll?v=<version> every 1.5 s; while nothing changes the answer
is 204 with no body. Measures:
- server time: the Flask app called directly as WSGI (no network), median and p99;
- the same request through the server `make run` starts, on a loopback port over one keep-alive
  connection;
- the exact bytes of the request a browser-like client sends and of the 204 answer,
  and of the 200 answer once the game has moved on.
"""

from __future__ import annotations

import http.client
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

from werkzeug.test import EnvironBuilder

from scorekeeper import create_app, storage
from scorekeeper.services import games

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repository, for tests.support
from tests.support.app_server import start_server, stop_server

RUNS = 2000
# What Chromium sends with fetch() from the game page (the session cookie included).
BROWSER_HEADERS = {
    "User-Agent": "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/126.0 Mobile Safari/537.36",
    "Accept": "*/*",
    "Accept-Encoding": "gzip, deflate",
    "Accept-Language": "en",
    "Cache-Control": "no-cache",
    "Pragma": "no-cache",
    "Sec-Fetch-Mode": "cors",
    "Sec-Fetch-Site": "same-origin",
    "Sec-Fetch-Dest": "empty",
    "Referer": "http://192.168.1.20:5000/g/TOKEN",
    "Cookie": "session=" + "x" * 180,  # a signed cookie with a few recent games
}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def in_process(app, path: str) -> list[float]:
    """Milliseconds per poll, calling the WSGI app directly."""
    environ = EnvironBuilder(path=path, headers=[("Host", "192.168.1.20:5000")]).get_environ()

    def start_response(status: str, headers: list[tuple[str, str]], exc_info: object = None) -> None:
        assert status.startswith("204"), status

    times = []
    for _ in range(RUNS):
        started = time.perf_counter()
        body = app.wsgi_app(dict(environ), start_response)
        b"".join(body)
        getattr(body, "close", lambda: None)()
        times.append((time.perf_counter() - started) * 1000)
    return times


def raw_exchange(port: int, request: bytes) -> bytes:
    """Send one raw request; return the raw response (headers and body) as received."""
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.sendall(request)
        data = b""
        while b"\r\n\r\n" not in data:
            data += sock.recv(65536)
        head, _, rest = data.partition(b"\r\n\r\n")
        length = 0
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        while len(rest) < length:
            rest += sock.recv(65536)
        return head + b"\r\n\r\n" + rest


def raw_request(path: str) -> bytes:
    lines = [f"GET {path} HTTP/1.1", "Host: 192.168.1.20:5000", "Connection: close"]
    lines += [f"{name}: {value}" for name, value in BROWSER_HEADERS.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def main() -> None:
    workdir = Path(tempfile.mkdtemp(prefix="poll-bench-"))
    database = workdir / "bench.db"
    config = {"SECRET_KEY": "bench", "DATABASE_URL": f"sqlite:///{database}"}
    app = create_app(config)
    storage.upgrade(app)
    db = app.extensions[storage.DB_KEY]
    created = games.create_game(db, ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"], "hasbro-1996")
    for turn in range(40):
        games.record_turn(
            db,
            created.edit_token,
            turn,
            (1, 2, 3, 4, 6),
            ["ones", "twos", "threes", "fours", "fives", "sixes", "chance"][turn // 6],
        )
    version = games.game_version(db, created.edit_token)
    path = f"/g/{created.view_token}/poll?v={version}"

    in_process(app, path)  # warm up
    local = in_process(app, path)
    storage.dispose(app)

    server = start_server(database, workdir, env={"SCOREKEEPER_SECRET_KEY": "bench"}, access_log=False)
    port = server.port
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port)
        served = []
        for index in range(RUNS + 200):
            started = time.perf_counter()
            connection.request("GET", path, headers=BROWSER_HEADERS)
            response = connection.getresponse()
            response.read()
            if index >= 200:  # the first ones warm both workers up
                served.append((time.perf_counter() - started) * 1000)
            assert response.status == 204, response.status
        connection.close()
        request = raw_request(path)
        idle = raw_exchange(port, request)
        changed = raw_exchange(port, raw_request(f"/g/{created.view_token}/poll?v={version - 1}"))
    finally:
        stop_server(server)

    print(f"idle poll, {RUNS} runs each (6-player game, 40 turns in)")
    print(
        f"  server time in-process (WSGI call): median {statistics.median(local):.3f} ms, "
        f"p99 {percentile(local, 0.99):.3f} ms"
    )
    print(
        f"  round trip through the server (loopback, keep-alive): median "
        f"{statistics.median(served):.3f} ms, p99 {percentile(served, 0.99):.3f} ms"
    )
    print(f"  request: {len(request)} bytes (browser-like headers, incl. a 187-byte cookie)")
    print(f"  idle answer (204): {len(idle)} bytes, body 0 bytes")
    changed_body = changed.partition(b"\r\n\r\n")[2]
    print(f"  changed answer (200): {len(changed)} bytes, body {len(changed_body)} bytes")
    print(f"  per phone polling every 1.5 s: {(len(request) + len(idle)) * 40 / 1024:.1f} KiB a minute")
    print("\nthe idle 204 as sent:\n" + idle.decode("latin-1").strip())


if __name__ == "__main__":
    main()
