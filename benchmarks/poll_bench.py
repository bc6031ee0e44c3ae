"""What one idle poll costs: bytes on the wire and server time, in-process and through the server.

Run: .venv/bin/python benchmarks/poll_bench.py

A page polls every 1.5 s (static/js/live.js): GET /g/<token> with HX-Request and If-None-Match,
the ETag of what it shows; while nothing changes the answer is 304 with no body. The same
question asked as GET /g/<token>/poll?v=<version> gets 204. For both, measures:
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


def in_process(app, path: str, asked: dict[str, str], expected: int) -> list[float]:
    """Milliseconds per poll, calling the WSGI app directly."""
    headers = [("Host", "192.168.1.20:5000"), *asked.items()]
    environ = EnvironBuilder(path=path, headers=headers).get_environ()

    def start_response(status: str, headers: list[tuple[str, str]], exc_info: object = None) -> None:
        assert status.startswith(str(expected)), status

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


def raw_request(path: str, asked: dict[str, str]) -> bytes:
    lines = [f"GET {path} HTTP/1.1", "Host: 192.168.1.20:5000", "Connection: close"]
    lines += [f"{name}: {value}" for name, value in {**BROWSER_HEADERS, **asked}.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def through_server(port: int, path: str, asked: dict[str, str], expected: int) -> list[float]:
    """Milliseconds per poll through the server, over one keep-alive connection."""
    connection = http.client.HTTPConnection("127.0.0.1", port)
    served = []
    for index in range(RUNS + 200):
        started = time.perf_counter()
        connection.request("GET", path, headers={**BROWSER_HEADERS, **asked})
        response = connection.getresponse()
        response.read()
        if index >= 200:  # the first ones warm both workers up
            served.append((time.perf_counter() - started) * 1000)
        assert response.status == expected, response.status
    connection.close()
    return served


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
    page = f"/g/{created.view_token}"
    etag = app.test_client().get(page, headers={"HX-Request": "true"}).headers["ETag"]
    polls = {  # name: (path, headers, the idle answer's status)
        "live.js's poll (If-None-Match)": (page, {"HX-Request": "true", "If-None-Match": etag}, 304),
        "GET /poll?v=": (f"{page}/poll?v={version}", {}, 204),
    }
    for poll in polls.values():
        in_process(app, *poll)  # warm up
    local = {name: in_process(app, *poll) for name, poll in polls.items()}
    storage.dispose(app)

    server = start_server(database, workdir, env={"SCOREKEEPER_SECRET_KEY": "bench"}, access_log=False)
    try:
        served = {name: through_server(server.port, *poll) for name, poll in polls.items()}
        idle = {name: raw_exchange(server.port, raw_request(*poll[:2])) for name, poll in polls.items()}
        requests = {name: raw_request(*poll[:2]) for name, poll in polls.items()}
        behind = raw_exchange(server.port, raw_request(f"{page}/poll?v={version - 1}", {}))
    finally:
        stop_server(server)

    print(f"idle poll, {RUNS} runs each (6-player game, 40 turns in)")
    for name in polls:
        times, trips = local[name], served[name]
        print(f"{name}:")
        print(
            f"  server time in-process (WSGI call): median {statistics.median(times):.3f} ms, "
            f"p99 {percentile(times, 0.99):.3f} ms"
        )
        print(
            f"  round trip through the server (loopback, keep-alive): median "
            f"{statistics.median(trips):.3f} ms, p99 {percentile(trips, 0.99):.3f} ms"
        )
        request, answer = requests[name], idle[name]
        print(f"  request: {len(request)} bytes (browser-like headers, incl. a 187-byte cookie)")
        print(f"  idle answer: {len(answer)} bytes, body 0 bytes")
        print(f"  per phone polling every 1.5 s: {(len(request) + len(answer)) * 40 / 1024:.1f} KiB a minute")
    behind_body = behind.partition(b"\r\n\r\n")[2]
    print(f"GET /poll?v= one version behind (200): {len(behind)} bytes, body {len(behind_body)} bytes")
    print("\nthe idle 304 as sent:\n" + next(iter(idle.values())).decode("latin-1").strip())


if __name__ == "__main__":
    main()
