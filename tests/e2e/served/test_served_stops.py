"""The server `make run` starts stops when told to: while its workers are still loading the app, and
after a PDF, without waiting for the stop timeout and leaving none of its helper processes behind."""

from __future__ import annotations

import contextlib
import http.client
import os
import shutil
import signal
import subprocess
import time

import pytest

from tests.support import app_server
from tests.support.app_server import PATIENCE_S, ROOT, free_port, serve_command
from tests.support.processes import all_gone_within, children

STOP_TIMEOUT_S = 2
# A stop timeout far above a stop's time even on a loaded machine (seconds): a stop that lasts it
# waited for a worker that would not end (the renderer joined for ever, as once), whatever the machine.
LONG_STOP_TIMEOUT_S = 60


@pytest.mark.slow  # seconds: make test runs it, the fast loop does not
def test_a_sigterm_while_the_workers_load_stops_the_server(tmp_path, migrated_template):
    database = tmp_path / "served.db"
    shutil.copyfile(migrated_template, database)
    error_log = tmp_path / "error.log"
    process = subprocess.Popen(
        serve_command(free_port(), error_log, threads=1, stop_timeout=STOP_TIMEOUT_S),
        cwd=ROOT,
        env={**os.environ, "SCOREKEEPER_DATABASE_URL": f"sqlite:///{database}",
             "SCOREKEEPER_SECRET_KEY": "served-app"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # its workers too can be killed at the end, whatever happened
    )  # fmt: skip
    try:
        deadline = time.monotonic() + PATIENCE_S
        while "Spawning worker-2" not in (error_log.read_text() if error_log.exists() else ""):
            assert time.monotonic() < deadline, "the server never spawned its workers"
            time.sleep(0.02)
        process.send_signal(signal.SIGTERM)  # the workers are importing the app (seconds)
        stopped = process.wait(timeout=PATIENCE_S)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    log = error_log.read_text()
    assert stopped == 0
    assert "Shutting down granian" in log and "shutdown completed" in log
    if "Started worker" in log:  # the signal came in the window this test is about: before any worker served
        assert log.index("Shutting down granian") < log.index("Started worker")


@pytest.mark.slow
def test_a_stop_after_a_pdf_is_prompt_and_leaves_no_process_behind(tmp_path, migrated_template):
    database = tmp_path / "served.db"
    shutil.copyfile(migrated_template, database)
    server = app_server.start_server(
        database, tmp_path, workers=1, threads=2, stop_timeout=LONG_STOP_TIMEOUT_S
    )
    try:
        connection = http.client.HTTPConnection(server.host, server.port, timeout=60)
        connection.request("GET", "/blank-sheet.pdf")
        response = connection.getresponse()
        assert response.status == 200 and response.read().startswith(b"%PDF")
        connection.close()
        (worker,) = children(server.process.pid)
        helpers = children(worker)  # the PDF renderer (and multiprocessing's resource tracker)
        assert helpers
        started = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        stopped = server.process.wait(timeout=PATIENCE_S)
        seconds = time.monotonic() - started
    finally:
        app_server.stop_server(server)
    assert stopped == 0 and "shutdown completed" in server.error_log.read_text()
    assert seconds < LONG_STOP_TIMEOUT_S  # the worker ended by itself, not when its time was up
    assert all_gone_within(helpers, 30), "a helper process outlived the server"
