"""Turns while PDFs are asked for: 2 workers × 4 threads on SQLite, as `make run` serves it.

Run: .venv/bin/python benchmarks/pdf_load_bench.py [--seconds 20] [--pdfs-per-minute 40]

Three phases of the same length, each with two phones recording turns back to back (a short
pause between turns) on 8-player games:
1. turns alone;
2. turns while another client asks for 8-player PDFs with the turn log, each one new
   (another game, paper or version: nothing cached);
3. turns while the PDFs asked for are the same few again (what a table re-printing does).
Prints turn p50/p99 per phase beside phase 1, and the PDFs' statuses (200, or 503 when the
worker's one rendering slot stayed busy past PDF_WAIT_SECONDS) and times. Exits non-zero only
when something crashes, never on a missed target.
"""

from __future__ import annotations

import argparse
import http.client
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repository, for tests.support
from tests.support.app_server import serving
from tests.support.http_phone import Phone

PLAYERS = ["Annabelle", "Bo", "Cyrille", "Dee", "Evangeline", "Fred", "Gus", "Hanna"]
PDF_GAMES = 6
PAUSE = 0.05  # between one phone's turns


def prepared_database(folder: Path) -> tuple[Path, list[str]]:
    """A migrated SQLite file with PDF_GAMES finished 8-player games; their edit tokens."""
    from scorekeeper import create_app, storage
    from scorekeeper.rules import Dice
    from scorekeeper.services import games
    from tests.support.sample_games import entries

    path = folder / "bench.db"
    app = create_app({"DATABASE_URL": f"sqlite:///{path}", "SECRET_KEY": "bench"})
    storage.upgrade(app)
    db = app.extensions[storage.DB_KEY]
    tokens = []
    for seed in range(PDF_GAMES):
        created = games.create_game(db, PLAYERS, "hasbro-1996", title=f"Night {seed}")
        for index, (dice, box) in enumerate(entries(len(PLAYERS), seed, None, "hasbro-1996")):
            games.record_turn(db, created.edit_token, index, Dice.of(dice), box)
        tokens.append(created.edit_token)
    storage.dispose(app)
    return path, tokens


def record_turns(server, stop: threading.Event, latencies: list[float], failures: list[int]) -> None:
    """One phone recording turns in fresh 8-player games until told to stop."""
    phone = Phone(server)
    while not stop.is_set():
        token = phone.new_game(PLAYERS)
        phone.get(f"/g/{token}")
        for turn in range(13 * len(PLAYERS)):
            if stop.is_set():
                return
            box = ["chance", "ones", "twos", "threes", "fours", "fives", "sixes"][turn // len(PLAYERS) % 7]
            if turn // len(PLAYERS) >= 7:
                box = ["three_of_a_kind", "four_of_a_kind", "full_house", "small_straight"][
                    turn // len(PLAYERS) % 4
                ]
            if turn // len(PLAYERS) >= 11:
                box = ["large_straight", "yahtzee"][turn // len(PLAYERS) % 2]
            started = time.perf_counter()
            status, _, _ = phone.post(f"/g/{token}/turns", {"dice": "12346", "box": box, "turn": str(turn)})
            latencies.append((time.perf_counter() - started) * 1000)
            if status != 303:
                failures.append(status)
                break
            time.sleep(PAUSE)


def ask_pdfs(server, urls: list[str], per_minute: float, stop: threading.Event, out: list[tuple[int, float]]):
    """GET the urls in turn at `per_minute`, each on its own thread (as separate phones would)."""
    interval = 60.0 / per_minute
    threads = []
    number = 0
    while not stop.wait(interval if number else 0):
        url = urls[number % len(urls)]
        number += 1

        def one(url: str = url) -> None:
            connection = http.client.HTTPConnection(server.host, server.port, timeout=60)
            started = time.perf_counter()
            connection.request("GET", url)
            response = connection.getresponse()
            response.read()
            connection.close()
            out.append((response.status, (time.perf_counter() - started) * 1000))

        thread = threading.Thread(target=one)
        thread.start()
        threads.append(thread)
    for thread in threads:
        thread.join()


def phase(server, seconds: float, pdf_urls: list[str] | None, per_minute: float) -> dict:
    stop = threading.Event()
    latencies: list[float] = []
    failures: list[int] = []
    pdfs: list[tuple[int, float]] = []
    phones = [
        threading.Thread(target=record_turns, args=(server, stop, latencies, failures)) for _ in range(2)
    ]
    for thread in phones:
        thread.start()
    asker = None
    if pdf_urls:
        asker = threading.Thread(target=ask_pdfs, args=(server, pdf_urls, per_minute, stop, pdfs))
        asker.start()
    time.sleep(seconds)
    stop.set()
    for thread in phones:
        thread.join()
    if asker:
        asker.join()
    ordered = sorted(latencies)
    return {
        "turns": len(ordered),
        "p50": statistics.median(ordered),
        "p99": ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))],
        "failures": failures,
        "pdfs": pdfs,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--pdfs-per-minute", type=float, default=40.0)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="pdf-bench-"))
    try:
        database, tokens = prepared_database(folder)
        env = {"SCOREKEEPER_RATELIMIT_ENABLED": "false"}
        with serving(database, folder, workers=2, threads=4, env=env, access_log=False) as server:
            fresh = [f"/g/{t}/scoresheet.pdf?log=1&paper={p}" for p in ("a4", "letter") for t in tokens]
            fresh += [f"/g/{t}/scoresheet.pdf?paper={p}" for p in ("a4", "letter") for t in tokens]
            again = fresh[:2]
            results = {
                "turns alone": phase(server, args.seconds, None, 0),
                "turns + new PDFs": phase(server, args.seconds, fresh, args.pdfs_per_minute),
                "turns + repeated PDFs": phase(server, args.seconds, again, args.pdfs_per_minute),
            }
        base = results["turns alone"]
        print(
            f"served 2×4, SQLite; {args.pdfs_per_minute:g} PDFs/min of 8 players;"
            f" {args.seconds:g} s a phase; load average {os.getloadavg()[0]:.1f}"
        )
        for name, result in results.items():
            line = (
                f"{name:22} turns {result['turns']:4d}  p50 {result['p50']:6.1f} ms"
                f"  p99 {result['p99']:6.1f} ms"
                f" ({result['p99'] / base['p99']:.2f}× alone)  turn errors {len(result['failures'])}"
            )
            if result["pdfs"]:
                statuses = sorted({status for status, _ in result["pdfs"]})
                counts = ", ".join(f"{s}: {sum(1 for x, _ in result['pdfs'] if x == s)}" for s in statuses)
                times = sorted(ms for status, ms in result["pdfs"] if status == 200)
                median = statistics.median(times) if times else float("nan")
                line += f"  PDFs {counts}; 200s median {median:.0f} ms"
            print(line)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
