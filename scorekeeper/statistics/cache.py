"""The statistics of stored games: totals from the cache, games replayed where it is stale.

A game's totals are the engine's replay of its entries, cached once per game version in
``game_totals``. Reading takes one snapshot (games, players, cache rows: two queries, no entry
read for a cached game); the stale games' entries are read in the same snapshot and replayed,
and their rows are written in a short transaction of their own. A lost race on that write is
harmless: the other writer stored the same derived figures.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from scorekeeper.rules import Dice, Edition, Game
from scorekeeper.storage import game_totals as store
from scorekeeper.storage.engine import reading, writing
from scorekeeper.storage.models import GameRow

from .figures import Optimal, PlayedGame, TableStatistics, compute
from .optimal import optimal_box_means
from .totals import GameTotals, totals_of

Db = sessionmaker[Session]
log = logging.getLogger(__name__)


def table_statistics(db: Db, table_id: int, optimal: Optimal | None = optimal_box_means) -> TableStatistics:
    """The statistics of every game at this table (see figures.py for what each figure means)."""
    return _statistics(db, select(GameRow.id).where(GameRow.table_id == table_id), optimal)


def statistics_of_games(
    db: Db, game_ids: Sequence[int], optimal: Optimal | None = optimal_box_means
) -> TableStatistics:
    """The statistics of these games, as if they made a table."""
    return _statistics(db, list(game_ids), optimal)


def played_games(db: Db, game_ids: Any) -> list[PlayedGame]:
    """These games with their engine totals, from the cache where it is up to date."""
    with reading(db) as session:
        stored = store.games_with_totals(session, game_ids)
        stale = [game for game in stored if game.cached is None]
        entries = store.entries_of(session, (game.id for game in stale)) if stale else {}
    fresh: dict[int, GameTotals] = {}
    for game in stale:
        rules = Edition(game.edition)
        played = Game.replay(game.players, rules, [(Dice.parse(d), box) for d, box in entries[game.id]])
        fresh[game.id] = totals_of(played)
    if fresh:
        _remember(db, [(game.id, game.version, fresh[game.id].to_json()) for game in stale])
    return [
        PlayedGame(
            id=game.id,
            created_at=game.created_at,
            edition=Edition(game.edition),
            title=game.title,
            players=game.players,
            totals=fresh[game.id] if game.cached is None else GameTotals.from_json(game.cached),
        )
        for game in stored
    ]


def drop_cache(db: Db) -> int:
    """Empty the cache of totals (it refills itself on the next statistics read); returns rows dropped."""
    with writing(db) as session:
        return store.clear_totals(session)


def _statistics(db: Db, game_ids: Any, optimal: Optimal | None) -> TableStatistics:
    return compute(played_games(db, game_ids), optimal)


def _remember(db: Db, rows: list[tuple[int, int, dict[str, Any]]]) -> None:
    """Store freshly replayed totals; a concurrent writer doing the same is not an error."""
    try:
        with writing(db) as session:
            store.store_totals(session, rows)
    except IntegrityError:
        # Another request stored these games' totals first (PostgreSQL), or a game was deleted
        # meanwhile: either way the figures just computed stay right for this answer.
        log.info("statistics cache: %d rows already stored by another request", len(rows))
