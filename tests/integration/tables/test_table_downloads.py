"""A table's downloads as a spreadsheet and a file manager see them: dates a spreadsheet reads as
dates, files named after the table and the day, and an imported copy told from its original."""

from __future__ import annotations

import csv
import io
import re
from datetime import UTC, datetime
from urllib.parse import unquote

import pytest

from scorekeeper.services import tables
from scorekeeper.web.views import tables as table_views

DAY = datetime(2026, 12, 1, 19, 2, 11, 123456, tzinfo=UTC)


@pytest.fixture
def on_the_day(monkeypatch: pytest.MonkeyPatch) -> datetime:
    """The pages' clock stopped on DAY."""
    monkeypatch.setattr(table_views, "now", lambda: DAY)
    return DAY


def file_names(disposition: str) -> tuple[str, str]:
    """(the ASCII filename=, the exact filename* decoded) of a Content-Disposition header."""
    ascii_name = re.search(r'filename="([^"]*)"', disposition).group(1)
    exact = re.search(r"filename\*=UTF-8''(\S+)", disposition).group(1)
    return ascii_name, unquote(exact)


def test_the_csv_dates_are_date_and_time_as_spreadsheets_read_them(client, db, table, play_at):
    play_at(table.edit_token, ["Ann", "Bo"], seed=1)
    rows = list(
        csv.DictReader(io.StringIO(client.get(f"/t/{table.view_token}/export.csv").get_data(as_text=True)))
    )
    assert rows and all(re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", row["date"]) for row in rows)
    game = tables.open_table(db, table.view_token).games[0]
    assert rows[0]["date"] == game.created_at.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S")


@pytest.mark.parametrize(("ending", "mimetype"), [("json", "application/json"), ("csv", "text/csv")])
def test_an_export_is_named_after_the_table_and_the_day(client, db, on_the_day, ending, mimetype):
    table = tables.create_table(db, "Fredagskväll på Åsa's")
    response = client.get(f"/t/{table.view_token}/export.{ending}")
    assert response.status_code == 200 and response.mimetype == mimetype
    disposition = response.headers["Content-Disposition"]
    assert disposition.startswith("attachment; ")
    assert file_names(disposition) == (
        f"Fredagskvall-pa-Asa-s-2026-12-01.{ending}",
        f"Fredagskväll på Åsa's 2026-12-01.{ending}",
    )


def test_a_table_without_a_name_exports_as_table_and_the_day_in_the_readers_language(client, db, on_the_day):
    table = tables.create_table(db, "")
    response = client.get(f"/t/{table.view_token}/export.csv", headers={"Accept-Language": "de"})
    assert file_names(response.headers["Content-Disposition"]) == (
        "Tisch-2026-12-01.csv",
        "Tisch 2026-12-01.csv",
    )


def test_a_name_with_quotes_or_slashes_never_breaks_the_header(client, db, on_the_day):
    table = tables.create_table(db, 'a"b/c\\d')
    disposition = client.get(f"/t/{table.view_token}/export.json").headers["Content-Disposition"]
    assert file_names(disposition) == ("a-b-c-d-2026-12-01.json", "a-b-c-d 2026-12-01.json")


def imported_from(client, db, exported: bytes, language: str = "en") -> str:
    """The name of the table made by importing this export through the page."""
    response = client.post(
        "/t/import",
        data={"file": (io.BytesIO(exported), "export.json")},
        content_type="multipart/form-data",
        headers={"Accept-Language": language},
    )
    assert response.status_code == 303
    token = response.headers["Location"].rsplit("/", 1)[-1]
    return tables.load_table(db, token).name


@pytest.mark.parametrize(
    ("language", "name"),
    [
        ("en", "Friday (imported 2026-12-01)"),
        ("fr", "Friday (importée le 2026-12-01)"),
        ("de", "Friday (importiert am 2026-12-01)"),
        ("sv", "Friday (importerad 2026-12-01)"),
        ("es", "Friday (importada el 2026-12-01)"),
    ],
)
def test_an_imported_table_says_it_is_a_copy_and_when_it_was_made(
    client, db, table, play_at, on_the_day, language, name
):
    play_at(table.edit_token, ["Ann", "Bo"], seed=1)
    exported = client.get(f"/t/{table.view_token}/export.json").data
    assert imported_from(client, db, exported, language) == name
    assert tables.load_table(db, table.edit_token).name == "Friday"


def test_a_long_name_is_shortened_so_the_copys_name_still_fits(client, db, on_the_day):
    long = "A table with a very long name indeed, sixty characters long"
    assert len(long) <= tables.NAME_MAX
    table = tables.create_table(db, long)
    name = imported_from(client, db, client.get(f"/t/{table.view_token}/export.json").data)
    assert len(name) == tables.NAME_MAX
    assert name.endswith("… (imported 2026-12-01)") and name.startswith("A table with a very long")


def test_a_table_without_a_name_imports_as_table_and_the_day(client, db, on_the_day):
    table = tables.create_table(db, "")
    assert (
        imported_from(client, db, client.get(f"/t/{table.view_token}/export.json").data)
        == "Table (imported 2026-12-01)"
    )
