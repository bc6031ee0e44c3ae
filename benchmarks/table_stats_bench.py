"""How fast a big table's statistics render: 1,000 finished 4-player games at one table.

Run: .venv/bin/python benchmarks/table_stats_bench.py [--games N] [--database-url URL]

The games are plausible finished games (tests/support/sample_games.py), checked by the engine and
stored directly through storage (52,000 turns one by one through the use cases would take minutes).
Measures, on a SQLite file (or the given database, e.g. a PostgreSQL URL):
- the statistics section as the table page renders it: scorekeeper.statistics.table_statistics
  (cache up to date) plus the tables/_statistics.html partial with its three SVG charts per edition
  (target: p50 ≤ 150 ms);
- the figures alone: viewed again with no game changed (the table's last result), and recomputed
  from the cached per-game totals (what the first view after any change costs);
- the baseline in the same run: the figures with the cache dropped before each run (every game
  replayed by the engine, and the cache written again), and the ratio;
- for information, the whole table page (GET /t/<token>), whose other sections are the table feature's.
With the coach's tables built (flask --app scorekeeper advisor build), the optimal column is included.
Exits non-zero only when something crashes, never on a missed target.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from flask import render_template
from sqlalchemy import insert

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repository, for tests.support
from scorekeeper import create_app, storage, tables
from scorekeeper.rules import Edition, Game
from scorekeeper.statistics import drop_cache, table_statistics
from scorekeeper.statistics.cache import forget
from scorekeeper.statistics.optimal import optimal_box_means
from scorekeeper.storage import records, table_records, tokens
from scorekeeper.storage.models import EntryRow
from tests.support.sample_games import entries

TARGET_MS = 150.0
PLAYERS = ["Ann", "Bo", "Zoé", "Dee", "zoe", "Fred"]
RUNS = 30
BASELINE_RUNS = 3
BATCH = 100


def fill(db, table_token: str, count: int) -> int:
    """Store `count` finished 4-player games at the table; returns the table's id."""
    table_id = tables.load_table(db, table_token).id
    start = datetime(2024, 1, 1, 20, tzinfo=UTC)
    for first in range(0, count, BATCH):
        with storage.writing(db) as session:
            for number in range(first, min(first + BATCH, count)):
                names = [PLAYERS[(number + seat) % len(PLAYERS)] for seat in range(4)]
                if len({n.casefold() for n in names}) < 4:
                    names = PLAYERS[:4]
                turns = entries(4, seed=number)
                game = Game.replay(names, "hasbro-1996", turns)  # the engine checks every turn
                edit = tokens.new_edit_token()
                game_id = records.insert_game(
                    session,
                    edit_hash=tokens.token_hash(edit) or "",
                    view_hash=tokens.token_hash(tokens.view_token_for(edit)) or "",
                    title="",
                    edition="hasbro-1996",
                    coach=False,
                    players=names,
                    now=start + timedelta(days=number),
                )
                session.execute(
                    insert(EntryRow),
                    [
                        {"game_id": game_id, "position": t.index, "dice": str(t.dice), "box": t.box}
                        for t in game.turns
                    ],
                )
                table_records.set_game_table(session, game_id, table_id)
    return table_id


def timed(action, runs: int) -> tuple[list[float], list[float]]:
    """Milliseconds of each run: wall clock, and this process's CPU time (less inflated on a busy machine)."""
    wall, cpu = [], []
    for _ in range(runs):
        started, started_cpu = time.perf_counter(), time.process_time()
        action()
        wall.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - started_cpu) * 1000)
    return wall, cpu


def describe(times: tuple[list[float], list[float]]) -> str:
    wall, cpu = sorted(times[0]), times[1]
    p90 = wall[int(len(wall) * 0.9)]
    return (
        f"p50 {statistics.median(wall):7.1f} ms   p90 {p90:7.1f} ms   "
        f"CPU p50 {statistics.median(cpu):7.1f} ms   ({len(wall)} runs)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--database-url", default="")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="table-stats-bench-"))
    url = args.database_url or f"sqlite:///{folder / 'bench.db'}"
    app = create_app({"DATABASE_URL": url, "SECRET_KEY": "bench", "TESTING": True})
    storage.upgrade(app)
    db = app.extensions[storage.DB_KEY]
    created = tables.create_table(db, "Bench")
    started = time.perf_counter()
    table_id = fill(db, created.edit_token, args.games)
    print(
        f"stored {args.games} finished 4-player games in {time.perf_counter() - started:.1f} s",
        f"({url.split(':')[0]})",
    )

    def section() -> str:
        with app.test_request_context("/"):
            return render_template("tables/_statistics.html", statistics=table_statistics(db, table_id))

    def uncached() -> None:
        drop_cache(db)
        table_statistics(db, table_id)

    with (
        app.app_context()
    ):  # the optimal averages: simulated once per edition and process, as after a first view
        optimal_box_means(Edition("hasbro-1996"), wait=True)
    uncached()
    html = section()
    stats = table_statistics(db, table_id)
    optimal = "with" if stats.editions and stats.editions[0].optimal else "without"
    print(
        f"section: {len(html) // 1024} KiB of HTML, {html.count('<svg')} SVG charts,",
        f"{optimal} the optimal column",
    )

    rendered = timed(section, RUNS)
    figures = timed(lambda: table_statistics(db, table_id), RUNS)

    def after_a_change() -> None:
        forget(totals=False)  # as when one game changed: every other game's totals still in memory
        table_statistics(db, table_id)

    changed = timed(after_a_change, RUNS)
    baseline = timed(uncached, BASELINE_RUNS)
    table_statistics(db, table_id)  # leave the cache filled for the page below
    client = app.test_client()
    page = timed(lambda: client.get(f"/t/{created.edit_token}"), 5)

    p50 = statistics.median(rendered[0])
    print(f"statistics section (figures + partial), cache up to date: {describe(rendered)}")
    print(f"  target p50 ≤ {TARGET_MS:.0f} ms: {'met' if p50 <= TARGET_MS else 'MISSED'}")
    print(f"figures alone, viewed again with no game changed:        {describe(figures)}")
    print(f"figures alone, recomputed from the per-game totals:      {describe(changed)}")
    print(f"baseline: figures with the cache dropped (every replay):  {describe(baseline)}")
    ratio = statistics.median(baseline[0]) / statistics.median(changed[0])
    print(f"  baseline / recomputed from cached totals (wall p50): {ratio:.1f}×")
    print(f"whole table page GET /t/<token> (for information):        {describe(page)}")
    print(f"load average now: {' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs")
    storage.dispose(app)


if __name__ == "__main__":
    main()
