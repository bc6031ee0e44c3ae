"""The refiner's child process ends with the process it serves: at a normal exit at once, and when
that process is killed (a server worker killed at its stop timeout), never left playing as an orphan."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scorekeeper.advisor import Advisor
from tests.support.app_server import ROOT
from tests.support.processes import all_gone_within

# One long chunk (about a minute of games): an exit that waited for it would take that long.
SCRIPT = """
import os, signal, sys, time
from scorekeeper.advisor import Advisor, refine
from scorekeeper.rules import Scorecard

refine.CHUNK = 1_000_000
advisor = Advisor.for_edition("hasbro-1996", sys.argv[1])
refiner = refine.Refiner(advisor, lambda state, pmf: None, games=refine.CHUNK, busy=lambda: False)
refiner.ask(advisor.state_index(Scorecard(advisor.edition)), advisor.edition.rounds)
from tests.support.processes import children

def players():  # this process's child interpreters started by multiprocessing (not its resource tracker)
    mine = children(os.getpid())
    return [pid for pid in mine if b"spawn_main" in open(f"/proc/{pid}/cmdline", "rb").read()]

while not players():
    time.sleep(0.05)
(child,) = players()
print(child, flush=True)
time.sleep(1.5)  # the child is well into its chunk
if sys.argv[2] == "killed":
    os.kill(os.getpid(), signal.SIGKILL)
"""


def _run(advisor: Advisor, how: str, errors: Path) -> tuple[int, float, int]:
    """(the child's pid, seconds from the child's start to the script's end, its exit code)."""
    # stderr to a file: an orphaned child would hold a pipe open, and reading it would wait for the child
    with errors.open("w") as stderr, subprocess.Popen(
        [sys.executable, "-c", SCRIPT, str(advisor._directory), how],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=stderr, text=True, start_new_session=True,
    ) as script:  # fmt: skip
        try:
            child = int(script.stdout.readline())  # type: ignore[union-attr]
            started = time.monotonic()
            code = script.wait(timeout=40)
            assert "Traceback" not in errors.read_text()  # a child ended at exit is not a failure to log
            return child, time.monotonic() - started, code
        finally:
            if script.poll() is None:
                os.killpg(script.pid, signal.SIGKILL)
                script.wait()


@pytest.mark.slow  # a child interpreter and tables to load: seconds
def test_the_child_ends_at_once_when_its_process_exits(advisor: Advisor, tmp_path: Path) -> None:
    child, seconds, code = _run(advisor, "exits", tmp_path / "stderr")
    assert code == 0
    assert seconds < 10  # not the minute its chunk would take
    assert all_gone_within([child], 5)


@pytest.mark.slow
def test_the_child_dies_with_its_process_when_that_is_killed(advisor: Advisor, tmp_path: Path) -> None:
    child, _, code = _run(advisor, "killed", tmp_path / "stderr")
    assert code == -signal.SIGKILL
    assert all_gone_within([child], 5)
