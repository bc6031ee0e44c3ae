"""The table page at a big table: the latest games only, every game on plain-link "All games"
pages, high scores over every finished game, a failing statistics module never a 500, and a new
game at the table starting with the latest game's players."""

from __future__ import annotations

import logging
import re

import pytest

from scorekeeper import statistics
from scorekeeper.services import games, tables
from scorekeeper.statistics import cache as statistics_cache
from scorekeeper.web.views import tables as table_views

pytestmark = pytest.mark.backends("sqlite", "postgresql")


def titles(page: str) -> list[str]:
    """The game titles of a page's game list, top to bottom."""
    return re.findall(r'<span class="game-title-cell">([^<]+)</span>', page)


@pytest.fixture
def small_pages(monkeypatch):
    """Three games on the table page, two per "All games" page (five games are then enough)."""
    monkeypatch.setattr(table_views, "LATEST_GAMES", 3)
    monkeypatch.setattr(table_views, "GAMES_PER_PAGE", 2)


@pytest.fixture
def five_games(db, table):
    """Five games in play at the table, titled G1 (oldest) to G5."""
    for number in range(1, 6):
        tables.start_game(db, table.edit_token, ["Ann", "Bo"], "hasbro-1996", title=f"G{number}")


def test_the_table_page_lists_the_latest_games_and_links_to_every_game(
    client, table, small_pages, five_games
):
    page = client.get(f"/t/{table.edit_token}").get_data(as_text=True)
    assert titles(page) == ["G5", "G4", "G3"]
    assert "5 games" in page  # the count is the table's, not the list's
    assert f'href="/t/{table.edit_token}/games"' in page and "All 5 games" in page


def test_the_all_games_pages_hold_every_game_newest_first_with_plain_links(
    client, table, small_pages, five_games
):
    base = f"/t/{table.view_token}/games"
    seen = []
    for number in (1, 2, 3):
        response = client.get(f"{base}?page={number}")
        assert response.status_code == 200
        page = response.get_data(as_text=True)
        seen += titles(page)
        assert f"Page {number} of 3" in page
        assert (f'href="{base}?page={number - 1}"' in page) == (number > 1)
        assert (f'href="{base}?page={number + 1}"' in page) == (number < 3)
        assert "/delete" not in page  # a view link deletes nothing
    assert seen == ["G5", "G4", "G3", "G2", "G1"]
    edit_page = client.get(f"/t/{table.edit_token}/games?page=3").get_data(as_text=True)
    assert edit_page.count("/delete") == 1  # the one game of the last page, from the edit link


@pytest.mark.parametrize(("asked", "shown"), [("99", 3), ("0", 1), ("two", 1), ("-1", 1), ("", 1)])
def test_a_page_number_out_of_range_or_not_a_number_shows_the_nearest_page(
    client, table, small_pages, five_games, asked, shown
):
    response = client.get(f"/t/{table.view_token}/games?page={asked}")
    assert response.status_code == 200
    assert f"Page {shown} of 3" in response.get_data(as_text=True)


def test_all_games_of_a_link_that_opens_no_table_is_a_404(client):
    assert client.get("/t/nonsense/games").status_code == 404


def test_high_scores_cover_every_finished_game_not_only_the_listed_ones(
    client, db, table, play_at, monkeypatch
):
    monkeypatch.setattr(table_views, "LATEST_GAMES", 1)
    played = [
        play_at(table.edit_token, names, seed=seed) for seed, names in enumerate([["Ann", "Bo"], ["Cy"]])
    ]
    totals = sorted(
        (
            card.grand_total
            for created in played
            for card in games.load_game(db, created.edit_token).game.cards
        ),
        reverse=True,
    )
    page = client.get(f"/t/{table.view_token}").get_data(as_text=True)
    high = page[page.index('id="high-scores"') :]
    high = high[: high.index("</section>")]
    assert [int(total) for total in re.findall(r'<span class="total">(\d+)</span>', high)] == totals


