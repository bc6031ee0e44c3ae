"""A table's list opens each of its games: its page for the table's edit link, its board for the
view link, and once over its board, printed sheet and review (issue 28)."""

from __future__ import annotations

import io
import re

import pytest

from scorekeeper.services import games, table_game_links, tables
from scorekeeper.storage.tokens import view_token_for
from tests.support.sample_games import entries


@pytest.fixture
def secret(app) -> str:
    return str(app.config["SECRET_KEY"])


def hrefs(html: str) -> set[str]:
    return set(re.findall(r'href="([^"]+)"', html))


def game_paths(html: str) -> set[str]:
    """Every link to a game's pages on this page."""
    return {href for href in hrefs(html) if href.startswith("/g/")}


def start_through_the_page(client, table, names=("Ann", "Bo")) -> str:
    """A game started with the table's new-game form; its edit token."""
    response = client.post(
        "/new",
        data={"player": list(names), "edition": "hasbro-1996", "action": "start", "table": table.edit_token},
    )
    assert response.status_code == 303
    return response.headers["Location"].rsplit("/", 1)[-1]


def test_a_game_in_play_opens_from_the_table_by_its_page_or_its_board(client, table):
    token = start_through_the_page(client, table)
    edit_page = client.get(f"/t/{table.edit_token}").text
    assert game_paths(edit_page) == {f"/g/{token}"}
    assert "Open the game" in edit_page
    view_page = client.get(f"/t/{table.view_token}").text
    assert game_paths(view_page) == {f"/g/{view_token_for(token)}"}, "a view link never shows an edit link"
    assert "Watch the game" in view_page
    assert client.get(f"/g/{token}").status_code == 200


def test_a_finished_game_opens_its_board_sheet_and_review_from_the_table_and_all_games(
    client, db, table, play_at, secret
):
    created = tables.start_game(db, table.edit_token, ["Ann", "Bo"], "hasbro-1996", secret=secret)
    finished = play_at(table.edit_token, ["Ann", "Bo"], seed=3)  # no secret: kept when opened below
    for index, (dice, box) in enumerate(entries(2, 1, None, "hasbro-1996")):
        games.record_turn(db, created.edit_token, index, dice, box)
    edit, view = created.edit_token, view_token_for(created.edit_token)
    for path in (f"/t/{table.edit_token}", f"/t/{table.edit_token}/games"):
        assert {f"/g/{view}", f"/g/{edit}/print", f"/g/{edit}/review"} <= game_paths(client.get(path).text), (
            path
        )
    for path in (f"/t/{table.view_token}", f"/t/{table.view_token}/games"):
        assert game_paths(client.get(path).text) == {f"/g/{view}", f"/g/{view}/print", f"/g/{view}/review"}, (
            path
        )
    for link in (f"/g/{view}", f"/g/{edit}/print", f"/g/{view}/review"):
        assert client.get(link).status_code == 200, link
    # The game put at the table before its links were kept: none until its edit link opens it once.
    assert not any(
        finished.edit_token in path for path in game_paths(client.get(f"/t/{table.edit_token}").text)
    )
    assert client.get(f"/g/{finished.edit_token}").status_code == 200
    assert f"/g/{finished.edit_token}/print" in game_paths(client.get(f"/t/{table.edit_token}").text)


def test_a_rematch_a_moved_game_and_an_imported_table_keep_their_links(client, db, table, secret):
    first = start_through_the_page(client, table)
    assert client.post(f"/g/{first}/rematch").status_code == 303
    alone = games.create_game(db, ["Cy", "Di"], "yatzy")
    moved = client.post(
        f"/g/{alone.edit_token}/table", data={"table": f"http://localhost/t/{table.edit_token}"}
    )
    assert moved.status_code in (200, 303)
    listed = game_paths(client.get(f"/t/{table.edit_token}").text)
    assert f"/g/{alone.edit_token}" in listed and f"/g/{first}" in listed and len(listed) == 3
    exported = client.get(f"/t/{table.view_token}/export.json").data
    imported = client.post(
        "/t/import", data={"file": (io.BytesIO(exported), "t.json")}, content_type="multipart/form-data"
    )
    copy = imported.headers["Location"].rsplit("/", 1)[-1]
    copied = game_paths(client.get(f"/t/{copy}").text)
    assert len(copied) == 3 and not copied & listed


def test_a_seal_opened_with_another_secret_gives_no_link(db, table, secret):
    created = tables.start_game(db, table.edit_token, ["Ann", "Bo"], "hasbro-1996", secret=secret)
    kept = table_game_links.game_links(db, table.edit_token, secret, range(1, 100))
    assert [link for link, _ in kept.values()] == [created.edit_token]
    assert table_game_links.game_links(db, table.edit_token, secret + "x", range(1, 100)) == {}
