"""A phone's recent games live on the server, keyed by a random device id in the cookie: the list
cannot overflow the cookie (it did at 4 KB after four games with long names), and it is capped,
pruned, and holds no link in the clear."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import text

from scorekeeper.services import devices

EMOJI = "🎲🐉🦊🐙🌈🍀🎯🚀🧩🎸🐝🍉"
COOKIE_LIMIT = 4096  # what browsers keep of one cookie


@pytest.fixture
def app_overrides() -> dict[str, object]:
    return {"RATELIMIT_ENABLED": False}


def _emoji_name(number: int, seat: int) -> str:
    """A 24-character name of emoji, different for every game and seat."""
    name = "".join(EMOJI[(number + seat + i) % len(EMOJI)] for i in range(22)) + f"{number:02d}"[-2:]
    return name[:24]


def _session_cookie(client) -> str:
    cookie = client.get_cookie("session")
    return cookie.value if cookie else ""


def test_thirty_games_with_24_character_emoji_names_all_stay_on_the_phone(client):
    tokens = []
    for number in range(30):
        players = [_emoji_name(number, seat) for seat in range(8)]
        assert all(len(name) == 24 for name in players)
        response = client.post(
            "/new",
            data={"player": players, "edition": "hasbro-1996", "title": "🎲" * 60, "action": "start"},
        )
        assert response.status_code == 303, response.get_data(as_text=True)[:300]
        tokens.append(response.headers["Location"].rsplit("/", 1)[1])
        assert len(_session_cookie(client)) < COOKIE_LIMIT // 4
    page = client.get("/").get_data(as_text=True)
    positions = [page.find(f"/g/{token}") for token in tokens]
    assert all(position > 0 for position in positions)  # every game's edit link is on the list
    assert positions == sorted(positions, reverse=True)  # newest first
    assert _emoji_name(29, 0) in page


def _stored(db, table: str) -> int:
    with db() as session:
        return int(session.execute(text(f"SELECT count(*) FROM {table}")).scalar_one())


def test_reopening_the_first_game_writes_neither_cookie_nor_list(client, make_game, db):
    game = make_game()
    assert client.get(f"/g/{game.edit_token}").status_code == 200
    assert client.get(f"/g/{game.edit_token}").status_code == 200  # the cookie is kept: stored now
    again = client.get(f"/g/{game.edit_token}")
    assert "Set-Cookie" not in again.headers
    assert _stored(db, "recent_games") == 1


def test_a_client_that_keeps_no_cookie_writes_no_device_however_often_it_reads(app, make_game, db):
    game = make_game()
    for _ in range(5):
        assert app.test_client().get(f"/g/{game.view_token}").status_code == 200
    assert _stored(db, "devices") == 0 and _stored(db, "recent_games") == 0


def test_a_game_opened_once_is_on_the_list_of_a_phone_that_keeps_its_cookie(client, make_game, db):
    game = make_game()
    client.get(f"/g/{game.edit_token}")
    assert f"/g/{game.edit_token}" in client.get("/").get_data(as_text=True)
    assert _stored(db, "recent_games") == 1


def test_each_phone_has_its_own_list_and_a_view_link_stays_a_view_link(app, make_game):
    first, second = make_game(), make_game(["Cy", "Di"])
    ann, tv = app.test_client(), app.test_client()
    ann.get(f"/g/{first.edit_token}")
    tv.get(f"/g/{second.view_token}")
    assert f"/g/{first.edit_token}" in ann.get("/").get_data(as_text=True)
    tv_page = tv.get("/").get_data(as_text=True)
    assert f"/g/{second.view_token}" in tv_page and second.edit_token not in tv_page
    assert first.edit_token not in tv_page


def test_an_edit_link_is_not_replaced_by_the_view_link_of_the_same_game(client, make_game):
    game = make_game()
    client.get(f"/g/{game.edit_token}")
    client.get(f"/g/{game.view_token}")
    assert f"/g/{game.edit_token}" in client.get("/").get_data(as_text=True)


def test_the_list_is_capped(db, make_game):
    device = devices.new_device_id()
    start = datetime(2026, 1, 1, tzinfo=UTC)
    made = [make_game([f"P{number}", "Q"]) for number in range(devices.RECENT_MAX + 5)]
    for number, game in enumerate(made):
        assert devices.remember(db, device, game.edit_token, start + timedelta(minutes=number))
    listed = devices.recent(db, device)
    assert [game.token for game in listed] == [game.edit_token for game in reversed(made)][
        : devices.RECENT_MAX
    ]


def test_no_link_and_no_device_id_is_stored_in_the_clear(db, make_game):
    device = devices.new_device_id()
    game = make_game()
    devices.remember(db, device, game.edit_token)
    with db() as session:
        stored = " ".join(
            str(value)
            for table in ("devices", "recent_games")
            for row in session.execute(text(f"SELECT * FROM {table}"))
            for value in row
        )
    assert game.edit_token not in stored and device not in stored
    assert devices.recent(db, devices.new_device_id()) == []  # another phone's id opens nothing
    assert [item.token for item in devices.recent(db, device)] == [game.edit_token]


def test_a_deleted_game_leaves_the_list(db, make_game):
    device = devices.new_device_id()
    kept, deleted = make_game(), make_game(["Cy", "Di"])
    devices.remember(db, device, kept.edit_token)
    devices.remember(db, device, deleted.edit_token)
    with db() as session, session.begin():
        session.execute(text("DELETE FROM games WHERE id = (SELECT max(id) FROM games)"))
    assert [item.token for item in devices.recent(db, device)] == [kept.edit_token]


def test_lists_unused_for_over_a_year_are_pruned(db, make_game):
    game = make_game()
    old, new = devices.new_device_id(), devices.new_device_id()
    now = datetime(2026, 11, 30, tzinfo=UTC)
    devices.remember(db, old, game.edit_token, now - devices.PRUNE_AFTER - timedelta(days=1))
    devices.remember(db, new, game.edit_token, now)  # a new phone's first game prunes old lists
    assert devices.recent(db, old) == []
    assert len(devices.recent(db, new)) == 1


def test_a_list_in_an_old_cookie_moves_to_the_server(client, make_game):
    older, newer = make_game(), make_game(["Cy", "Di"])
    with client.session_transaction() as session:
        session["recent"] = [
            [newer.edit_token, ["Cy", "Di"], "", "2026-11-02T10:00:00Z"],
            [older.edit_token, ["Ann", "Bo"], "", "2026-11-01T10:00:00Z"],
        ]
    page = client.get("/").get_data(as_text=True)
    assert 0 < page.find(f"/g/{newer.edit_token}") < page.find(f"/g/{older.edit_token}")
    with client.session_transaction() as session:
        assert "recent" not in session and "device" in session


def _cookie_payload(app, client) -> str:
    """What the signed session cookie says, decoded as anyone holding it could."""
    serializer = app.session_interface.get_signing_serializer(app)
    return str(serializer.loads(_session_cookie(client)))


def test_no_link_of_a_game_or_a_table_is_readable_in_the_cookie(app, client, db, make_game):
    from scorekeeper.services import tables

    table, other = tables.create_table(db, "Friday"), tables.create_table(db, "Cabin")
    game = make_game()
    links = [table.edit_token, table.view_token, other.edit_token, game.edit_token]
    assert client.get(f"/t/{table.edit_token}").status_code == 200  # a first visit: waits in the cookie
    assert all(link not in _cookie_payload(app, client) for link in links)
    assert client.get(f"/g/{game.edit_token}").status_code == 200
    assert client.get(f"/t/{other.edit_token}").status_code == 200
    payload = _cookie_payload(app, client)
    assert all(link not in payload for link in links), payload
    home = client.get("/").get_data(as_text=True)
    assert 0 < home.find(f"/t/{other.edit_token}") < home.find(f"/t/{table.edit_token}")  # newest first
    assert f"/g/{game.edit_token}" in home
    with db() as session:
        stored = [row[0] for row in session.execute(text("SELECT sealed_link FROM recent_tables"))]
    assert len(stored) == 2 and not any(link in value for value in stored for link in links)


def test_a_list_of_tables_in_an_old_cookie_moves_to_the_server(app, client, db):
    from scorekeeper.services import tables

    older, newer = tables.create_table(db, "Friday"), tables.create_table(db, "Cabin")
    with client.session_transaction() as session:
        session["tables"] = [[newer.view_token, "Cabin"], [older.edit_token, "Friday"]]
    home = client.get("/").get_data(as_text=True)
    assert 0 < home.find(f"/t/{newer.view_token}") < home.find(f"/t/{older.edit_token}")
    assert older.edit_token not in _cookie_payload(app, client)
