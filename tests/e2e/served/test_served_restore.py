"""`flask restore` beside the app as `make run` serves it: refused while the server serves the database,
and after a restore a phone is shown what is stored, not the sheet it showed before."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper import create_app, storage
from scorekeeper.rules import Dice
from scorekeeper.services import games
from tests.conftest import app_config
from tests.support.app_server import ROOT, serving, stop_server
from tests.support.http_phone import Phone

pytestmark = pytest.mark.slow


def flask(database: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "SCOREKEEPER_DATABASE_URL": f"sqlite:///{database}",
        "SCOREKEEPER_SECRET_KEY": "served-app",
    }
    command = [sys.executable, "-m", "flask", "--app", "scorekeeper", *args]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def test_restore_refuses_a_served_database_then_stops_the_server_and_the_phone_sees_what_is_stored(
    tmp_path: Path, migrated_template: Path
):
    database, backup = tmp_path / "live.db", tmp_path / "backup.db"
    shutil.copyfile(migrated_template, database)
    with serving(database, tmp_path, env={"SCOREKEEPER_RATELIMIT_ENABLED": "false"}) as server:
        phone = Phone(server)
        token = phone.new_game(["Ann", "Bo"])
        assert flask(database, "backup", str(backup)).returncode == 0
        # The backup goes its own way (Threes 3); the served game gets Yahtzee 50: both at version 1.
        elsewhere = create_app(app_config(backup))
        games.record_turn(elsewhere.extensions[storage.DB_KEY], token, 0, Dice.of([3, 1, 2, 4, 6]), "threes")
        storage.dispose(elsewhere)
        phone.get(f"/g/{token}")
        assert phone.post(f"/g/{token}/turns", {"dice": "55555", "box": "yahtzee", "turn": "0"})[0] == 303
        status, headers, shown = phone.get(f"/g/{token}", headers={"HX-Request": "true"})
        assert status == 200 and headers["etag"] == 'W/"1-en"'

        refused = flask(database, "restore", str(backup), "--yes")
        assert refused.returncode != 0 and "is serving this database" in refused.stderr
        assert phone.post(f"/g/{token}/turns", {"dice": "12346", "box": "chance", "turn": "1"})[0] == 303

        restored = flask(database, "restore", str(backup), "--yes", "--stop-server")
        assert restored.returncode == 0, restored.stderr
        assert server.process.wait(timeout=60) == 0  # stopped as by SIGTERM: requests in flight finished
        stop_server(server)

    with serving(database, tmp_path, env={"SCOREKEEPER_RATELIMIT_ENABLED": "false"}) as again:
        phone = Phone(again)
        asked = {"HX-Request": "true", "If-None-Match": 'W/"1-en"'}
        status, headers, fresh = phone.get(f"/g/{token}", headers=asked)
        assert status == 200 and headers["etag"] != 'W/"1-en"'  # news: not "nothing new"
        assert fresh != shown
        exported = phone.get(f"/g/{token}/export.json")[2]
        assert '"box": "threes"' in exported.replace('"box":"threes"', '"box": "threes"')
        assert "yahtzee" not in exported.split('"turns"')[1].split('"totals"')[0]
