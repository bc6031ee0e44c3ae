"""Times the web app as phones use it: the server on a loopback port, the real forms, gzip-counted bytes.

Run: .venv/bin/python benchmarks/web_bench.py  (prints figures against the issue's targets)
     [--baseline /tmp/old]  (another checkout, e.g. `git worktree add --detach /tmp/old main`: served
                            beside this code and asked the same things turn by turn, alternately, so
                            the machine's other work weighs on both alike; figures as ratios)

Measures, sequentially from one client over keep-alive connections:
- recording a turn: POST /g/<token>/turns with the CSRF token and the htmx header, over several games;
- recording a turn without JavaScript: the POST, its 303 and the game page it leads to;
- loading the game page of a finished 6-player game (GET /g/<token>, the whole page);
- the bytes of a game page's first load (HTML + each linked CSS and JS file; htmx, fetched on the
  page's first use, apart) and of one turn's fragment, as served on the wire to a client sending
  `Accept-Encoding: gzip, deflate` (what Chromium sends over plain http on a home network), beside
  the raw size of each file.
Exits non-zero only when something crashes, never on a missed target.
"""

from __future__ import annotations

import argparse
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
from benchmarks.tables_load_bench import serve, stop
from tests.support.app_server import start_server, stop_server

RECORD_P50_TARGET_MS = 10.0
FIRST_LOAD_TARGET = 30 * 1024
FRAGMENT_TARGET = 6 * 1024
SEED = 2024
GAMES = [2, 3, 4, 6, 2, 3]  # players per game: 13 × 20 = 260 recorded turns
PLAIN_GAME = 4  # players of the game recorded without JavaScript: 52 turns
PAGE_LOADS = 200
WARMUP = 20
NAMES = ["Annabelle", "Bo", "Cyrille", "Dee", "Evangeline", "Fred", "Gus", "Hanna"]
CSRF_FIELD = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')
ASSETS = re.compile(r'<(?:script\b[^>]*?\ssrc|link\b[^>]*\brel="stylesheet"[^>]*?\shref)="([^"]+)"')
ON_FIRST_USE = re.compile(r'<script\b[^>]*\bdata-src="([^"]+)"')  # htmx: static/js/htmx-lazy.js
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

    def record_plain(self, token: str, turn: int, dice: tuple[int, ...], box: str) -> float:
        """Tap a box without JavaScript: the POST, its 303, and the game page it leads to."""
        form = {"csrf_token": self.csrf, "dice": "".join(map(str, dice)), "box": box, "turn": str(turn)}
        status, headers, data, posted = self.request("POST", f"/g/{token}/turns", form)
        if status != 303:
            raise RuntimeError(f"recording turn {turn} without htmx answered {status}: {data[:300]!r}")
        path = urllib.parse.urlsplit(headers["location"]).path
        return posted + self.get(path)[3]

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


def later_load(client: Client, token: str) -> list[tuple[str, int, int, str]]:
    """What the game page fetches only once it is used (htmx): (name, raw bytes, served, encoding)."""
    page = client.get(f"/g/{token}")[2].decode()
    files = []
    for url in dict.fromkeys(ON_FIRST_USE.findall(page)):
        _, received, data, _ = client.get(html.unescape(url))
        name = url.split("/static/", 1)[-1].split("?", 1)[0]
        files.append((name, len(data), client.wire, received.get("content-encoding", "none")))
    return files


def served_compressed(client: Client, path: str) -> bool:
    """Does the server answer Accept-Encoding: gzip with a gzip body?"""
    _, headers, _, _ = client.get(path, headers={"Accept-Encoding": "gzip"})
    return "gzip" in headers.get("content-encoding", "")


def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--baseline", type=Path, help="another checkout, served and timed beside this code")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-bench-"))
    env = {"SCOREKEEPER_SECRET_KEY": "web-bench", "SCOREKEEPER_RATELIMIT_ENABLED": "false"}
    # the server as `make run` starts it (2 workers × 4 threads), rate limits off
    server = start_server(migrated_database(folder), folder, env=env, access_log=False)
    # another checkout, migrated and served by its own code as its `make run` does
    (folder / "baseline").mkdir()
    baseline = serve(args.baseline.resolve(), folder / "baseline", env) if args.baseline else None
    try:
        sides = [("this code", Client(server.port))]
        if baseline is not None:
            sides.append((f"baseline {args.baseline}", Client(baseline.port)))
        return run(sides)
    finally:
        stop_server(server)
        if baseline is not None:
            stop(baseline)
        shutil.rmtree(folder, ignore_errors=True)


class Figures:
    """One side's timings and bytes."""

    def __init__(self) -> None:
        self.record_ms: list[float] = []
        self.plain_ms: list[float] = []
        self.options_ms: list[float] = []
        self.page_ms: list[float] = []
        self.fragments: list[int] = []
        self.finished_six = ""


