"""What differs between SQLite and PostgreSQL: lengths, characters, time zones, whole web flows."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import text

from scorekeeper import storage
from scorekeeper.services import games
from scorekeeper.services.names import NAME_MAX, TITLE_MAX
from scorekeeper.storage import records

# Each check runs on both backends: the point is that they behave the same.
pytestmark = pytest.mark.backends("sqlite", "postgresql")


def test_full_length_names_and_titles_in_any_script_round_trip(db):
    # VARCHAR(n) counts characters on PostgreSQL (SQLite does not check at all).
    names = ["Zoë" * 8, "李" * NAME_MAX, "🎲" * NAME_MAX]
    title = "Été " * (TITLE_MAX // 4 - 1) + "Été!"
    assert len(title) == TITLE_MAX
    created = games.create_game(db, names, "hasbro-1996", title=title)
    loaded = games.load_game(db, created.edit_token)
    assert loaded.game.players == tuple(names)
    assert loaded.title == title


@pytest.mark.parametrize("field", ["name", "title"])
def test_a_nul_character_is_refused_with_a_message_not_a_database_error(db, field):
    players, title = (["An\x00n"], "") if field == "name" else (["Ann"], "Cup\x00")
    with pytest.raises(ValueError) as refusal:
        games.create_game(db, players, "hasbro-1996", title=title)
    assert type(refusal.value) is games.BadSettings  # the checker's refusal, not a driver's error
    assert str(refusal.value) == "Use letters, digits and punctuation only."
    with db() as session:
        assert session.execute(text("SELECT count(*) FROM games")).scalar() == 0


@pytest.mark.backends("postgresql")  # SQLite has no session time zone
def test_times_read_back_in_utc_whatever_the_server_time_zone(make_app, database_url):
    # A server set to local time hands timestamps back in its zone; we promise UTC.
    app = make_app(database_url + "?options=-c%20TimeZone%3DAmerica/New_York")
    db = app.extensions[storage.DB_KEY]
    created = games.create_game(db, ["Ann"], "hasbro-1996")
    token = created.edit_token
    loaded = games.load_game(db, token)
    games.record_turn(db, token, 0, (2, 2, 4, 5, 6), "chance")
    games.undo_turn(db, token, 1)
    event = games.history(db, token)[0]
    for moment in (loaded.created_at, event.at):
        assert moment.utcoffset() == timedelta(0)
        assert abs(datetime.now(UTC) - moment) < timedelta(minutes=1)
    assert loaded.created_at == created.game.created_at


def test_a_game_played_through_the_web_forms_on_postgresql(client, db):
    response = client.post("/new", data={"player": ["Ann", "Bo"], "edition": "hasbro-1996"})
    assert response.status_code == 303
    token = re.fullmatch(r"/g/([A-Za-z0-9_-]+)", response.headers["Location"]).group(1)
    assert client.get(f"/g/{token}").status_code == 200

    def turn(dice: str, box: str, number: int):
        return client.post(f"/g/{token}/turns", data={"dice": dice, "box": box, "turn": number})

    assert turn("22456", "chance", 0).status_code == 303
    assert turn("2245", "chance", 1).status_code == 422  # four dice
    assert turn("12346", "yahtzee", 0).status_code == 409  # a stale form: Ann's turn is done
    assert turn("12346", "ones", 1).status_code == 303
    undo = client.post(f"/g/{token}/undo", data={"version": 2})
    assert undo.status_code == 303
    exported = client.get(f"/g/{token}/export.json").get_json()
    assert [(t["dice"], t["box"]) for t in exported["turns"]] == [([2, 2, 4, 5, 6], "chance")]
    assert games.load_game(db, token).version == 3


@pytest.mark.backends("postgresql")  # SQLite has no server to restart
def test_a_database_server_restart_does_not_fail_the_next_request(db, make_game, postgres_cluster):
    token = make_game(turns=[("22456", "chance")]).edit_token
    games.load_game(db, token)  # the pool now holds an open connection
    with db() as session:
        database = session.execute(text("SELECT current_database()")).scalar()
    # What a restart of PostgreSQL does to the app's pooled connections: they are cut.
    with postgres_cluster.connect() as admin:
        cut = admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s",
            (database,),
        ).fetchall()
    assert cut
    assert len(games.load_game(db, token).game.turns) == 1


def test_a_game_is_read_from_one_snapshot_even_if_a_turn_commits_midway(db, make_game, monkeypatch):
    token = make_game(turns=[("22456", "chance")]).edit_token
    real = records.load_entries
    writes = []

    def entries_after_another_phone_records(session, game_id):
        # Between the reader's two SELECTs another phone records Bo's turn and commits.
        if not writes:
            writes.append(None)  # the writer below reads its entries through here too
            writes[0] = games.record_turn(db, token, 1, (1, 2, 3, 4, 6), "ones")
        return real(session, game_id)

    monkeypatch.setattr(records, "load_entries", entries_after_another_phone_records)
    loaded = games.load_game(db, token)
    assert writes[0].version == 2  # the other phone's turn did commit
    # Everything this load returns comes from the state before that commit.
    assert (loaded.version, len(loaded.game.turns)) == (1, 1)
