"""The statistics of stored games: totals from the cache, games replayed where it is stale.

A game's totals are the engine's replay of its entries, cached once per game version in
``game_totals`` and, decoded, in each process's memory (keyed by database, game, version and
creation time, so any change to a game misses both). Reading takes one snapshot (games, players
and the cache rows' versions: two queries; then the cached totals of games not in memory and the
entries of games not cached); the stale games are replayed and their rows written in a short
transaction of their own. A lost race on that write is
harmless: the other writer stored the same derived figures.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from scorekeeper.rules import find_edition
from scorekeeper.services.entries import replayed
from scorekeeper.storage import game_totals as store
from scorekeeper.storage.engine import reading, writing
from scorekeeper.storage.models import GameRow

from .figures import Optimal, PlayedGame, TableStatistics, compute
from .optimal import optimal_box_means
from .totals import GameTotals, totals_of

Db = sessionmaker[Session]
log = logging.getLogger(__name__)

MEMORY = 20_000  # games whose decoded totals each process keeps (a few MB): JSON decoding is the slow part
_MEMO: OrderedDict[tuple[str, int, int, datetime], GameTotals] = OrderedDict()
RESULTS = 16  # tables whose last statistics each process keeps, for a page viewed again unchanged
_RESULTS: OrderedDict[tuple[Any, ...], TableStatistics] = OrderedDict()
_LOCK = threading.Lock()


def table_statistics(db: Db, table_id: int, optimal: Optimal | None = optimal_box_means) -> TableStatistics:
    """The statistics of every game at this table (see figures.py for what each figure means)."""
    return _statistics(db, select(GameRow.id).where(GameRow.table_id == table_id), optimal)


def statistics_of_games(
    db: Db, game_ids: Sequence[int], optimal: Optimal | None = optimal_box_means
) -> TableStatistics:
    """The statistics of these games, as if they made a table."""
    return _statistics(db, list(game_ids), optimal)


def table_games(db: Db, table_id: int) -> list[PlayedGame]:
    """Every game at this table with its engine totals, oldest first (see played_games)."""
    return played_games(db, select(GameRow.id).where(GameRow.table_id == table_id))


def played_games(db: Db, game_ids: Any) -> list[PlayedGame]:
    """These games with their engine totals: from memory, else the cache where it is up to date,
    else replayed (and cached)."""
    where = _database(db)
    with reading(db) as session:
        stored = store.games_for_statistics(session, game_ids)
        found = {game.id: totals for game in stored if (totals := _MEMO.get(_key(where, game))) is not None}
        missing = [game for game in stored if game.id not in found]
        kept = store.cached_totals(session, (game.id for game in missing if game.cached))
        stale = [game for game in missing if not game.cached]
        entries = store.entries_of(session, (game.id for game in stale)) if stale else {}
    for game in missing:
        if game.cached:
            found[game.id] = GameTotals.from_json(kept[game.id])
        else:
            played = replayed(game.players, find_edition(game.edition), entries[game.id])
            found[game.id] = totals_of(played)
        _remember_here(_key(where, game), found[game.id])
    if stale:
        _remember(db, [(game.id, game.version, found[game.id].to_json()) for game in stale])
    return [
        PlayedGame(
            id=game.id,
            created_at=game.created_at,
            edition=find_edition(game.edition),
            title=game.title,
            players=game.players,
            totals=found[game.id],
            version=game.version,
        )
        for game in stored
    ]


def drop_cache(db: Db) -> int:
    """Empty the cache of totals, in memory and in the database (both refill on the next read).

    Returns how many database rows were dropped.
    """
    forget()
    with writing(db) as session:
        return store.clear_totals(session)


def forget(*, totals: bool = True) -> None:
    """Empty this process's memory of decoded totals (totals=False: only of whole tables' results).

    The database's cache stays.
    """
    with _LOCK:
        if totals:
            _MEMO.clear()
        _RESULTS.clear()


def _database(db: Db) -> str:
    """Which database: ids and versions are only unique within one."""
    bind = db.kw.get("bind")
    return bind.url.render_as_string(hide_password=True) if bind is not None else str(id(db))


def _key(where: str, game: store.StatsGame) -> tuple[str, int, int, datetime]:
    # The creation time too: SQLite may give a deleted game's id to the next new game.
    return where, game.id, game.version, game.created_at


def _remember_here(key: tuple[str, int, int, datetime], totals: GameTotals) -> None:
    """Keep decoded totals in memory (oldest forgotten first beyond MEMORY games)."""
    with _LOCK:
        _MEMO[key] = totals
        while len(_MEMO) > MEMORY:
            _MEMO.popitem(last=False)


def _statistics(db: Db, game_ids: Any, optimal: Optimal | None) -> TableStatistics:
    """The statistics of these games: the last result again while no game changed (a page viewed
    twice), else computed from their totals."""
    played = played_games(db, game_ids)
    per_edition = {game.edition for game in played}
    known = tuple(
        (rules.id, optimal(rules) if optimal else None)
        for rules in sorted(per_edition, key=lambda rules: rules.id)
    )
    key = (
        _database(db),
        tuple((g.id, g.version, g.created_at, g.title, g.players) for g in played),
        known,
    )
    with _LOCK:
        found = _RESULTS.get(key)
        if found is not None:
            _RESULTS.move_to_end(key)
            return found
    lookup = dict(known)
    computed = compute(played, lambda rules: lookup.get(rules.id))
    with _LOCK:
        _RESULTS[key] = computed
        while len(_RESULTS) > RESULTS:
            _RESULTS.popitem(last=False)
    return computed


def _remember(db: Db, rows: list[tuple[int, int, dict[str, Any]]]) -> None:
    """Store freshly replayed totals; a concurrent writer doing the same is not an error."""
    try:
        with writing(db) as session:
            store.store_totals(session, rows)
    except IntegrityError:
        # Another request stored these games' totals first (PostgreSQL), or a game was deleted
        # meanwhile: either way the figures just computed stay right for this answer.
        log.info("statistics cache: %d rows already stored by another request", len(rows))
