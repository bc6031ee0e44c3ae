"""Prints the bytes of each page's first load as served: the HTML and every CSS and JS file it links.

Run: .venv/bin/python benchmarks/first_load_bench.py

Each kind of page a player opens first (home, new game, a game in play, a finished game, the view
link's board, history, a table), through the app in-process with the bytes a client sending
`Accept-Encoding: gzip, deflate` (Chromium over plain http) receives, file by file; then what the
page fetches only once it is used (htmx, static/js/htmx-lazy.js). Bytes do not depend on the
machine's speed: tests/integration/web/test_first_load.py holds the game page to TARGET.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repository, for tests.support
from scorekeeper import create_app, storage
from tests.support.first_load import ACCEPT_ENCODING, every_page

TARGET = 30 * 1024  # issue 24: a game page's first load


def main() -> int:
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-first-load-"))
    app = create_app(
        {
            "SECRET_KEY": "first-load",
            "DATABASE_URL": f"sqlite:///{folder / 'first.db'}",
            "RATELIMIT_ENABLED": False,
            "ADVISOR_BUILD": False,
        }
    )
    try:
        storage.upgrade(app)
        loads = every_page(app.test_client(), app.extensions[storage.DB_KEY])
    finally:
        storage.dispose(app)
        shutil.rmtree(folder, ignore_errors=True)
    print(
        f"First load per page, bytes as served for Accept-Encoding: {ACCEPT_ENCODING} "
        f"(target ≤ {TARGET // 1024} KB)"
    )
    for load in loads:
        verdict = "ok" if load.served <= TARGET else "MISSED"
        print(f"{load.page}: {load.served:,} B = {load.served / 1024:.1f} KB  {verdict}")
        for file in load.files:
            print(f"    {file.name:30} {file.raw:8,} B raw  {file.served:7,} B served ({file.encoding})")
        for file in load.later:
            print(
                f"  + on first use {file.name:15} {file.raw:8,} B raw  "
                f"{file.served:7,} B served ({file.encoding})"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
