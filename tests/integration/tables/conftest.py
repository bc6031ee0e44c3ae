"""Table fixtures: a table with games played at it, through the use cases only."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from sqlalchemy.orm import Session, sessionmaker

from scorekeeper.services import games, tables
from tests.support.sample_games import entries

PlayAt = Callable[..., games.Created]


@pytest.fixture
def table(db: sessionmaker[Session]) -> tables.CreatedTable:
    """A new table called "Friday"."""
    return tables.create_table(db, "Friday")


@pytest.fixture
def play_at(db: sessionmaker[Session]) -> PlayAt:
    """play_at(table_token, names, seed=0, edition=, turns=None) -> a game started at the table,
    finished with plausible turns (tests/support/sample_games.py) unless `turns` is given."""

    def play(
        table_token: str,
        names: Sequence[str],
        seed: int = 0,
        edition: str = "hasbro-1996",
        turns: Sequence[tuple[Sequence[int], str]] | None = None,
        title: str = "",
    ) -> games.Created:
        created = tables.start_game(db, table_token, list(names), edition, title=title)
        played = entries(len(names), seed, None, edition) if turns is None else turns
        for index, (dice, box) in enumerate(played):
            games.record_turn(db, created.edit_token, index, dice, box)
        return created

    return play
