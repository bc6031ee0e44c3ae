"""`flask advisor build`: builds into the configured folder, says so, and skips what is there."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest

from scorekeeper import create_app
from scorekeeper.advisor import Advisor
from scorekeeper.rules import find_edition


def _app(tmp_path: Path, tables: Path):
    return create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite'}",
            "ADVISOR_DIR": str(tables),
        }
    )


@pytest.fixture
def every_table(advisor_tables: Path, advisor, advisor_2016, yatzy, forced) -> Path:
    """The run's table folder with every coached edition's table built."""
    return advisor_tables


@pytest.mark.slow  # needs every table, Yatzy's too (~17 s)
def test_build_with_if_missing_skips_tables_that_exist(tmp_path: Path, every_table: Path) -> None:
    before = {p: p.stat().st_mtime_ns for p in every_table.iterdir()}
    result = _app(tmp_path, every_table).test_cli_runner().invoke(args=["advisor", "build", "--if-missing"])
    assert result.exit_code == 0, result.output
    assert "hasbro-1996: ready" in result.output and "hasbro-2016: ready" in result.output
    assert {p: p.stat().st_mtime_ns for p in every_table.iterdir()} == before


@pytest.mark.slow  # builds a whole table
def test_build_one_edition_says_it_is_building_the_coach_table_and_its_time(tmp_path: Path) -> None:
    tables = tmp_path / "tables"
    runner = _app(tmp_path, tables).test_cli_runner()
    result = runner.invoke(args=["advisor", "build", "--edition", "hasbro-2016"])
    assert result.exit_code == 0, result.output
    assert "Building the coach's optimal-play table for hasbro-2016" in result.output
    assert "built in" in result.output and "254.2142" in result.output
    assert Advisor.is_ready(find_edition("hasbro-2016"), tables)
    assert not Advisor.is_ready(find_edition("hasbro-1996"), tables)


def _in_a_terminal(command: list[str], env: dict[str, str]) -> str:
    """What the command writes to a terminal of 120 columns (a pseudo-terminal), every byte."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    process = subprocess.Popen(command, stdin=follower, stdout=follower, stderr=follower, env=env)
    os.close(follower)
    chunks = []
    while True:
        try:
            data = os.read(leader, 4096)
        except OSError:  # EIO: the command closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    process.wait(timeout=300)
    os.close(leader)
    assert process.returncode == 0, chunks
    return b"".join(chunks).decode(errors="replace")


def test_on_a_terminal_the_build_shows_a_bar_with_its_rate_and_time_left(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "SCOREKEEPER_ADVISOR_DIR": str(tmp_path / "tables"),
        "SCOREKEEPER_DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite'}",
        "SCOREKEEPER_SECRET_KEY": "test",
    }
    command = [
        sys.executable,
        "-m",
        "flask",
        "--app",
        "scorekeeper",
        "advisor",
        "build",
        "--edition",
        "yatzy-forced",
    ]
    shown = _in_a_terminal(command, env)
    bars = [line for line in re.split(r"[\r\n]+", shown) if "optimal-play table:" in line]
    assert bars, shown
    final = bars[-1]  # tqdm redraws the line: the last drawing is the finished bar
    assert "100%" in final and "148/148" in final  # yatzy-forced: 148 states
    assert re.search(r"\[\d\d:\d\d<\d\d:\d\d, +[\d.]+ states/s\]", final), final  # elapsed<left, rate
    assert "optimal-play table built in" in shown


def test_where_output_is_no_terminal_the_build_prints_lines_only(tmp_path: Path) -> None:
    result = (
        _app(tmp_path, tmp_path / "tables")
        .test_cli_runner()
        .invoke(args=["advisor", "build", "--edition", "yatzy-forced"])
    )
    assert result.exit_code == 0, result.output
    assert "%|" not in result.output and "optimal-play table built in" in result.output


def test_an_unknown_edition_is_refused(tmp_path: Path) -> None:
    result = _app(tmp_path, tmp_path).test_cli_runner().invoke(args=["advisor", "build", "--edition", "x"])
    assert result.exit_code != 0 and "Invalid value" in result.output


def test_build_with_if_missing_removes_files_of_earlier_formats(tmp_path: Path) -> None:
    tables = tmp_path / "tables"
    runner = _app(tmp_path, tables).test_cli_runner()
    assert runner.invoke(args=["advisor", "build", "--edition", "yatzy-forced"]).exit_code == 0
    stale = ["yatzy-forced.v1.npy", "yatzy-forced.v1.json", "yatzy-forced.shape.v1.npy"]
    for name in stale:
        (tables / name).write_bytes(b"from an earlier version")
    result = runner.invoke(args=["advisor", "build", "--if-missing", "--edition", "yatzy-forced"])
    assert result.exit_code == 0, result.output
    assert "removed 3 file(s) of earlier formats" in result.output
    assert not any((tables / name).exists() for name in stale)
    assert Advisor.is_ready("yatzy-forced", tables)
