"""Times the web app as phones use it: the server on a loopback port, the real forms, gzip-counted bytes.

Run: .venv/bin/python benchmarks/web_bench.py  (prints figures against the issue's targets)

Measures, sequentially from one client over keep-alive connections:
- recording a turn: POST /g/<token>/turns with the CSRF token and the htmx header, over several games;
- loading the game page of a finished 6-player game (GET /g/<token>, the whole page);
- the bytes of a game page's first load (HTML + each linked CSS and JS file) and of one turn's
  fragment, as served on the wire to a client sending `Accept-Encoding: gzip, deflate` (what
  Chromium sends over plain http on a home network), beside the raw size of each file.
Exits non-zero only when something crashes, never on a missed target.
"""

from __future__ import annotations

import gzip
import html
import http.client
import os
import random
import re
import shutil
import statistics
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

from scorekeeper.rules import Game, find_edition

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repository, for tests.support
from tests.support.app_server import Server, start_server, stop_server

RECORD_P50_TARGET_MS = 10.0
FIRST_LOAD_TARGET = 40 * 1024
FRAGMENT_TARGET = 6 * 1024
SEED = 2024
GAMES = [2, 3, 4, 6, 2, 3]  # players per game: 13 × 20 = 260 recorded turns
PAGE_LOADS = 200
WARMUP = 20
NAMES = ["Annabelle", "Bo", "Cyrille", "Dee", "Evangeline", "Fred", "Gus", "Hanna"]
CSRF_FIELD = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')
ASSETS = re.compile(r'<(?:script\b[^>]*\bsrc|link\b[^>]*\brel="stylesheet"[^>]*\bhref)="([^"]+)"')
ACCEPT_ENCODING = "gzip, deflate"  # Chromium over http (brotli only over https)


def migrated_database(folder: Path) -> Path:
    """A fresh SQLite file with every migration applied."""
    from scorekeeper import create_app, storage

    path = folder / "bench.db"
    app = create_app({"DATABASE_URL": f"sqlite:///{path}", "SECRET_KEY": "bench"})
    storage.upgrade(app)
    storage.dispose(app)
    return path


class Client:
    """One phone: a keep-alive connection, its session cookie and its latest CSRF token."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.cookie: str | None = None
        self.csrf = ""
        self.wire = 0  # bytes of the last body as served (compressed when the server compressed)

    def request(
        self, method: str, path: str, form: dict | None = None, headers: dict[str, str] | None = None
    ) -> tuple[int, dict[str, str], bytes, float]:
        """(status, headers, body, seconds from sending to the last byte read)."""
        sent = {"Accept-Encoding": ACCEPT_ENCODING, **(headers or {})}
        body = None
        if self.cookie:
            sent["Cookie"] = self.cookie
        if form is not None:
            body = urllib.parse.urlencode(form, doseq=True)
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        start = time.perf_counter()
        try:
            self.connection.request(method, path, body=body, headers=sent)
            response = self.connection.getresponse()
            data = response.read()
        except (http.client.HTTPException, OSError):  # the server closed a kept-alive connection
            self.connection.close()
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            start = time.perf_counter()
            self.connection.request(method, path, body=body, headers=sent)
            response = self.connection.getresponse()
            data = response.read()
        seconds = time.perf_counter() - start
        received = {name.lower(): value for name, value in response.getheaders()}
        self.wire = len(data)
        if "gzip" in received.get("content-encoding", ""):
            data = gzip.decompress(data)
        cookie = received.get("set-cookie", "")
        if cookie.startswith("session="):
            self.cookie = cookie.split(";", 1)[0]
        found = CSRF_FIELD.search(data.decode("utf-8", "replace"))
        if found:
            self.csrf = html.unescape(found.group(1))
        return response.status, received, data, seconds

    def get(self, path: str, **kw) -> tuple[int, dict[str, str], bytes, float]:
        status, headers, data, seconds = self.request("GET", path, **kw)
        if status != 200:
            raise RuntimeError(f"GET {path.split('/g/')[0]}… answered {status}")
        return status, headers, data, seconds

    def new_game(self, players: list[str]) -> str:
        """Post the new-game form; the edit token of the game."""
        self.get("/new")
        status, headers, data, _ = self.request(
            "POST",
            "/new",
            {
                "csrf_token": self.csrf,
                "player": players,
                "edition": "hasbro-1996",
                "title": "",
                "action": "start",
            },
        )
        if status != 303:
            raise RuntimeError(f"new game answered {status}: {data[:300]!r}")
        return headers["location"].rsplit("/", 1)[1]

    def record(self, token: str, turn: int, dice: tuple[int, ...], box: str) -> tuple[int, float]:
        """Tap a box as htmx does: the fragment's bytes as served and the seconds it took."""
        status, _, data, seconds = self.request(
            "POST",
            f"/g/{token}/turns",
            {"csrf_token": self.csrf, "dice": "".join(map(str, dice)), "box": box, "turn": str(turn)},
            headers={"HX-Request": "true", "X-CSRFToken": self.csrf},
        )
        if status != 200:
            raise RuntimeError(f"recording turn {turn} answered {status}: {data[:300]!r}")
        return self.wire, seconds

    def options(self, token: str, dice: tuple[int, ...]) -> float:
        """Five dice in: the options fragment, as htmx asks for it."""
        status, _, data, seconds = self.request(
            "POST",
            f"/g/{token}/options",
            {"csrf_token": self.csrf, "dice": "".join(map(str, dice))},
            headers={"HX-Request": "true", "X-CSRFToken": self.csrf},
        )
        if status != 200:
            raise RuntimeError(f"options answered {status}: {data[:300]!r}")
        return seconds


