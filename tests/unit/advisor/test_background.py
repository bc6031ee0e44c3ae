"""Building an edition's tables in a background process: at once for the caller, once at a time,
never read half-written (scorekeeper/advisor/background.py).

Waits are bounded generously and never timed: a loaded 2-core machine may take a minute to do
what an idle one does in seconds.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from scorekeeper.advisor import Advisor, background
from scorekeeper.advisor import storage as advisor_storage
from scorekeeper.advisor.background import CHANCES, COACH
from scorekeeper.rules import find_edition
from tests.support.coach_builds import builders_ended, copy_value_table
from tests.support.processes import all_gone_within

HASBRO = find_edition("hasbro-1996")
FORCED = "yatzy-forced"
PATIENCE = 300.0  # seconds a background step may take on a loaded machine before the test fails


def _until(check, seconds: float = PATIENCE):
    """`check()`'s first true answer, asked every 50 ms; fails past `seconds`."""
    deadline = time.monotonic() + seconds
    while not (found := check()):
        assert time.monotonic() < deadline, "gave up waiting"
        time.sleep(0.05)
    return found


@pytest.fixture
def started() -> Iterator[list[subprocess.Popen[bytes]]]:
    """The builders this test starts, ended (with their pools' workers) afterwards."""
    with builders_ended() as mine:
        yield mine


@pytest.fixture
def hasbro_value_table(advisor: Advisor, advisor_tables: Path, tmp_path: Path) -> Path:
    """A folder holding hasbro-1996's value table (the run's, copied) and no chance table."""
    copy_value_table(HASBRO, advisor_tables, tmp_path / "tables")
    return tmp_path / "tables"


def _builder(edition: str, folder: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "scorekeeper.advisor.background", edition, str(folder)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def test_start_returns_while_the_table_is_built_in_another_process(
    hasbro_value_table: Path, started: list[subprocess.Popen[bytes]]
) -> None:
    folder = hasbro_value_table
    now = background.start(HASBRO, folder)
    assert now.coach and not now.chances and now.building and not now.ready
    assert not advisor_storage.spectra_ready(HASBRO, folder)  # a chance table takes far longer than this
    [builder] = background._STARTED.values()
    started.append(builder)
    # The builder takes the lock and notes its progress: the caller sees how far it has got.
    building = _until(lambda: (s := background.status(HASBRO, folder)).stage == CHANCES and s)
    assert building.building and building.done is not None and 0 <= building.done < 1
    _, note, _ = background.paths(HASBRO, folder)
    assert json.loads(note.read_text())["pid"] == builder.pid != os.getpid()
    # A second start while it runs starts nothing.
    assert background.start(HASBRO, folder).building
    assert list(background._STARTED.values()) == [builder]
    # Killed mid-build: not building any more, nothing half-written readable, and not retried at once.
    os.killpg(builder.pid, signal.SIGKILL)
    assert all_gone_within([builder.pid], 60)
    builder.wait()
    after = background.status(HASBRO, folder)
    assert not after.building and after.failed and not after.chances
    assert advisor_storage.load_spectra(HASBRO, folder, 1024) is None
    assert background.start(HASBRO, folder) == after
    assert not background._STARTED  # the killed one collected, no other started


def test_two_builders_at_once_build_the_table_once(tmp_path: Path) -> None:
    first, second = _builder(FORCED, tmp_path), _builder(FORCED, tmp_path)
    outputs = [process.communicate(timeout=PATIENCE)[0] for process in (first, second)]
    assert [first.returncode, second.returncode] == [0, 0], outputs
    assert sum(output.count("building") for output in outputs) == 1, outputs
    assert Advisor.is_ready(FORCED, tmp_path)


def test_a_builder_leaves_the_table_to_the_one_holding_the_lock(tmp_path: Path) -> None:
    with background.build_lock(FORCED, tmp_path, wait=False) as held:
        assert held
        with background.build_lock(FORCED, tmp_path, wait=False) as again:
            assert not again  # a second holder, even in this process (flock: per open file)
        assert background.status(FORCED, tmp_path).building
        output = _builder(FORCED, tmp_path).communicate(timeout=PATIENCE)[0]
        assert "building" not in output and not Advisor.is_ready(FORCED, tmp_path)
    assert not background.status(FORCED, tmp_path).building
    output = _builder(FORCED, tmp_path).communicate(timeout=PATIENCE)[0]
    assert "building coach for yatzy-forced" in output and Advisor.is_ready(FORCED, tmp_path)
    # Nothing left to build: the next one leaves at once.
    assert "building" not in _builder(FORCED, tmp_path).communicate(timeout=PATIENCE)[0]


def test_a_half_written_table_is_never_read_and_the_next_build_clears_it(
    tmp_path: Path, forced: Advisor
) -> None:
    table, note = advisor_storage.paths(FORCED, tmp_path)
    # A build killed while writing: the table's temporary file, and the table without its note.
    (tmp_path / f"{table.name}x1y2.tmp").write_bytes(b"\x93NUMPY half")
    np.save(table, np.asarray(forced.table))
    assert not Advisor.is_ready(FORCED, tmp_path)
    assert Advisor.load_if_ready(FORCED, tmp_path) is None
    assert background.missing(FORCED, tmp_path) == [COACH]
    with background.build_lock(FORCED, tmp_path, wait=True):
        background.build_tables(FORCED, tmp_path, echo=lambda line: None)
    assert not list(tmp_path.glob("*.tmp"))
    assert Advisor.load_if_ready(FORCED, tmp_path) is not None and note.is_file()


def test_a_write_that_fails_leaves_neither_the_file_nor_a_part_of_it(tmp_path: Path) -> None:
    class Broken(Exception):
        pass

    def fail_midway(handle) -> None:
        handle.write(b"half")
        raise Broken

    with pytest.raises(Broken):
        advisor_storage._atomic(tmp_path / "table.npy", fail_midway)
    assert list(tmp_path.iterdir()) == []


def test_a_failed_build_is_started_again_only_after_a_while(
    tmp_path: Path, started: list[subprocess.Popen[bytes]]
) -> None:
    _, note, _ = background.paths(FORCED, tmp_path)
    tmp_path.mkdir(exist_ok=True)
    note.write_text(json.dumps({"started": time.time() - 5, "error": "MemoryError: "}))
    status = background.start(FORCED, tmp_path)
    assert status.failed and not status.building
    assert (FORCED, os.path.realpath(tmp_path)) not in background._STARTED
    note.write_text(
        json.dumps({"started": time.time() - background.RETRY_AFTER - 1, "error": "MemoryError: "})
    )
    assert background.start(FORCED, tmp_path).building
    _until(lambda: Advisor.is_ready(FORCED, tmp_path))
    assert background.status(FORCED, tmp_path).ready


def test_what_is_missing_comes_in_build_order(tmp_path: Path) -> None:
    assert background.missing(HASBRO, tmp_path) == [COACH, CHANCES]
    assert background.missing(FORCED, tmp_path) == [COACH]  # a forced order needs no chance table
    status = background.status(HASBRO, tmp_path)
    assert not (status.coach or status.chances or status.building or status.failed or status.ready)
