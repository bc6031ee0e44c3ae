"""An edition's coach tables built once, in a process of their own, while the app goes on serving.

The app asks `start(edition, folder)` when a game with the coach on needs tables that are not on
disk: it returns at once, having started `python -m scorekeeper.advisor.background EDITION FOLDER`
unless a build of that edition runs already. `status(edition, folder)` says what is on disk and how
far the build has got. `flask advisor build` builds through the same `build_tables`, under the same lock.

Beside the tables (each file written whole, then renamed: storage.py), per edition:
- `<edition>.build.lock`: an exclusive flock held by the one process building the edition's tables.
  The kernel releases it however that process ends, so no lock outlives its build; every worker
  and every host sharing the folder asks the same lock (over NFS, Linux maps flock onto its
  byte-range locks), so a table is never built twice at once.
- `<edition>.build.json`: the build's progress note (stage, states done of how many, times, or the
  error that stopped it), rewritten at most every NOTE_EVERY seconds.
- `<edition>.build.log`: what the background process printed (its errors included).

A build that ended without its tables (an error, or the process killed) is not started again for
RETRY_AFTER seconds after it began: a table that cannot be built is not retried on every request.
"""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from scorekeeper.rules import Ruleset, find_edition

from . import storage

COACH, CHANCES = "coach", "chances"  # the stages: the value table, then the chance table built from it
NOTE_EVERY = 0.5  # seconds between two rewrites of the progress note
RETRY_AFTER = 600.0  # seconds after a failed build began before another is started
NICENESS = 10  # the background build yields the processor to the requests
ALMOST_DONE = 0.99  # the most a build's progress says until its table is on disk
TRIES = 5  # attempts at the build lock, over a second, before a background build leaves it to another

Progress = Callable[[int], None]
Bars = Callable[[str, int], "Bar"]  # (label, total) -> a progress bar


class Bar:
    """A progress bar that shows nothing (the command line's draws itself: cli.py)."""

    def update(self, count: int) -> None:
        """`count` more states done."""

    def close(self) -> None:
        """The stage is over."""


@dataclass(frozen=True)
class Status:
    """What is on disk for an edition's coach, and how far a running build has got."""

    coach: bool  # the value table is there: advice can be given
    chances: bool  # the chance table is there, or the edition needs none (a forced order)
    building: bool  # a process holds the build lock
    stage: str | None = None  # COACH or CHANCES while building
    done: float | None = None  # the share of the stage under way done, below 1 (None: not known yet)
    failed: bool = False  # the last build ended without its tables, and it is not retried yet

    @property
    def ready(self) -> bool:
        """Every table the coach shows is on disk."""
        return self.coach and self.chances


def paths(edition: str | Ruleset, folder: storage.Folder = None) -> tuple[Path, Path, Path]:
    """The edition's build lock, progress note and build log."""
    base = Path(folder) if folder is not None else storage.default_directory()
    stem = f"{find_edition(edition).id}.build"
    return base / f"{stem}.lock", base / f"{stem}.json", base / f"{stem}.log"


def _needs_chances(edition: str | Ruleset) -> bool:
    return not find_edition(edition).order.forced  # a forced order's few states are always followed exactly


def missing(edition: str | Ruleset, folder: storage.Folder = None) -> list[str]:
    """The stages whose tables are not on disk, in build order."""
    stages = [] if storage.exists(edition, folder) else [COACH]
    if _needs_chances(edition) and (stages or not storage.spectra_ready(edition, folder)):
        stages.append(CHANCES)  # a new value table needs a new chance table too
    return stages


def _is_locked(lock: Path) -> bool:
    """Some process holds the build lock (probed without waiting, released at once)."""
    if not lock.is_file():
        return False
    with open(lock, "rb") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        fcntl.flock(handle, fcntl.LOCK_UN)
        return False


def _read_note(path: Path) -> dict[str, Any]:
    try:
        note = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return note if isinstance(note, dict) else {}


def status(edition: str | Ruleset, folder: storage.Folder = None) -> Status:
    """What is on disk for this edition, and whether (and how far) a build runs."""
    stages = missing(edition, folder)
    lock, note_path, _ = paths(edition, folder)
    coach, chances = COACH not in stages, CHANCES not in stages
    if not stages:
        return Status(coach, chances, building=False)
    if _is_locked(lock):
        note = _read_note(note_path)
        stage = note.get("stage") if note.get("stage") in stages else None
        done, total = note.get("done"), note.get("total")
        share = None
        if stage and isinstance(done, int) and isinstance(total, int) and total > 0:
            share = min(done / total, ALMOST_DONE)  # all done only once the table is on disk
        return Status(coach, chances, building=True, stage=stage, done=share)
    note = _read_note(note_path)
    began = note.get("started")
    # Ended by an error, or never ended (the process was killed): not started again at once.
    unfinished = "error" in note or "ended" not in note
    failed = unfinished and isinstance(began, (int, float)) and time.time() - began < RETRY_AFTER
    return Status(coach, chances, building=False, failed=failed)


# -- starting a background build ---------------------------------------------------------

_STARTED: dict[tuple[str, str], subprocess.Popen[bytes]] = {}  # this process's builders, by table
_STARTED_LOCK = threading.Lock()


