"""A served worker moves what it loaded at start out of the cyclic collector's sight (server/wsgi.py)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from tests.support.app_server import ROOT


@pytest.mark.slow  # a process of its own: make test runs it, the fast loop does not
def test_the_served_app_freezes_what_it_loaded_and_keeps_collecting_new_garbage(tmp_path, migrated_template):
    database = tmp_path / "served.db"
    shutil.copyfile(migrated_template, database)
    probe = "import gc, scorekeeper.server.wsgi\nprint(gc.get_freeze_count(), gc.isenabled())\n"
    env = {**os.environ, "SCOREKEEPER_DATABASE_URL": f"sqlite:///{database}", "SCOREKEEPER_SECRET_KEY": "gc"}
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    frozen, enabled = done.stdout.split()
    assert int(frozen) > 10_000 and enabled == "True"
