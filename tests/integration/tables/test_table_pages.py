"""The table pages through Flask's test client: forms post and redirect, refusals are 422 pages,
wrong or read-only links are 404s, exports carry the engine's figures, CSRF is checked."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from scorekeeper.services import games, tables
from tests.support.table_rows import row_counts


def version_of(page: str) -> str:
    return re.search(r'name="version" value="(\d+)"', page).group(1)


def refusal_of(page: str) -> str:
    return re.search(r'class="notice refusal"[^>]*>([^<]+)<', page).group(1)


def test_starting_a_table_opens_its_page_with_both_links_and_qr_codes(client, db):
    assert client.get("/t/new").status_code == 200
    response = client.post("/t/new", data={"name": "  Friday  "})
    assert response.status_code == 303
    token = response.headers["Location"].rsplit("/", 1)[-1]
    page = client.get(f"/t/{token}").get_data(as_text=True)
    view = tables.load_table(db, token).view_token
    assert "Friday" in page and f"/t/{token}" in page and f"/t/{view}" in page
    assert page.count('class="qr-code"') == 2


def test_a_table_name_too_long_is_a_clear_422_and_stores_nothing(client, db):
    before = row_counts(db)
    response = client.post("/t/new", data={"name": "x" * (tables.NAME_MAX + 1)})
    assert response.status_code == 422
    assert f"at most {tables.NAME_MAX} characters" in response.get_data(as_text=True)
    assert row_counts(db) == before


def test_the_page_lists_every_game_with_the_engines_scores_and_winner(client, db, table, play_at):
    first = play_at(table.edit_token, ["Zoé", "Bo"], seed=1)
    play_at(table.edit_token, ["Bo", "Cy"], seed=2, edition="yatzy")
    page = client.get(f"/t/{table.view_token}").get_data(as_text=True)
    game = games.load_game(db, first.edit_token).game
    winner = game.standings()[0]
    rows = re.findall(r"<tr>(.*?)</tr>", page, re.S)
    zoe_row = next(row for row in rows if "Zoé" in row)
    assert f'<span class="name">{winner.name}</span> <span class="total">{winner.total}</span>' in zoe_row
    assert "Merge" not in page and "/delete" not in page and 'name="version"' not in page  # read only
    assert 'id="high-scores"' in page


def test_new_game_at_a_table_goes_through_the_new_game_form(client, db, table):
    response = client.get(f"/t/{table.edit_token}/new-game")
    assert response.status_code == 303
    form = client.get(response.headers["Location"]).get_data(as_text=True)
    assert f'name="table" value="{table.edit_token}"' in form
    created = client.post(
        "/new",
        data={
            "player": ["Ann", "Bo"],
            "edition": "hasbro-1996",
            "table": table.edit_token,
            "action": "start",
        },
    )
    assert created.status_code == 303
    game_token = created.headers["Location"].rsplit("/", 1)[-1]
    assert tables.table_of_game(db, game_token).id == table.table.id
    rematch = client.post(f"/g/{game_token}/rematch")
    again = rematch.headers["Location"].rsplit("/", 1)[-1]
    assert tables.table_of_game(db, again).id == table.table.id


@pytest.mark.parametrize("which", ["view", "nonsense"])
def test_a_new_game_with_a_table_link_that_cannot_play_there_is_refused(client, db, table, which):
    token = table.view_token if which == "view" else "nonsense"
    assert client.get(f"/t/{token}/new-game").status_code == 404
    before = row_counts(db)
    response = client.post("/new", data={"player": ["Ann", "Zygmunt"], "table": token, "action": "start"})
    page = response.get_data(as_text=True)
    # The form again, with the names typed and why: nothing typed is lost to a 404 page.
    assert response.status_code == 422
    assert "This link opens no table you can play at." in page
    assert 'value="Zygmunt"' in page
    assert row_counts(db) == before


def test_merge_and_rename_post_then_redirect_and_refusals_are_422(client, db, table, play_at):
    play_at(table.edit_token, ["Zoey", "Bo"], seed=1)
    play_at(table.edit_token, ["Zoé", "Bo"], seed=2)
    page = client.get(f"/t/{table.edit_token}").get_data(as_text=True)
    refused = client.post(
        f"/t/{table.edit_token}/merge", data={"version": version_of(page), "keep": "Bo", "other": "Zoé"}
    )
    assert refused.status_code == 422
    assert "both played" in refusal_of(refused.get_data(as_text=True))
    merged = client.post(
        f"/t/{table.edit_token}/merge", data={"version": version_of(page), "keep": "Zoé", "other": "Zoey"}
    )
    assert merged.status_code == 303
    page = client.get(merged.headers["Location"]).get_data(as_text=True)
    assert "Zoey and Zoé are now one player." in page
    assert [p.name for p in tables.open_table(db, table.view_token).players] == ["Bo", "Zoé"]
    stale = client.post(f"/t/{table.edit_token}/rename", data={"version": "0", "player": "Bo", "name": "Bob"})
    assert stale.status_code == 422
    renamed = client.post(
        f"/t/{table.edit_token}/rename", data={"version": version_of(page), "player": "Bo", "name": "Bob"}
    )
    assert renamed.status_code == 303
    assert {p.name for p in tables.open_table(db, table.view_token).players} == {"Bob", "Zoé"}


@pytest.mark.parametrize(
    "data", [{}, {"version": "x"}, {"version": "1" * 50, "player": ["a", "b"]}, {"name": "\x00"}]
)
def test_garbage_posted_to_a_rename_is_a_clear_refusal(client, table, play_at, data):
    play_at(table.edit_token, ["Ann"], turns=[])
    response = client.post(f"/t/{table.edit_token}/rename", data=data)
    assert response.status_code == 422
    assert refusal_of(response.get_data(as_text=True))


def test_every_write_route_answers_a_view_link_with_404(client, db, table, play_at):
    play_at(table.edit_token, ["Ann", "Bo"])
    game_id = tables.open_table(db, table.edit_token).games[0].id
    before = row_counts(db)
    view = table.view_token
    for path in (
        f"/t/{view}/rename",
        f"/t/{view}/merge",
        f"/t/{view}/delete",
        f"/t/{view}/games/{game_id}/delete",
    ):
        assert client.post(path, data={"version": "1", "player": "Ann", "name": "X"}).status_code == 404, path
    assert client.get(f"/t/{view}/delete").status_code == 404
    assert row_counts(db) == before


def test_deleting_a_game_asks_first_then_deletes_it(client, db, table, play_at):
    play_at(table.edit_token, ["Ann", "Bo"], seed=1)
    play_at(table.edit_token, ["Ann", "Cy"], seed=2)
    game_id = tables.open_table(db, table.edit_token).games[1].id
    confirm = client.get(f"/t/{table.edit_token}/games/{game_id}/delete")
    assert confirm.status_code == 200 and "Cy" in confirm.get_data(as_text=True)
    assert len(tables.open_table(db, table.edit_token).games) == 2  # asking deleted nothing
    done = client.post(f"/t/{table.edit_token}/games/{game_id}/delete")
    assert done.status_code == 303
    assert "The game was deleted." in client.get(done.headers["Location"]).get_data(as_text=True)
    assert [p.game.players for p in tables.open_table(db, table.edit_token).games] == [("Ann", "Bo")]
    assert client.get(f"/t/{table.edit_token}/games/{game_id}/delete").status_code == 404
    assert client.get(f"/t/{table.edit_token}/games/99999999999999/delete").status_code == 404


def test_deleting_the_table_asks_first_then_deletes_it_and_its_games(client, db, table, play_at):
    created = play_at(table.edit_token, ["Ann", "Bo"])
    assert "1 game" in client.get(f"/t/{table.edit_token}/delete").get_data(as_text=True)
    done = client.post(f"/t/{table.edit_token}/delete")
    assert done.status_code == 303
    assert "were deleted" in client.get(done.headers["Location"]).get_data(as_text=True)
    assert client.get(f"/t/{table.edit_token}").status_code == 404
    assert client.get(f"/g/{created.edit_token}").status_code == 404
    assert row_counts(db)["games"] == 0


def test_a_lone_game_moves_to_a_table_from_its_page_by_pasting_the_link(client, db, table):
    lone = games.create_game(db, ["Ann", "Bo"], "hasbro-1996")
    assert f"/g/{lone.view_token}/table" not in client.get(f"/g/{lone.view_token}").get_data(as_text=True)
    assert f"/g/{lone.edit_token}/table" in client.get(f"/g/{lone.edit_token}").get_data(as_text=True)
    for wrong in ("", "https://example.org/t/nope", table.view_token):
        response = client.post(f"/g/{lone.edit_token}/table", data={"table": wrong})
        assert response.status_code == 422 and "edit link" in response.get_data(as_text=True)
    moved = client.post(f"/g/{lone.edit_token}/table", data={"table": f"http://x/t/{table.edit_token}/"})
    assert moved.status_code == 303
    assert "Friday" in client.get(moved.headers["Location"]).get_data(as_text=True)
    assert tables.table_of_game(db, lone.edit_token).id == table.table.id
    assert client.get(f"/g/{lone.view_token}/table").status_code == 404


def test_a_game_deleted_from_its_own_page_asks_first(client, db):
    lone = games.create_game(db, ["Ann"], "yatzy")
    assert client.get(f"/g/{lone.edit_token}/delete").status_code == 200
    assert client.post(f"/g/{lone.view_token}/delete").status_code == 404
    assert client.post(f"/g/{lone.edit_token}/delete").status_code == 303
    assert client.get(f"/g/{lone.edit_token}").status_code == 404


def test_the_csv_has_one_row_per_game_and_player_with_the_engines_boxes_and_totals(
    client, db, table, play_at
):
    created = play_at(table.edit_token, ["Zoé", "Bo"], seed=1)
    play_at(table.edit_token, ["Cy"], seed=2, edition="yatzy")
    response = client.get(f"/t/{table.view_token}/export.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))
    assert [(row["game"], row["player"]) for row in rows] == [("1", "Zoé"), ("1", "Bo"), ("2", "Cy")]
    game = games.load_game(db, created.edit_token).game
    for row, card in zip(rows, game.cards, strict=False):
        assert int(row["grand_total"]) == card.grand_total
        assert int(row["upper_bonus"]) == card.upper_bonus
        assert [int(row[key]) for key in game.edition.box_keys] == [
            card.points(key) for key in game.edition.box_keys
        ]
    assert rows[0]["one_pair"] == "" and rows[2]["one_pair"] != ""  # a box of the other edition only


def test_a_name_a_spreadsheet_would_run_as_a_formula_is_exported_as_text(client, table, play_at):
    play_at(table.edit_token, ["=1+1", "@Bo"], turns=[([1, 1, 1, 1, 1], "ones")], title="-cup")
    rows = list(
        csv.DictReader(io.StringIO(client.get(f"/t/{table.edit_token}/export.csv").get_data(as_text=True)))
    )
    assert [row["player"] for row in rows] == ["'=1+1", "'@Bo"]
    assert rows[0]["title"] == "'-cup" and rows[0]["ones"] == "5"


def test_the_json_export_imports_through_the_page(client, db, table, play_at):
    play_at(table.edit_token, ["Zoé", "Bo"], seed=1)
    exported = client.get(f"/t/{table.edit_token}/export.json")
    assert exported.status_code == 200 and exported.mimetype == "application/json"
    assert client.get("/t/import").status_code == 200
    response = client.post(
        "/t/import",
        data={"file": (io.BytesIO(exported.data), "table.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 303
    token = response.headers["Location"].rsplit("/", 1)[-1]
    again = client.get(f"/t/{token}/export.json")
    assert json.loads(again.data) == json.loads(exported.data)


@pytest.mark.parametrize(
    "body", [b"", b"{not json", b"[1, 2]", b'{"games": [{"edition": "nope"}]}', b"\xff\xfe"]
)
def test_an_import_of_a_file_that_is_not_an_export_is_a_clear_422(client, db, body):
    before = row_counts(db)
    response = client.post(
        "/t/import", data={"file": (io.BytesIO(body), "table.json")}, content_type="multipart/form-data"
    )
    assert response.status_code == 422
    assert refusal_of(response.get_data(as_text=True))
    assert row_counts(db) == before


def test_an_import_without_a_file_is_a_clear_422(client):
    response = client.post("/t/import", data={})
    assert response.status_code == 422


class TestWithCsrf:
    """As in production: every form of the table pages carries its token, and one without is refused."""

    @pytest.fixture
    def app_overrides(self):
        return {"WTF_CSRF_ENABLED": True}

    def test_the_import_form_carries_a_token_and_a_post_without_one_is_refused(self, client, db):
        page = client.get("/t/import").get_data(as_text=True)
        token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
        document = json.dumps(
            {"kind": "scorekeeper-table", "format": 1, "name": "T", "created_at": "2026-11-01T20:00:00+00:00"}
            | {"games": []}
        ).encode()
        refused = client.post(
            "/t/import", data={"file": (io.BytesIO(document), "t.json")}, content_type="multipart/form-data"
        )
        assert refused.status_code == 400
        done = client.post(
            "/t/import",
            data={"file": (io.BytesIO(document), "t.json"), "csrf_token": token},
            content_type="multipart/form-data",
        )
        assert done.status_code == 303

    def test_a_big_export_is_accepted_though_other_forms_stay_small(self, client, db):
        page = client.get("/t/import").get_data(as_text=True)
        token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
        padding = " " * (200 * 1024)  # far above the app's form limit, far below the import's
        document = (
            '{"kind": "scorekeeper-table", "format": 1, "name": "Big", "games": []' + padding + "}"
        ).encode()
        done = client.post(
            "/t/import",
            data={"file": (io.BytesIO(document), "t.json"), "csrf_token": token},
            content_type="multipart/form-data",
        )
        assert done.status_code == 303
        assert (
            client.post("/t/new", data={"name": "x" * (200 * 1024), "csrf_token": token}).status_code == 413
        )

    def test_the_table_forms_carry_their_token(self, client, db):
        created = client.get("/t/new").get_data(as_text=True)
        token = re.search(r'name="csrf_token" value="([^"]+)"', created).group(1)
        assert client.post("/t/new", data={"name": "T"}).status_code == 400
        response = client.post("/t/new", data={"name": "T", "csrf_token": token})
        assert response.status_code == 303


def test_the_home_page_lists_the_tables_opened_on_this_phone_until_one_is_deleted(client, db):
    first = tables.create_table(db, "Friday")
    second = tables.create_table(db, "Cabin")
    assert "Tables on this phone" not in client.get("/").get_data(as_text=True)
    client.get(f"/t/{first.edit_token}")
    client.get(f"/t/{second.view_token}")
    home = client.get("/").get_data(as_text=True)
    assert home.index("Cabin") < home.index("Friday")  # newest first
    assert f"/t/{second.view_token}" in home and f"/t/{first.edit_token}" in home
    client.post(f"/t/{first.edit_token}/delete")
    home = client.get("/").get_data(as_text=True)
    assert "Friday" not in home and "Cabin" in home
    tables.delete_table(db, second.edit_token)  # from elsewhere: the link stays until it opens nothing
    assert client.get(f"/t/{second.view_token}").status_code == 404
    assert "Tables on this phone" not in client.get("/").get_data(as_text=True)


def test_renaming_two_spellings_who_sat_in_one_game_is_refused_not_seated_twice(client, db, table, play_at):
    # "Zoé" and "Zoe" may play one game (names differ by more than case); the table counts them as one
    # player, so one name for both would seat that player twice and break the game's rematch.
    game = play_at(table.edit_token, ["Zoé", "Zoe"], seed=3)
    version = tables.load_table(db, table.edit_token).version
    response = client.post(
        f"/t/{table.edit_token}/rename", data={"version": str(version), "player": "zoe", "name": "Anna"}
    )
    assert response.status_code == 422
    assert "both played the game of" in response.get_data(as_text=True)
    assert games.load_game(db, game.edit_token).game.players == ("Zoé", "Zoe")
    assert client.post(f"/g/{game.edit_token}/rematch").status_code == 303


def test_table_pages_ask_search_engines_not_to_list_them(client, table):
    for token in (table.edit_token, table.view_token):
        assert client.get(f"/t/{token}").headers["X-Robots-Tag"] == "noindex, nofollow"


def test_the_history_says_game_or_games_by_the_count(client, db, table, play_at):
    play_at(table.edit_token, ["Ann", "Bo"], seed=1)
    play_at(table.edit_token, ["Ann", "Cy"], seed=2)
    for old, new in (("Bo", "Bob"), ("Ann", "Anna")):
        version = str(tables.load_table(db, table.edit_token).version)
        client.post(f"/t/{table.edit_token}/rename", data={"version": version, "player": old, "name": new})
    page = client.get(f"/t/{table.edit_token}").get_data(as_text=True)
    assert "Renamed Bo to Bob in 1 game." in page
    assert "Renamed Ann to Anna in 2 games." in page


def _multipart(document: bytes) -> tuple[bytes, str]:
    """A multipart body holding the file, as a browser sends the import form."""
    boundary = "----scorekeeper-test"
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="table.json"\r\n'
            "Content-Type: application/json\r\n\r\n"
        ).encode()
        + document
        + f"\r\n--{boundary}--\r\n".encode()
    )
    return body, f"multipart/form-data; boundary={boundary}"


def test_a_chunked_upload_of_an_export_imports_as_one_with_its_length_does(client, table, play_at):
    for seed in range(12):  # an export far above the 16 KB every other form is held to
        play_at(table.edit_token, ["Zoé", "Bo", "Cy"], seed=seed)
    exported = client.get(f"/t/{table.edit_token}/export.json").data
    body, content_type = _multipart(exported)
    assert len(body) > 64 * 1024
    response = client.post(
        "/t/import",
        input_stream=io.BytesIO(body),
        content_type=content_type,
        headers={"Transfer-Encoding": "chunked"},
    )
    assert response.status_code == 303, refusal_of(response.get_data(as_text=True))
    token = response.headers["Location"].rsplit("/", 1)[-1]
    assert json.loads(client.get(f"/t/{token}/export.json").data)["games"] == json.loads(exported)["games"]


def test_a_file_of_a_newer_format_is_refused_with_a_message_that_says_so(client, db):
    document = json.dumps({"kind": "scorekeeper-table", "format": 7, "name": "T", "games": []}).encode()
    before = row_counts(db)
    response = client.post(
        "/t/import", data={"file": (io.BytesIO(document), "t.json")}, content_type="multipart/form-data"
    )
    assert response.status_code == 422
    assert "newer Scorekeeper (format 7)" in refusal_of(response.get_data(as_text=True))
    assert row_counts(db) == before


class TestImportedGamesCount:
    """Imported games count against a budget of their own per address; a refused import costs nothing."""

    @pytest.fixture
    def app_overrides(self):
        return {"RATELIMIT_ENABLED": True, "RATE_LIMIT_IMPORTED_GAMES": "5 per hour"}

    def test_games_imported_from_one_address_are_counted(self, client, db, table, play_at):
        for seed in range(3):
            play_at(table.edit_token, ["Ann", "Bo"], seed=seed)
        three = client.get(f"/t/{table.edit_token}/export.json").data
        two = json.dumps(json.loads(three) | {"games": json.loads(three)["games"][:2]}).encode()

        def upload(document: bytes) -> int:
            form = {"file": (io.BytesIO(document), "t.json")}
            return client.post("/t/import", data=form, content_type="multipart/form-data").status_code

        assert upload(b"{not json") == 422  # refused: costs nothing
        assert upload(three) == 303
        before = row_counts(db)
        assert upload(three) == 429  # 3 + 3 > 5: refused whole, nothing stored
        assert row_counts(db) == before
        assert upload(two) == 303  # 3 + 2 = 5