def start(edition: str | Ruleset, folder: storage.Folder = None) -> Status:
    """Start building the edition's missing tables in a background process, unless a build runs or
    failed lately; the status, at once (starting a process takes milliseconds, never a build)."""
    with _STARTED_LOCK:
        for ended in [key for key, process in _STARTED.items() if process.poll() is not None]:
            del _STARTED[ended]  # its exit status collected: no process left behind as a zombie
    now = status(edition, folder)
    if now.ready or now.building or now.failed:
        return now
    base = Path(folder) if folder is not None else storage.default_directory()
    key = (find_edition(edition).id, os.path.realpath(base))
    with _STARTED_LOCK:
        running = _STARTED.get(key)
        if running is not None and running.poll() is None:  # started here, not holding the lock yet
            return Status(now.coach, now.chances, building=True)
        base.mkdir(parents=True, exist_ok=True)
        _, _, log = paths(edition, folder)
        with open(log, "ab") as output:  # the child has its own copy of the descriptor
            _STARTED[key] = subprocess.Popen(
                [sys.executable, "-m", __name__, find_edition(edition).id, str(base)],
                stdin=subprocess.DEVNULL,
                stdout=output,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # it finishes its table even if the server stops meanwhile
            )
    return Status(now.coach, now.chances, building=True)


# -- building (the background process, and `flask advisor build`) --------------------------


class ProgressNote:
    """The progress note other processes read (written by the lock's holder): the stage, states
    done of how many, the times, and how the build ended."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.data: dict[str, Any] = {"pid": os.getpid(), "started": time.time()}
        self.written = 0.0
        self.write()

    def stage(self, name: str, total: int) -> None:
        """A stage begins: `total` states to work out."""
        self.data.update(stage=name, done=0, total=total, stage_started=time.time())
        self.write()

    def advance(self, count: int) -> None:
        """`count` more states done (written now if the last write is NOTE_EVERY old)."""
        self.data["done"] = self.data.get("done", 0) + count
        if time.monotonic() - self.written >= NOTE_EVERY:
            self.write()

    def end(self, **fields: Any) -> None:
        """The build is over: how (`seconds` per stage, or `error`)."""
        self.data.update(stage=None, ended=time.time(), **fields)
        self.write()

    def write(self) -> None:
        self.written = time.monotonic()
        storage.write_whole(self.path, json.dumps(self.data).encode())


@contextmanager
def build_lock(edition: str | Ruleset, folder: storage.Folder = None, *, wait: bool) -> Iterator[bool]:
    """Hold the edition's build lock for the block: True if held; False if another process holds
    it and `wait` is false (then nothing is held)."""
    lock, _, _ = paths(edition, folder)
    lock.parent.mkdir(parents=True, exist_ok=True)
    with open(lock, "ab") as handle:
        if not _take(handle, wait):
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _take(handle: IO[bytes], wait: bool) -> bool:
    """The exclusive lock, waited for, or tried a few times over a second: a status probe holds it
    shared for microseconds, a builder for its whole build."""
    if wait:
        fcntl.flock(handle, fcntl.LOCK_EX)
        return True
    for attempt in range(TRIES):
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if attempt < TRIES - 1:
                time.sleep(1 / TRIES)
    return False


def build_tables(
    edition: str | Ruleset,
    folder: storage.Folder = None,
    stages: list[str] | None = None,
    bars: Bars | None = None,
    echo: Callable[[str], None] = print,
) -> dict[str, float]:
    """Build these stages' tables (default: the missing ones) under the held build lock, noting the
    progress for the app and drawing `bars`; the seconds each stage took."""
    from .advisor import Advisor  # the Advisor builds through here too: imported when building

    rules = find_edition(edition)
    _, note_path, _ = paths(edition, folder)
    todo = missing(edition, folder) if stages is None else stages
    storage.remove_leftovers(edition, folder)  # what a build killed while writing left behind
    note = ProgressNote(note_path)
    seconds: dict[str, float] = {}
    try:
        for stage in todo:
            total = Advisor.state_count(rules)
            note.stage(stage, total)
            bar = (bars or (lambda label, total: Bar()))(f"{rules}, {_LABELS[stage]}", total)

            def advance(count: int, bar: Bar = bar) -> None:
                note.advance(count)
                bar.update(count)

            try:
                if stage == COACH:
                    seconds[stage] = Advisor.build(rules, folder, progress=advance)
                else:
                    seconds[stage] = Advisor.build_spectra(rules, folder, progress=advance)
            finally:
                bar.close()
            echo(f"  {rules}: {_LABELS[stage]} built in {seconds[stage]:.1f} s")
    except BaseException as error:
        note.end(error=f"{type(error).__name__}: {error}")
        raise
    note.end(seconds=seconds)
    return seconds


_LABELS = {COACH: "optimal-play table", CHANCES: "chance-to-win table"}


def main(argv: list[str] | None = None, output: IO[str] = sys.stdout) -> int:
    """`python -m scorekeeper.advisor.background EDITION FOLDER`: build what is missing, if no one is."""
    edition, folder = argv if argv is not None else sys.argv[1:]
    os.nice(NICENESS)
    with build_lock(edition, folder, wait=False) as held:
        if not held:
            return 0  # another process builds it: nothing to do
        if not missing(edition, folder):
            return 0  # built by the one that held the lock before
        stamp = time.strftime("%Y-%m-%d %H:%M:%S")
        print(
            f"[{stamp}] building {', '.join(missing(edition, folder))} for {edition}", file=output, flush=True
        )
        try:
            build_tables(edition, folder, echo=lambda line: print(line, file=output, flush=True))
        except Exception:
            traceback.print_exc(file=output)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
