"""The coach's background builds in tests: one pretended (its lock held, its progress noted), and
the real ones a test starts, ended whatever happens."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from scorekeeper.advisor import background
from scorekeeper.advisor import storage as advisor_storage


@contextmanager
def build_running(edition: str, folder: Path) -> Iterator[background.ProgressNote]:
    """As if a builder were at work on the edition's tables in `folder`: its lock held, its note kept."""
    with background.build_lock(edition, folder, wait=False) as held:
        assert held, "another build holds the lock"
        yield background.ProgressNote(background.paths(edition, folder)[1])


def note_progress(note: background.ProgressNote, stage: str, done: int, total: int) -> None:
    """The note says `done` of `total` states of this stage are done (written at once)."""
    if note.data.get("stage") != stage:
        note.stage(stage, total)
    note.data["done"] = done
    note.write()


def copy_value_table(edition: str, source: Path, folder: Path) -> None:
    """Put the edition's value table from `source` into `folder` as a build saves it (note last)."""
    folder.mkdir(parents=True, exist_ok=True)
    table, note = advisor_storage.paths(edition, source)
    for path in (table, note):
        shutil.copy(path, folder / f".{path.name}.part")
        os.replace(folder / f".{path.name}.part", folder / path.name)


@contextmanager
def builders_ended() -> Iterator[list[subprocess.Popen[bytes]]]:
    """The background builders started in the block (background.start): each killed with its pool
    (its process group) and reaped afterwards, and forgotten."""
    before = set(map(id, background._STARTED.values()))
    mine: list[subprocess.Popen[bytes]] = []
    try:
        yield mine
    finally:
        mine += [p for p in background._STARTED.values() if id(p) not in before and p not in mine]
        for process in mine:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=60)
        for key in [k for k, p in background._STARTED.items() if p in mine]:
            del background._STARTED[key]