@pytest.mark.parametrize("cache_fails_too", [False, True])
def test_a_failing_statistics_module_leaves_the_page_without_its_section_not_a_500(
    client, db, table, play_at, monkeypatch, caplog, cache_fails_too
):
    created = play_at(table.edit_token, ["Ann", "Bo"], seed=3)
    winner = games.load_game(db, created.edit_token).game.standings()[0]

    def broken(*args, **kwargs):
        raise RuntimeError("statistics broke")

    monkeypatch.setattr(statistics, "table_statistics", broken)
    if cache_fails_too:  # then the games are replayed by the engine for the list
        monkeypatch.setattr(statistics_cache, "table_games", broken)
    with caplog.at_level(logging.ERROR):
        response = client.get(f"/t/{table.edit_token}")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert 'id="statistics-unavailable"' in page and 'id="statistics"' not in page
    assert f'<span class="name">{winner.name}</span> <span class="total">{winner.total}</span>' in page
    assert 'id="high-scores"' in page and "Ann" in page[page.index('id="players"') :]
    assert "statistics broke" in caplog.text  # logged with its traceback, for whoever runs the server


def test_the_page_says_nothing_about_statistics_when_they_work(client, table, play_at):
    play_at(table.edit_token, ["Ann", "Bo"], seed=3)
    page = client.get(f"/t/{table.edit_token}").get_data(as_text=True)
    assert 'id="statistics"' in page and 'id="statistics-unavailable"' not in page


def test_a_new_game_at_the_table_starts_with_the_latest_games_players(client, db, table, play_at):
    play_at(table.edit_token, ["Ann", "Bo"], seed=1)
    tables.start_game(db, table.edit_token, ["Zoé", "Cy", "Ann"], "hasbro-1996")
    form = client.get(f"/new?table={table.edit_token}").get_data(as_text=True)
    assert re.findall(r'name="player" value="([^"]*)"', form) == ["Zoé", "Cy", "Ann"]


@pytest.mark.parametrize("which", ["view", "none", "empty"])
def test_a_new_game_form_with_no_table_to_play_at_starts_with_empty_names(client, db, table, play_at, which):
    play_at(table.edit_token, ["Ann", "Bo"], seed=1)
    query = {"view": f"?table={table.view_token}", "none": "?table=nonsense", "empty": ""}[which]
    form = client.get(f"/new{query}").get_data(as_text=True)
    assert re.findall(r'name="player" value="([^"]*)"', form) == ["", ""]


def players_section(page: str) -> list[str]:
    """The names of the page's player list."""
    section = page[page.index('class="table-players"') :]
    return re.findall(r'<span class="name">([^<]+)</span>', section[: section.index("</ul>")])


def test_the_player_list_follows_a_rename_after_being_viewed(client, table, play_at):
    play_at(table.edit_token, ["Ann", "Bo"], seed=1)
    page = client.get(f"/t/{table.edit_token}").get_data(as_text=True)
    assert sorted(players_section(page)) == ["Ann", "Bo"]
    version = re.search(r'name="version" value="(\d+)"', page).group(1)
    client.post(f"/t/{table.edit_token}/rename", data={"version": version, "player": "Bo", "name": "Bob"})
    page = client.get(f"/t/{table.edit_token}").get_data(as_text=True)
    assert sorted(players_section(page)) == ["Ann", "Bob"]


def test_the_statistics_section_speaks_each_readers_language_for_one_unchanged_table(client, table, play_at):
    play_at(table.edit_token, ["Ann", "Bo"], seed=1)
    english = client.get(f"/t/{table.view_token}", headers={"Accept-Language": "en"}).get_data(as_text=True)
    french = client.get(f"/t/{table.view_token}", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    again = client.get(f"/t/{table.view_token}", headers={"Accept-Language": "en"}).get_data(as_text=True)

    def averages(page: str) -> list[str]:
        section = page[page.index('id="statistics"') :]
        return re.findall(r'<td class="num">(\d+[.,]\d)</td>', section)

    assert averages(english) and all("." in figure for figure in averages(english))
    assert averages(french) == [figure.replace(".", ",") for figure in averages(english)]
    assert averages(again) == averages(english)