def random_turn(game: Game, rng: random.Random) -> tuple[tuple[int, ...], str]:
    """Fair dice (five equal ones now and then, for jokers) and a legal box the engine offers."""
    jokers = rng.random() < 0.08
    dice = (rng.randint(1, 6),) * 5 if jokers else tuple(rng.randint(1, 6) for _ in range(5))
    return dice, rng.choice(list(game.cards[game.current_player].options(dice)))  # keys in sheet order


def percentile(samples: list[float], q: float) -> float:
    """The q-th percentile (nearest rank) of the samples."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered) + 0.5) - 1))]


def first_load(client: Client, token: str) -> tuple[list[tuple[str, int, int, str]], dict[str, str]]:
    """Each file a browser fetches for the game page: (name, raw bytes, bytes served, encoding)."""
    _, headers, page, _ = client.get(f"/g/{token}")
    files = [("HTML page", len(page), client.wire, headers.get("content-encoding", "none"))]
    for url in dict.fromkeys(m.group(1) for m in ASSETS.finditer(page.decode())):
        _, received, data, _ = client.get(html.unescape(url))
        name = url.split("/static/", 1)[-1].split("?", 1)[0]
        files.append((name, len(data), client.wire, received.get("content-encoding", "none")))
    return files, headers


def served_compressed(client: Client, path: str) -> bool:
    """Does the server answer Accept-Encoding: gzip with a gzip body?"""
    _, headers, _, _ = client.get(path, headers={"Accept-Encoding": "gzip"})
    return "gzip" in headers.get("content-encoding", "")


def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def main() -> int:
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-bench-"))
    env = {"SCOREKEEPER_SECRET_KEY": "web-bench", "SCOREKEEPER_RATELIMIT_ENABLED": "false"}
    # the server as `make run` starts it (2 workers × 4 threads), rate limits off
    server = start_server(migrated_database(folder), folder, env=env, access_log=False)
    try:
        return run(server)
    finally:
        stop_server(server)
        shutil.rmtree(folder, ignore_errors=True)


def run(server: Server) -> int:
    rng = random.Random(SEED)
    client = Client(server.port)
    load_before = os.getloadavg()[0]

    # Warm both workers (templates compiled, connections opened) before timing anything.
    warm = client.new_game(NAMES[:2])
    client.get(f"/g/{warm}")
    game = Game(NAMES[:2], find_edition("hasbro-1996"))
    for turn in range(WARMUP):
        dice, box = random_turn(game, rng)
        client.options(warm, dice)
        client.record(warm, turn, dice, box)
        game = game.play(dice, box)

    record_ms: list[float] = []
    options_ms: list[float] = []
    fragments: list[int] = []
    finished_six = ""
    for players in GAMES:
        names = NAMES[:players]
        token = client.new_game(names)
        client.get(f"/g/{token}")
        game = Game(names, find_edition("hasbro-1996"))
        while not game.is_over:
            dice, box = random_turn(game, rng)
            options_ms.append(client.options(token, dice) * 1000)
            served, seconds = client.record(token, len(game.turns), dice, box)
            record_ms.append(seconds * 1000)
            if players == 6 and not game.is_over:
                fragments.append(served)
            game = game.play(dice, box)
        if players == 6:
            finished_six = token

    page_ms = [client.get(f"/g/{finished_six}")[3] * 1000 for _ in range(PAGE_LOADS)]
    files, page_headers = first_load(client, finished_six)
    first_total = sum(served for _, _, served, _ in files)
    fragment_max = max(fragments)
    gzip_page = served_compressed(client, f"/g/{finished_six}")
    page = client.get(f"/g/{finished_six}")[2].decode()
    css_url = html.unescape(next(m.group(1) for m in ASSETS.finditer(page) if "app.css" in m.group(1)))
    gzip_css = served_compressed(client, css_url)
    css_cache = client.get(css_url)[1].get("cache-control", "")

    print(
        f"Scorekeeper web benchmark: served 2 workers × 4 threads on 127.0.0.1, SQLite, "
        f"{os.cpu_count()} CPUs, one client at a time over keep-alive"
    )
    print(
        "Load average before/after (other work on the machine inflates every figure): "
        f"{load_before:.2f} / {os.getloadavg()[0]:.2f}"
    )
    print(
        f"Record a turn (POST /turns, CSRF + HX-Request), {len(record_ms)} turns in {len(GAMES)} games "
        f"of {'/'.join(map(str, GAMES))} players:"
    )
    record_p50 = statistics.median(record_ms)
    print(
        f"  p50 {record_p50:6.2f} ms   p99 {percentile(record_ms, 99):6.2f} ms   "
        f"target p50 ≤ {RECORD_P50_TARGET_MS:.0f} ms: {verdict(record_p50 <= RECORD_P50_TARGET_MS)}"
    )
    print(
        f"Show options (POST /options, same turns):  p50 {statistics.median(options_ms):6.2f} ms   "
        f"p99 {percentile(options_ms, 99):6.2f} ms"
    )
    print(
        f"Load the page of a finished 6-player game (GET, {PAGE_LOADS}×):  "
        f"p50 {statistics.median(page_ms):6.2f} ms   p99 {percentile(page_ms, 99):6.2f} ms"
    )
    print(
        f"First load of a game page (finished 6-player game), bytes as served for "
        f"Accept-Encoding: {ACCEPT_ENCODING}:"
    )
    for name, raw, served, encoding in files:
        print(f"  {name:34} {raw:8,} B raw  {served:7,} B served ({encoding})")
    print(
        f"  total {first_total:,} B = {first_total / 1024:.1f} KB   "
        f"target ≤ {FIRST_LOAD_TARGET // 1024} KB: {verdict(first_total <= FIRST_LOAD_TARGET)}"
    )
    print(
        f"One turn's fragment (6 players, as served): median {statistics.median(fragments):,.0f} B, "
        f"largest {fragment_max:,} B   target ≤ {FRAGMENT_TARGET // 1024} KB: "
        f"{verdict(fragment_max <= FRAGMENT_TARGET)}"
    )
    print(f"Served gzip by the app? page: {'yes' if gzip_page else 'NO'}, CSS: {'yes' if gzip_css else 'NO'}")
    print(
        f"Cache headers: page {page_headers.get('cache-control', '(none)')}; static {css_cache or '(none)'}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
