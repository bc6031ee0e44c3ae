"""What a browser downloads for a page's first load: the HTML and every stylesheet and script it
links, each as served to a client sending ``Accept-Encoding: gzip, deflate`` (Chromium over plain
http), and what the page fetches only once it is used (htmx: static/js/htmx-lazy.js).

Used by benchmarks/first_load_bench.py (the figures) and tests/integration/web/test_first_load.py
(the budget): bytes are deterministic, so a test may hold them to a budget.
"""

from __future__ import annotations

import gzip
import html
import random
import re
from dataclasses import dataclass
from typing import Any

from scorekeeper.rules import Game, find_edition
from scorekeeper.services import games, tables

ACCEPT_ENCODING = "gzip, deflate"  # Chromium over http (brotli only over https)
LINKED = re.compile(r'<(?:script\b[^>]*?\ssrc|link\b[^>]*\brel="stylesheet"[^>]*?\shref)="([^"]+)"')
ON_FIRST_USE = re.compile(r'<script\b[^>]*\bdata-src="([^"]+)"')
NAMES = ["Annabelle", "Bo", "Cyrille", "Dee", "Evangeline", "Fred"]


@dataclass(frozen=True)
class Download:
    """One file of a page's first load: its name, its size, and its size as served."""

    name: str
    raw: int
    served: int
    encoding: str


@dataclass(frozen=True)
class FirstLoad:
    """A page's first load, and what it fetches later, on first use."""

    page: str
    files: tuple[Download, ...]
    later: tuple[Download, ...]

    @property
    def served(self) -> int:
        return sum(file.served for file in self.files)

    @property
    def served_later(self) -> int:
        return sum(file.served for file in self.later)


def _download(client: Any, url: str, name: str | None = None) -> Download:
    with client.get(url, headers={"Accept-Encoding": ACCEPT_ENCODING}) as response:
        if response.status_code != 200:
            raise RuntimeError(f"{url} answered {response.status_code}")
        body = response.get_data()
        encoding = response.headers.get("Content-Encoding", "none")
    raw = len(gzip.decompress(body)) if encoding == "gzip" else len(body)
    return Download(name or url.split("/static/", 1)[-1].split("?", 1)[0], raw, len(body), encoding)


def first_load(client: Any, page: str, path: str) -> FirstLoad:
    """The page at `path` and the files it links, then those it fetches on first use."""
    files = [_download(client, path, "HTML page")]
    with client.get(path) as response:  # the same page, uncompressed, to read its links
        text = response.get_data(as_text=True)
    files += [_download(client, html.unescape(url)) for url in dict.fromkeys(LINKED.findall(text))]
    later = [_download(client, html.unescape(url)) for url in dict.fromkeys(ON_FIRST_USE.findall(text))]
    return FirstLoad(page, tuple(files), tuple(later))


def _played(db: Any, token: str, players: list[str], turns: int | None, seed: int) -> None:
    """Record `turns` random legal turns (all of them when None) through the use case."""
    rng = random.Random(seed)
    game = Game(players, find_edition("hasbro-1996"))
    while not game.is_over and (turns is None or len(game.turns) < turns):
        dice = tuple(rng.randint(1, 6) for _ in range(5))
        box = rng.choice(list(game.cards[game.current_player].options(dice)))
        games.record_turn(db, token, len(game.turns), dice, box)
        game = game.play(dice, box)


def every_page(client: Any, db: Any) -> list[FirstLoad]:
    """The first load of each kind of page a player opens first."""
    table = tables.create_table(db, "Friday")
    playing = tables.start_game(db, table.edit_token, NAMES[:4], "hasbro-1996")
    _played(db, playing.edit_token, NAMES[:4], 9, seed=1)
    finished = games.create_game(db, NAMES, "hasbro-1996")
    _played(db, finished.edit_token, NAMES, None, seed=2)
    pages = [
        ("home", "/"),
        ("new game", "/new"),
        ("game, 4 players, turn 10", f"/g/{playing.edit_token}"),
        ("game, 6 players, finished", f"/g/{finished.edit_token}"),
        ("board (view link)", f"/g/{playing.view_token}"),
        ("history", f"/g/{playing.edit_token}/history"),
        ("table", f"/t/{table.edit_token}"),
    ]
    return [first_load(client, name, path) for name, path in pages]
