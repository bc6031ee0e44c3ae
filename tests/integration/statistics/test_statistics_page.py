"""The table page's statistics section: three server-drawn charts, each beside a data table that
says what it shows, figures from the engine, no script or inline style, on the edit and view links."""

from __future__ import annotations

import re

import pytest

from scorekeeper.rules import find_edition
from scorekeeper.services import games, tables
from scorekeeper.statistics import table_statistics
from scorekeeper.statistics.optimal import optimal_box_means
from tests.support.sample_games import entries

pytestmark = pytest.mark.backends("sqlite", "postgresql")


@pytest.fixture
def app_overrides(tmp_path):
    return {"ADVISOR_DIR": str(tmp_path / "no-tables")}  # no coach tables: no optimal column


def play_at(db, table_token: str, names: list[str], seed: int, edition: str = "hasbro-1996") -> None:
    created = tables.start_game(db, table_token, names, edition)
    for index, (dice, box) in enumerate(entries(len(names), seed, None, edition)):
        games.record_turn(db, created.edit_token, index, dice, box)


def cells(html: str) -> list[str]:
    return [
        re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", html, re.S)
    ]


@pytest.fixture
def table(db):
    created = tables.create_table(db, "Fridays")
    play_at(db, created.edit_token, ["Ann", "Bo"], seed=1)
    play_at(db, created.edit_token, ["ann", "Zoé"], seed=2)
    play_at(db, created.edit_token, ["Zoe", "Bo"], seed=3, edition="yatzy")
    return created


def section(client, token: str) -> str:
    page = client.get(f"/t/{token}")
    assert page.status_code == 200
    found = re.search(
        r'<section class="card stats".*?</section>\s*(?=<section class="card" id="players")', page.text, re.S
    )
    assert found, "no statistics section"
    return found.group(0)


def test_each_edition_has_three_charts_each_with_a_text_alternative_and_a_data_table(client, table):
    html = section(client, table.edit_token)
    editions = re.findall(r'<section class="stats-edition"', html)
    assert len(editions) == 2  # Hasbro and Yatzy apart
    figures = re.findall(r'<figure class="card stats-chart">(.*?)</figure>', html, re.S)
    assert len(figures) == 6
    for figure in figures:
        svg = re.search(r'<svg class="chart"[^>]*role="img"[^>]*aria-labelledby="([^"]+)"', figure)
        assert svg, figure[:200]
        for label in svg.group(1).split():
            assert f'id="{label}"' in figure  # the caption and the description it names are there
        assert "<table" in figure
    assert "style=" not in html and "<script" not in html


def test_the_data_tables_show_the_engines_figures(client, db, table):
    stats = table_statistics(db, tables.load_table(db, table.edit_token).id, None)
    hasbro = stats.editions[0]
    html = section(client, table.edit_token)
    players = cells(re.search(r'<table class="stats-table stats-players">.*?</table>', html, re.S).group(0))
    for player in hasbro.players:
        at = players.index(player.name)
        assert players[at + 1 : at + 3] == [str(player.games), str(player.wins)]
        assert players[at + 6 : at + 8] == [str(player.best), str(player.worst)]
    recent = cells(re.findall(r"<table class=\"stats-table stats-data\">.*?</table>", html, re.S)[0])
    for player in hasbro.players:
        for _, total in player.scores:
            assert str(total) in recent
    distribution = cells(re.findall(r"<table class=\"stats-table stats-data\">.*?</table>", html, re.S)[1])
    counts = [int(c) for c in distribution[2:][1::2]]
    assert sum(counts) == len(hasbro.all_scores) == 4


def test_players_matched_without_case_or_accents_are_one_row(client, table):
    html = section(client, table.edit_token)
    hasbro = html.split('<section class="stats-edition"')[1]
    players = re.search(r'<table class="stats-table stats-players">.*?</table>', hasbro, re.S).group(0)
    assert len(re.findall(r'<th scope="row">', players)) == 3  # ann (Ann, ann), Bo, Zoé


def test_the_view_link_shows_the_same_statistics(client, table):
    assert section(client, table.view_token) == section(client, table.edit_token)


def test_without_the_coachs_tables_there_is_no_optimal_column(client, table):
    html = section(client, table.edit_token)
    assert "Best play" not in html


def test_an_empty_table_has_no_statistics_section(client, db):
    created = tables.create_table(db, "New")
    assert 'class="card stats"' not in client.get(f"/t/{created.edit_token}").text


@pytest.mark.backends("sqlite")
def test_with_the_coachs_tables_points_per_box_sit_beside_optimal_play(
    backend, make_app, database_path, advisor, advisor_tables, tmp_path
):
    app = make_app(database_path, ADVISOR_DIR=str(advisor_tables))
    db = app.extensions["scorekeeper.db"]
    created = tables.create_table(db, "Coached")
    play_at(db, created.edit_token, ["Ann", "Bo"], seed=4)
    assert (
        optimal_box_means(find_edition("hasbro-1996"), advisor_tables, wait=True) is not None
    )  # as after a first view
    html = section(app.test_client(), created.edit_token)
    boxes = re.search(r'<table class="stats-table stats-data stats-boxes">.*?</table>', html, re.S).group(0)
    assert "Best play" in boxes
    rows = re.findall(r"<tr><th scope=\"row\">(.*?)</th>(.*?)</tr>", boxes, re.S)
    chance = next(cells_ for name, cells_ in rows if name == "Chance")
    assert 20 < float(cells(chance)[-1]) < 24  # optimal play averages about 22 in Chance
