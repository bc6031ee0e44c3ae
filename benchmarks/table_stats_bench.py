"""How fast a big table's page renders: 1,000 finished 4-player games at one table.

Run: .venv/bin/python benchmarks/table_stats_bench.py [--games N] [--database-url URL]

The games are plausible finished games (tests/support/sample_games.py), checked by the engine and
stored directly through storage (52,000 turns one by one through the use cases would take minutes).
Measures, on a SQLite file (or the given database, e.g. a PostgreSQL URL), wall clock and this
process's CPU time (the CPU figure is less inflated when other work shares the machine):
- the WHOLE table page, GET /t/<edit token> through the Flask test client (latest games, high
  scores, statistics with their charts, players, links with QR codes): viewed again with no game
  changed, and after a change (every figure recomputed from the cached per-game totals)
  (target: p50 ≤ 150 ms);
- the baseline in the same run: the same GET with the statistics' cache dropped before each run
  (every game replayed by the engine, and the cache written again), and the ratio;
- for information: the statistics section alone (figures + tables/_statistics.html partial) and
  one "All games" page (GET /t/<token>/games?page=2).
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
from scorekeeper import create_app, storage
from scorekeeper.rules import Game, find_edition
from scorekeeper.services import tables
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
        optimal_box_means(find_edition("hasbro-1996"), wait=True)
    uncached()
    html = section()
    stats = table_statistics(db, table_id)
    optimal = "with" if stats.editions and stats.editions[0].optimal else "without"
    print(
        f"section: {len(html) // 1024} KiB of HTML, {html.count('<svg')} SVG charts,",
        f"{optimal} the optimal column",
    )

    client = app.test_client()
    page_url = f"/t/{created.edit_token}"

    def page() -> None:
        response = client.get(page_url)
        assert response.status_code == 200, response.status_code

    def page_after_a_change() -> None:
        forget(totals=False)  # as when one game changed: every other game's totals still in memory
        page()

    def page_uncached() -> None:
        drop_cache(db)  # every game replayed by the engine, and its totals cached again
        page()

    def games_page() -> None:
        response = client.get(page_url + "/games?page=2")
        assert response.status_code == 200, response.status_code

    page()
    html = client.get(page_url).get_data(as_text=True)
    print(f"whole page: {len(html) // 1024} KiB of HTML, {html.count('<svg')} SVG (charts and QR codes)")
    whole = timed(page, RUNS)
    changed = timed(page_after_a_change, RUNS)
    baseline = timed(page_uncached, BASELINE_RUNS)
    page()  # the cache filled again
    rendered = timed(section, RUNS // 2)
    listed = timed(games_page, RUNS // 2)

    p50 = statistics.median(whole[0])
    print(f"whole table page GET /t/<token>, viewed again:           {describe(whole)}")
    print(f"  target p50 ≤ {TARGET_MS:.0f} ms: {'met' if p50 <= TARGET_MS else 'MISSED'} (wall)", end="")
    cpu = statistics.median(whole[1])
    print(f", CPU p50 {cpu:.1f} ms {'within' if cpu <= TARGET_MS else 'OVER'} it")
    print(f"whole page after a change (figures from cached totals):  {describe(changed)}")
    print(f"baseline: whole page with the cache dropped (replays):    {describe(baseline)}")
    for name, measured in (("viewed again", whole), ("after a change", changed)):
        ratio = statistics.median(baseline[0]) / statistics.median(measured[0])
        cpu_ratio = statistics.median(baseline[1]) / statistics.median(measured[1])
        print(f"  baseline / {name}: {ratio:.1f}× wall p50, {cpu_ratio:.1f}× CPU p50")
    print(f"statistics section alone (figures + partial):            {describe(rendered)}")
    print(f"an All games page (GET /t/<token>/games?page=2):         {describe(listed)}")
    print(f"load average now: {' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs")
    storage.dispose(app)


if __name__ == "__main__":
    main()
