"""A table's statistics from the stored games, and their cache of per-game totals: read when it is
up to date, replaced when a turn, an undo or a correction moved the game on, rebuilt when dropped."""

from __future__ import annotations

import pytest
from sqlalchemy import delete, func, select, update

from scorekeeper import storage
from scorekeeper.rules import find_edition
from scorekeeper.services import games
from scorekeeper.statistics import compute, drop_cache, table_statistics, totals_of
from scorekeeper.statistics.cache import forget
from scorekeeper.statistics.figures import PlayedGame
from scorekeeper.storage import records, table_records, tokens
from scorekeeper.storage.models import GameRow, GameTotalsRow

pytestmark = pytest.mark.backends("sqlite", "postgresql")

NO_COACH = None  # the optimal column needs the coach's tables: not what these tests are about


def game_id(db, token: str) -> int:
    with storage.reading(db) as session:
        return records.find_game(session, tokens.token_hash(token)).id


def new_table(db, *tokens_at_table: str) -> int:
    """A table holding these games (through storage: the table use cases are another module's)."""
    from datetime import UTC, datetime

    with storage.writing(db) as session:
        table = table_records.insert_table(
            session, edit_hash="e" * 64, view_hash="v" * 64, name="", now=datetime.now(UTC)
        )
    ids = [game_id(db, token) for token in tokens_at_table]
    with storage.writing(db) as session:
        for id_ in ids:
            table_records.set_game_table(session, id_, table)
    return table


def engine_statistics(db, *tokens_at_table: str):
    """The statistics computed straight from the engine's replay of each game, no cache involved."""
    played = []
    for token in tokens_at_table:
        loaded = games.load_game(db, token)
        played.append(
            PlayedGame(
                game_id(db, token),
                loaded.created_at,
                loaded.edition,
                loaded.title,
                loaded.game.players,
                totals_of(loaded.game),
                loaded.version,
            )
        )
    return compute(played)


def cached_rows(db) -> dict[int, tuple[int, dict]]:
    with storage.reading(db) as session:
        rows = session.execute(select(GameTotalsRow.game_id, GameTotalsRow.version, GameTotalsRow.totals))
        return {row[0]: (row[1], row[2]) for row in rows}


def poison(db, token: str, total: int) -> None:
    """Write a grand total into the game's cached row, keeping its version: only a cache read shows it."""
    id_ = game_id(db, token)
    _, totals = cached_rows(db)[id_]
    totals = {**totals, "seats": [[total, *seat[1:]] for seat in totals["seats"]]}
    with storage.writing(db) as session:
        session.execute(update(GameTotalsRow).where(GameTotalsRow.game_id == id_).values(totals=totals))
    forget()  # the process's memory of decoded totals would answer first: the database's rows are tested here


def best_scores(stats) -> list[int]:
    return [p.best for e in stats.editions for p in e.players]


def test_a_tables_statistics_are_the_engines_figures_of_its_games_only(db, store_game):
    first = store_game(["Ann", "Bo"], seed=1)
    second = store_game(["ann", "Cy", "Bo"], seed=2)
    third = store_game(["Ann", "Bo"], seed=3, edition="yatzy")
    elsewhere = store_game(["Ann", "Bo"], seed=4)  # at no table
    table = new_table(db, first.edit_token, second.edit_token, third.edit_token)
    stats = table_statistics(db, table, NO_COACH)
    assert stats == engine_statistics(db, first.edit_token, second.edit_token, third.edit_token)
    assert len(stats.games) == 3 and game_id(db, elsewhere.edit_token) not in {g.id for g in stats.games}
    assert [e.edition for e in stats.editions] == [find_edition("hasbro-1996"), find_edition("yatzy")]


def test_the_first_read_caches_each_games_totals_for_its_version(db, store_game):
    created = store_game(["Ann", "Bo"], seed=5)
    table = new_table(db, created.edit_token)
    assert cached_rows(db) == {}
    table_statistics(db, table, NO_COACH)
    version, totals = cached_rows(db)[game_id(db, created.edit_token)]
    assert version == games.load_game(db, created.edit_token).version
    assert [seat[0] for seat in totals["seats"]] == [c.grand_total for c in created.game.game.cards]


