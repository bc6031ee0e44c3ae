"""No link rests on disk while the app is served as `make run` serves it: not in the database folder,
not in the logs, not in the instance folder; the live fragments (which hold a game's links) are kept
in a folder of the run's own in shared memory, gone when the server stops."""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

import pytest

from scorekeeper.server.serve import SHARED_MEMORY
from tests.support.app_server import ROOT, serving
from tests.support.http_phone import Phone

pytestmark = pytest.mark.slow


def fragment_folders(token: str) -> list[Path]:
    """The run folders in shared memory whose live fragments hold this game's link (serve.py makes one
    per run: its workers share them there)."""
    return [
        folder
        for folder in Path(SHARED_MEMORY).glob("scorekeeper-live-*")
        if any(token.encode() in path.read_bytes() for path in folder.iterdir() if path.is_file())
    ]


def files_holding(folder: Path, secrets: list[str]) -> list[str]:
    found = []
    for path in folder.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            found += [f"{path.name}: {secret[:6]}…" for secret in secrets if secret.encode() in data]
    return found


def test_no_link_rests_on_disk_and_the_fragments_leave_with_the_server(
    tmp_path: Path, migrated_template: Path
):
    database = tmp_path / "live.db"
    shutil.copyfile(migrated_template, database)
    with serving(database, tmp_path, env={"SCOREKEEPER_RATELIMIT_ENABLED": "false"}) as server:
        phone = Phone(server)
        token = phone.new_game(["Ann", "Bo"])
        _, _, page = phone.get(f"/g/{token}")
        view = page.split('id="share-view-url"', 1)[1].split("/g/", 1)[1].split('"', 1)[0]
        assert phone.post(f"/g/{token}/turns", {"dice": "12346", "box": "chance", "turn": "0"})[0] == 303
        for link in (token, view):  # live refreshes: their fragments are kept for every phone
            for _ in range(3):
                assert Phone(server).get(f"/g/{link}", headers={"HX-Request": "true"})[0] == 200
        status, headers, _ = phone.post("/t/new", {"name": "Friday"})
        assert status == 303
        table = headers["location"].rsplit("/", 1)[-1]
        _, _, table_page = phone.get(f"/t/{table}")
        table_view = table_page.split("/t/")[-1].split('"', 1)[0]
        phone.get("/")
        secrets = [token, view, table]
        (fragments,) = fragment_folders(token)  # kept in memory, in a folder of this run's own
        assert stat.S_IMODE(os.stat(fragments).st_mode) == 0o700
        assert files_holding(tmp_path, secrets) == []  # database, its -wal, -live, -serving files, logs
        if (ROOT / "instance").is_dir():
            assert files_holding(ROOT / "instance", secrets) == []
        assert table_view  # the table's page was served
    assert not fragments.exists()
    assert files_holding(tmp_path, secrets) == []
