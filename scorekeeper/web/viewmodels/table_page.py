"""What the table page shows and what a table exports, read from the engine (nothing recomputed)."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from scorekeeper.rules import Ruleset
from scorekeeper.services.interchange import export_game
from scorekeeper.services.tables import PlayedGame, TableContents

HIGH_SCORES = 10  # lines per edition in the high-score list
EXPORT_KIND = "scorekeeper-table"  # what an export says it is, so an import can tell
EXPORT_FORMAT = 1
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # what spreadsheets read as the start of a formula


@dataclass(frozen=True)
class Score:
    """One player's place in one game."""

    name: str
    total: int
    rank: int
    winner: bool


@dataclass(frozen=True)
class GameLine:
    """A game as the table's list shows it."""

    id: int
    title: str
    created_at: datetime
    edition: Ruleset
    over: bool
    scores: tuple[Score, ...]  # in standings order, winners first

    @property
    def winners(self) -> list[str]:
        """The names holding first place (none before the game is over)."""
        return [score.name for score in self.scores if score.winner] if self.over else []


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


def game_line(played: PlayedGame) -> GameLine:
    """The list's line of one game replayed here: every figure is the engine's standings."""
    game = played.game
    scores = tuple(
        Score(name=standing.name, total=standing.total, rank=standing.rank, winner=standing.rank == 1)
        for standing in game.standings()
    )
    return GameLine(played.id, played.title, played.created_at, game.rules, game.is_over, scores)


def game_lines(contents: TableContents) -> list[GameLine]:
    """Every game of the table, newest first, from the games replayed in `contents`."""
    return [game_line(played) for played in reversed(contents.games)]


def lines_from_totals(played: Sequence[Any]) -> list[GameLine]:
    """Every game, newest first, from the statistics' cached engine totals (scorekeeper.statistics'
    PlayedGame: players, and totals.over / totals.seats with each seat's total and rank)."""
    lines = []
    for game in reversed(played):
        seats = sorted(
            zip(game.players, game.totals.seats, strict=True), key=lambda pair: (pair[1].rank, pair[0])
        )
        scores = tuple(Score(name, seat.total, seat.rank, seat.rank == 1) for name, seat in seats)
        lines.append(GameLine(game.id, game.title, game.created_at, game.edition, game.totals.over, scores))
    return lines


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


def export_table(contents: TableContents) -> dict[str, Any]:
    """The table's JSON export: its name and every game as the game export has it, oldest first."""
    return {
        "kind": EXPORT_KIND,
        "format": EXPORT_FORMAT,
        "name": contents.table.name,
        "created_at": contents.table.created_at.isoformat(),
        "games": [export_game(played) for played in contents.games],
    }


def export_csv(contents: TableContents) -> str:
    """One row per game and player: every box's points and every total, as the engine has them."""
    box_keys: list[str] = []
    for played in contents.games:
        for key in played.game.rules.box_keys:
            if key not in box_keys:
                box_keys.append(key)
    totals = ["upper_subtotal", "upper_bonus", "lower_subtotal", "yahtzee_bonus", "grand_total"]
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        ["game", "date", "title", "edition", "over", "seat", "player", *box_keys, *totals, "rank"]
    )
    for number, played in enumerate(contents.games, start=1):
        game = played.game
        ranks = {standing.player: standing.rank for standing in game.standings()}
        for seat, (name, card) in enumerate(zip(game.players, game.cards, strict=True)):
            boxes = [
                _blank_if_none(card.points(key)) if key in game.rules.box_keys else "" for key in box_keys
            ]
            writer.writerow(
                [
                    number,
                    played.created_at.isoformat(),
                    _cell_text(played.title),
                    game.rules.id,
                    "yes" if game.is_over else "no",
                    seat + 1,
                    _cell_text(name),
                    *boxes,
                    *(getattr(card, figure) for figure in totals),
                    ranks[seat],
                ]
            )
    return out.getvalue()


def _cell_text(text: str) -> str:
    """Text a spreadsheet shows as text: a name typed as "=1+1" or "@x" is not run as a formula."""
    return "'" + text if text[:1] in FORMULA_STARTS else text


def _blank_if_none(points: int | None) -> int | str:
    """An open box is an empty cell, not a zero."""
    return "" if points is None else points
