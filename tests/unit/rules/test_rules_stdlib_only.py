"""The engine must stay importable with nothing but the standard library."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.support.paths import ROOT

PROBE = """
import json, sys
before = set(sys.modules)
import scorekeeper.rules
loaded = sorted(set(sys.modules) - before)
print(json.dumps(loaded))
"""


def modules_loaded_by_importing_the_engine() -> list[str]:
    # A fresh interpreter: this test process has long since imported Flask and friends.
    result = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(result.stdout)


def test_importing_the_rules_loads_only_the_standard_library_and_scorekeeper():
    loaded = modules_loaded_by_importing_the_engine()
    assert "scorekeeper.rules" in loaded  # the probe really imported it
    outside = [
        name
        for name in loaded
        if name.split(".")[0] not in sys.stdlib_module_names and name.split(".")[0] != "scorekeeper"
    ]
    assert outside == []


def test_importing_the_rules_loads_no_flask_sqlalchemy_or_numpy():
    loaded = modules_loaded_by_importing_the_engine()
    assert not [
        name
        for name in loaded
        if name.split(".")[0] in {"flask", "sqlalchemy", "numpy", "jinja2", "werkzeug"}
    ]


def test_importing_the_rules_loads_no_other_part_of_scorekeeper():
    loaded = modules_loaded_by_importing_the_engine()
    ours = {name for name in loaded if name.split(".")[0] == "scorekeeper"}
    assert all(name == "scorekeeper" or name.startswith("scorekeeper.rules") for name in ours)