def run(sides: list[tuple[str, Client]]) -> int:
    """Each turn asked of every side in turn (the same dice and box), so both meet the same load."""
    rng = random.Random(SEED)
    load_before = os.getloadavg()[0]
    figures = {label: Figures() for label, _ in sides}
    edition = find_edition("hasbro-1996")

    # Warm both workers of each side (templates compiled, connections opened) before timing anything.
    warm = {label: client.new_game(NAMES[:2]) for label, client in sides}
    for label, client in sides:
        client.get(f"/g/{warm[label]}")
    game = Game(NAMES[:2], edition)
    for turn in range(WARMUP):
        dice, box = random_turn(game, rng)
        for label, client in sides:
            client.options(warm[label], dice)
            client.record(warm[label], turn, dice, box)
        game = game.play(dice, box)

    for number, players in enumerate([*GAMES, PLAIN_GAME]):
        plain = number == len(GAMES)  # the last game: every turn without JavaScript
        names = NAMES[:players]
        tokens = {label: client.new_game(names) for label, client in sides}
        for label, client in sides:
            client.get(f"/g/{tokens[label]}")
        game = Game(names, edition)
        while not game.is_over:
            dice, box = random_turn(game, rng)
            for label, client in sides[:: 1 if len(game.turns) % 2 else -1]:  # who goes first alternates
                mine, token = figures[label], tokens[label]
                mine.options_ms.append(client.options(token, dice) * 1000)
                if plain:
                    mine.plain_ms.append(client.record_plain(token, len(game.turns), dice, box) * 1000)
                    continue
                served, seconds = client.record(token, len(game.turns), dice, box)
                mine.record_ms.append(seconds * 1000)
                if players == 6:
                    mine.fragments.append(served)
            game = game.play(dice, box)
        if players == 6 and not plain:
            for label, _ in sides:
                figures[label].finished_six = tokens[label]
    for _ in range(PAGE_LOADS):
        for label, client in sides:
            figures[label].page_ms.append(client.get(f"/g/{figures[label].finished_six}")[3] * 1000)
    load_after = os.getloadavg()[0]

    print(
        f"Scorekeeper web benchmark: served 2 workers × 4 threads on 127.0.0.1, SQLite, "
        f"{os.cpu_count()} CPUs, one client at a time over keep-alive"
    )
    print(
        "Load average before/after (other work on the machine inflates every figure): "
        f"{load_before:.2f} / {load_after:.2f}"
    )
    for label, client in sides:
        report(label, client, figures[label])
    if len(sides) == 2:
        this, base = (figures[label] for label, _ in sides)
        print("This code against the baseline, same run (p50 this / p50 baseline; below 1 is faster):")
        for name, ours, theirs in (
            ("record a turn (htmx)", this.record_ms, base.record_ms),
            ("record a turn without JavaScript (POST, 303, page)", this.plain_ms, base.plain_ms),
            ("show options", this.options_ms, base.options_ms),
            ("load a finished 6-player game's page", this.page_ms, base.page_ms),
        ):
            ratio = statistics.median(ours) / statistics.median(theirs)
            print(
                f"  {name:52} {ratio:5.2f}  "
                f"({statistics.median(ours):.2f} / {statistics.median(theirs):.2f} ms)"
            )
    return 0


def report(label: str, client: Client, mine: Figures) -> None:
    """One side's figures against the issue's targets."""
    record_ms, fragments, finished_six = mine.record_ms, mine.fragments, mine.finished_six
    print(f"-- {label}")
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
        f"Record a turn without JavaScript (POST, 303, GET the page), {len(mine.plain_ms)} turns of a "
        f"{PLAIN_GAME}-player game:  p50 {statistics.median(mine.plain_ms):6.2f} ms   "
        f"p99 {percentile(mine.plain_ms, 99):6.2f} ms"
    )
    print(
        f"Show options (POST /options, same turns):  p50 {statistics.median(mine.options_ms):6.2f} ms   "
        f"p99 {percentile(mine.options_ms, 99):6.2f} ms"
    )
    print(
        f"Load the page of a finished 6-player game (GET, {PAGE_LOADS}×):  "
        f"p50 {statistics.median(mine.page_ms):6.2f} ms   p99 {percentile(mine.page_ms, 99):6.2f} ms"
    )
    files, page_headers = first_load(client, finished_six)
    first_total = sum(served for _, _, served, _ in files)
    fragment_max = max(fragments)
    gzip_page = served_compressed(client, f"/g/{finished_six}")
    page = client.get(f"/g/{finished_six}")[2].decode()
    css_url = html.unescape(next(m.group(1) for m in ASSETS.finditer(page) if "app.css" in m.group(1)))
    gzip_css = served_compressed(client, css_url)
    css_cache = client.get(css_url)[1].get("cache-control", "")
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
    for name, raw, served, encoding in later_load(client, finished_six):
        print(f"  then on the page's first use: {name:22} {raw:8,} B raw  {served:7,} B served ({encoding})")
    print(
        f"One turn's fragment (6 players, as served): median {statistics.median(fragments):,.0f} B, "
        f"largest {fragment_max:,} B   target ≤ {FRAGMENT_TARGET // 1024} KB: "
        f"{verdict(fragment_max <= FRAGMENT_TARGET)}"
    )
    print(f"Served gzip by the app? page: {'yes' if gzip_page else 'NO'}, CSS: {'yes' if gzip_css else 'NO'}")
    print(
        f"Cache headers: page {page_headers.get('cache-control', '(none)')}; static {css_cache or '(none)'}"
    )


if __name__ == "__main__":
    sys.exit(main())