def test_an_up_to_date_cache_row_is_read_instead_of_replaying(db, store_game):
    created = store_game(["Ann", "Bo"], seed=6)
    table = new_table(db, created.edit_token)
    table_statistics(db, table, NO_COACH)
    poison(db, created.edit_token, 999)
    assert 999 in best_scores(table_statistics(db, table, NO_COACH))


def test_a_correction_invalidates_the_games_cached_totals(db, make_game):
    created = make_game(["Ann"], [("66666", "yahtzee"), ("11234", "ones")])
    table = new_table(db, created.edit_token)
    before = table_statistics(db, table, NO_COACH)
    assert [r.total for r in before.games[0].results] == [52]  # 50 in Yahtzee, 2 in Ones
    poison(db, created.edit_token, 999)
    loaded = games.load_game(db, created.edit_token)
    games.correct_turn(db, created.edit_token, loaded.version, 0, [6, 6, 6, 6, 5], "chance")
    after = table_statistics(db, table, NO_COACH)
    assert [r.total for r in after.games[0].results] == [31]  # 29 in Chance + 2 in Ones, not 999
    assert after == engine_statistics(db, created.edit_token)
    assert (
        cached_rows(db)[game_id(db, created.edit_token)][0] == games.load_game(db, created.edit_token).version
    )


def test_an_undo_invalidates_the_games_cached_totals(db, make_game):
    created = make_game(["Ann"], [("66666", "yahtzee"), ("11234", "ones")])
    table = new_table(db, created.edit_token)
    table_statistics(db, table, NO_COACH)
    poison(db, created.edit_token, 999)
    games.undo_turn(db, created.edit_token, games.load_game(db, created.edit_token).version)
    after = table_statistics(db, table, NO_COACH)
    assert [r.total for r in after.games[0].results] == [50]
    assert after == engine_statistics(db, created.edit_token)


def test_a_new_turn_invalidates_the_games_cached_totals(db, make_game):
    created = make_game(["Ann"], [("66666", "yahtzee")])
    table = new_table(db, created.edit_token)
    table_statistics(db, table, NO_COACH)
    poison(db, created.edit_token, 999)
    games.record_turn(db, created.edit_token, 1, [5, 5, 5, 5, 5], "fives")  # a joker: +100 bonus
    after = table_statistics(db, table, NO_COACH)
    assert [r.total for r in after.games[0].results] == [50 + 25 + 100]


def test_the_cache_can_be_dropped_and_rebuilds_the_same_figures(db, store_game):
    tokens_ = [store_game(["Ann", "Bo"], seed=seed).edit_token for seed in (7, 8)]
    table = new_table(db, *tokens_)
    before = table_statistics(db, table, NO_COACH)
    assert drop_cache(db) == 2
    assert cached_rows(db) == {}
    assert table_statistics(db, table, NO_COACH) == before
    assert len(cached_rows(db)) == 2


def test_deleting_a_game_deletes_its_cached_totals(db, store_game):
    created = store_game(["Ann", "Bo"], seed=9)
    table = new_table(db, created.edit_token)
    table_statistics(db, table, NO_COACH)
    with storage.writing(db) as session:
        session.execute(delete(GameRow).where(GameRow.id == game_id(db, created.edit_token)))
    with storage.reading(db) as session:
        assert session.execute(select(func.count()).select_from(GameTotalsRow)).scalar_one() == 0
    assert table_statistics(db, table, NO_COACH).games == ()


def test_the_memory_of_decoded_totals_misses_once_the_game_changed(db, make_game):
    created = make_game(["Ann"], [("66666", "yahtzee"), ("11234", "ones")])
    table = new_table(db, created.edit_token)
    assert [r.total for r in table_statistics(db, table, NO_COACH).games[0].results] == [52]
    assert [r.total for r in table_statistics(db, table, NO_COACH).games[0].results] == [52]  # from memory
    games.undo_turn(db, created.edit_token, games.load_game(db, created.edit_token).version)
    assert [r.total for r in table_statistics(db, table, NO_COACH).games[0].results] == [50]
