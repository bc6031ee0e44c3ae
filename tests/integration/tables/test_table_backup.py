"""`flask backup` copies the whole SQLite database consistently while turns are being recorded,
and `flask restore` puts a copy back; PostgreSQL is pointed at pg_dump."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from scorekeeper import storage
from scorekeeper.rules import Dice, Game
from scorekeeper.services import games, tables
from tests.support.sample_games import entries


def replay_every_game(path: Path) -> list[Game]:
    """Every game in a backup file, replayed from its rows by the engine (raises if one is torn)."""
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        rows = connection.execute("SELECT id, edition, version FROM games ORDER BY id").fetchall()
        replayed = []
        for game_id, edition, version in rows:
            players = [
                r[0]
                for r in connection.execute(
                    "SELECT name FROM players WHERE game_id=? ORDER BY seat", (game_id,)
                )
            ]
            stored = connection.execute(
                "SELECT dice, box FROM entries WHERE game_id=? ORDER BY position", (game_id,)
            )
            turns = [(Dice.parse(dice), box) for dice, box in stored]
            # Each recorded turn bumped the version once: a copy torn between the two would differ.
            assert len(turns) == version, (game_id, len(turns), version)
            replayed.append(Game.replay(players, edition, turns))
        return replayed
    finally:
        connection.close()


def test_a_backup_taken_while_turns_are_recorded_is_consistent(app, db, tmp_path):
    table = tables.create_table(db, "Busy")
    created = [tables.start_game(db, table.edit_token, ["Ann", "Bo"], "hasbro-1996") for _ in range(3)]
    played = [entries(2, seed) for seed in range(3)]
    stop = threading.Event()
    errors: list[BaseException] = []

    def record() -> None:
        try:
            for index in range(len(played[0])):
                for game, turns in zip(created, played, strict=True):
                    if stop.is_set():
                        return
                    games.record_turn(db, game.edit_token, index, *turns[index])
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    writer = threading.Thread(target=record)
    writer.start()
    copies = []
    try:
        for number in range(5):
            path = tmp_path / f"backup-{number}.db"
            result = app.test_cli_runner().invoke(args=["backup", str(path)])
            assert result.exit_code == 0, result.output
            copies.append(path)
    finally:
        writer.join(timeout=120)
        stop.set()
    assert not errors
    counts = [sum(len(game.turns) for game in replay_every_game(path)) for path in copies]
    assert counts == sorted(counts)  # later copies hold at least the turns of earlier ones
    assert not list(tmp_path.glob(".scorekeeper-backup-*"))  # no temporary file left behind
    final = tmp_path / "final.db"
    assert app.test_cli_runner().invoke(args=["backup", str(final)]).exit_code == 0
    assert [game.is_over for game in replay_every_game(final)] == [True, True, True]


def test_restore_puts_the_backup_back_after_asking(app, db, tmp_path):
    kept = games.create_game(db, ["Ann"], "yatzy")
    path = tmp_path / "backup.db"
    assert app.test_cli_runner().invoke(args=["backup", str(path)]).exit_code == 0
    later = games.create_game(db, ["Bo"], "yatzy")
    declined = app.test_cli_runner().invoke(args=["restore", str(path)], input="n\n")
    assert declined.exit_code != 0
    assert games.load_game(db, later.edit_token).game.players == ("Bo",)
    restored = app.test_cli_runner().invoke(args=["restore", str(path)], input="y\n")
    assert restored.exit_code == 0, restored.output
    assert games.load_game(db, kept.edit_token).game.players == ("Ann",)
    with pytest.raises(games.GameNotFound):
        games.load_game(db, later.edit_token)


@pytest.mark.parametrize("content", [None, b"not a database at all", "empty sqlite"])
def test_restore_refuses_a_file_that_is_not_a_scorekeeper_database(app, db, tmp_path, content):
    game = games.create_game(db, ["Ann"], "yatzy")
    path = tmp_path / "other.db"
    if content == "empty sqlite":
        sqlite3.connect(path).execute("CREATE TABLE t (x)").connection.close()
    elif content is not None:
        path.write_bytes(content)
    result = app.test_cli_runner().invoke(args=["restore", str(path), "--yes"])
    assert result.exit_code != 0 and "Error" in result.output
    assert games.load_game(db, game.edit_token).game.players == ("Ann",)


def test_backup_refuses_to_overwrite_the_database_itself(app, database_path):
    result = app.test_cli_runner().invoke(args=["backup", str(database_path)])
    assert result.exit_code != 0 and "database itself" in result.output


@pytest.mark.backends("postgresql")
def test_on_postgresql_backup_points_at_pg_dump(app, tmp_path):
    result = app.test_cli_runner().invoke(args=["backup", str(tmp_path / "x.db")])
    assert result.exit_code != 0 and "pg_dump" in result.output
    assert not (tmp_path / "x.db").exists()
    assert storage.get_engine(app).dialect.name == "postgresql"


HOLDER = """
import os, signal, sys, time
from sqlalchemy import create_engine
from scorekeeper.storage.serving import hold
hold(create_engine(sys.argv[1]), server_pid=os.getpid())
print("serving", flush=True)
signal.sigwait({signal.SIGTERM})
"""


def test_restore_is_refused_while_a_server_serves_the_database_unless_told_to_stop_it(
    app, db, tmp_path, database_path
):
    import subprocess
    import sys

    kept = games.create_game(db, ["Ann"], "yatzy")
    path = tmp_path / "backup.db"
    assert app.test_cli_runner().invoke(args=["backup", str(path)]).exit_code == 0
    later = games.create_game(db, ["Bo"], "yatzy")
    # A process serving the database, as each worker of `make run` does (it is its own server here).
    server = subprocess.Popen(
        [sys.executable, "-c", HOLDER, f"sqlite:///{database_path}"], stdout=subprocess.PIPE, text=True
    )
    try:
        assert server.stdout.readline() == "serving\n"
        refused = app.test_cli_runner().invoke(args=["restore", str(path), "--yes"])
        assert refused.exit_code != 0
        assert f"A server (process {server.pid}) is serving this database" in refused.output
        assert games.load_game(db, later.edit_token).game.players == ("Bo",)  # nothing replaced
        stopped = app.test_cli_runner().invoke(args=["restore", str(path), "--yes", "--stop-server"])
        assert stopped.exit_code == 0, stopped.output
        assert server.wait(timeout=30) is not None  # it was told to stop, and did
    finally:
        server.kill()
        server.wait()
        server.stdout.close()
    assert games.load_game(db, kept.edit_token).game.players == ("Ann",)
    with pytest.raises(games.GameNotFound):
        games.load_game(db, later.edit_token)


def test_a_restored_game_comes_back_at_a_version_no_phone_has_seen(app, db, client, tmp_path, make_app):
    """The live game reached version 1 with Yahtzee; the backup holds it at version 1 with Threes.
    A phone showing version 1 was told "nothing new" after the restore and kept the old sheet."""
    game = games.create_game(db, ["Ann", "Bo"], "hasbro-1996")
    path = tmp_path / "backup.db"
    assert app.test_cli_runner().invoke(args=["backup", str(path)]).exit_code == 0
    elsewhere = make_app(path).extensions[storage.DB_KEY]  # the backup goes its own way
    games.record_turn(elsewhere, game.edit_token, 0, Dice.of([3, 1, 2, 4, 6]), "threes")
    games.record_turn(db, game.edit_token, 0, Dice.of([5, 5, 5, 5, 5]), "yahtzee")
    live = {"HX-Request": "true"}
    shown = client.get(f"/g/{game.edit_token}", headers=live)
    assert shown.status_code == 200 and shown.headers["ETag"] == 'W/"1-en"'
    assert (
        client.get(f"/g/{game.edit_token}", headers=live | {"If-None-Match": 'W/"1-en"'}).status_code == 304
    )
    assert app.test_cli_runner().invoke(args=["restore", str(path), "--yes"]).exit_code == 0
    fresh = client.get(f"/g/{game.edit_token}", headers=live | {"If-None-Match": 'W/"1-en"'})
    restored = games.load_game(db, game.edit_token)
    assert restored.game.turns[0].box == "threes" and restored.version > 1
    assert fresh.status_code == 200 and fresh.headers["ETag"] == f'W/"{restored.version}-en"'
    assert fresh.data != shown.data  # the restored sheet, not the one shown before
    assert client.get(f"/g/{game.edit_token}/poll?v=1").status_code == 200  # the poll says news too
