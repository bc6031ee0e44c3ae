"""The server `make run` starts stops when told to, even while its workers are still loading the app."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import time

import pytest

from tests.support.app_server import ROOT, free_port

STOP_TIMEOUT_S = 2


@pytest.mark.slow  # seconds: make test runs it, the fast loop does not
def test_a_sigterm_while_the_workers_load_stops_the_server(tmp_path, migrated_template):
    database = tmp_path / "served.db"
    shutil.copyfile(migrated_template, database)
    error_log = tmp_path / "error.log"
    process = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper.serve", "--host", "127.0.0.1", "--port", str(free_port()),
         "--workers", "2", "--threads", "1", "--access-log", "off", "--error-log", str(error_log),
         "--stop-timeout", str(STOP_TIMEOUT_S)],
        cwd=ROOT,
        env={**os.environ, "SCOREKEEPER_DATABASE_URL": f"sqlite:///{database}",
             "SCOREKEEPER_SECRET_KEY": "served-app"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # its workers too can be killed at the end, whatever happened
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 10
        while "Spawning worker-2" not in (error_log.read_text() if error_log.exists() else ""):
            assert time.monotonic() < deadline, "the server never spawned its workers"
            time.sleep(0.02)
        process.send_signal(signal.SIGTERM)  # the workers are importing the app (seconds)
        stopped = process.wait(timeout=STOP_TIMEOUT_S + 10)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    log = error_log.read_text()
    assert stopped == 0
    assert "Shutting down granian" in log and "shutdown completed" in log
    if "Started worker" in log:  # the signal came in the window this test is about: before any worker served
        assert log.index("Shutting down granian") < log.index("Started worker")
