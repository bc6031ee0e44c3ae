"""The table page's high scores per edition, read from the engine's totals (nothing recomputed)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from scorekeeper.rules import Ruleset
from scorekeeper.services.table_games import GameLine

HIGH_SCORES = 10  # lines per edition in the high-score list
EXPORT_KIND = "scorekeeper-table"  # what an export says it is, so an import can tell
EXPORT_FORMAT = 1
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # what spreadsheets read as the start of a formula


@dataclass(frozen=True)
class HighScore:
    """One line of an edition's high-score list."""

    name: str
    total: int
    created_at: datetime


@dataclass(frozen=True)
class EditionHighScores:
    """The best finished scores at the table under one edition's rules."""

    edition: Ruleset
    scores: tuple[HighScore, ...]


def high_scores(lines: Sequence[GameLine]) -> list[EditionHighScores]:
    """Per edition, the best final scores of finished games (editions are never mixed)."""
    by_edition: dict[str, list[HighScore]] = {}
    rules: dict[str, Ruleset] = {}
    for line in lines:
        if not line.over:
            continue
        rules[line.edition.id] = line.edition
        for score in line.scores:
            by_edition.setdefault(line.edition.id, []).append(
                HighScore(score.name, score.total, line.created_at)
            )
    return [
        EditionHighScores(
            rules[key], tuple(sorted(found, key=lambda line: (-line.total, line.created_at))[:HIGH_SCORES])
        )
        for key, found in sorted(by_edition.items())
    ]


def high_scores_of_statistics(editions: Sequence[Any]) -> list[EditionHighScores]:
    """The high-score lists the statistics already picked (scorekeeper.statistics' EditionFigures:
    edition and high_scores, the best finished totals first), nothing sorted again here."""
    return [
        EditionHighScores(
            figures.edition,
            tuple(
                HighScore(line.name, line.total, line.created_at)
                for line in figures.high_scores[:HIGH_SCORES]
            ),
        )
        for figures in editions
        if figures.high_scores
    ]
