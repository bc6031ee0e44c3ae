"""Hypothesis: a table's statistics equal those a small independent function computes from the
table's JSON export (GET /t/<link>/export.json: every game as the game export has it).

The function below knows nothing of scorekeeper.statistics: it reads the export's numbers and
does its own matching of names, counting and averaging.
"""

from __future__ import annotations

import math
import random
import unicodedata
from collections import defaultdict

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.services import games, tables
from scorekeeper.statistics import table_statistics
from tests.support.examples import examples

pytestmark = pytest.mark.backends("sqlite", "postgresql")

# The five-of-a-kind box and its full points, as each edition's rules sheet prints them.
FIVE = {"hasbro-1996": ("yahtzee", 50), "hasbro-2016": ("yahtzee", 50), "yatzy": ("yatzy", 50)}
NAMES = ["Ann", "ann", "Bo", "Zoé", "zoe", "ZOE", "Cy"]


def key(name: str) -> str:
    text = "".join(c for c in unicodedata.normalize("NFD", name) if unicodedata.category(c) != "Mn")
    return " ".join(text.lower().split())


def independent(exports: list[dict]) -> dict:
    """Per edition: each player's figures, head-to-head wins and the high scores, from exports alone."""
    result: dict = {}
    finished = sorted((e for e in exports if e["over"]), key=lambda e: e["created_at"])
    for edition in sorted({e["edition"] for e in finished}):
        five_key, five_points = FIVE[edition]
        rows: dict = defaultdict(list)
        h2h: dict = defaultdict(int)
        highs = []
        for export in (e for e in finished if e["edition"] == edition):
            totals = export["totals"]
            boxes = defaultdict(lambda: defaultdict(int))
            extras = defaultdict(int)
            for turn in export["turns"]:
                boxes[turn["player"]][turn["box"]] = turn["points"]
                extras[turn["player"]] += turn["bonus"] > 0
            for t in totals:
                rows[key(t["name"])].append(
                    {
                        "total": t["grand_total"],
                        "win": t["rank"] == 1 if len(totals) > 1 else None,
                        "bonus": t["upper_bonus"] > 0,
                        "five": boxes[t["player"]][five_key] == five_points,
                        "extra": extras[t["player"]],
                        "boxes": boxes[t["player"]],
                    }
                )
                highs.append(t["grand_total"])
            for a in totals:
                for b in totals:
                    if key(a["name"]) != key(b["name"]) and a["grand_total"] > b["grand_total"]:
                        h2h[(key(a["name"]), key(b["name"]))] += 1
        players = {}
        for name, games_ in rows.items():
            n = len(games_)
            scores = [g["total"] for g in games_]
            mean = sum(scores) / n
            contests = [g["win"] for g in games_ if g["win"] is not None]
            players[name] = {
                "games": n,
                "wins": sum(contests),
                "win_rate": sum(contests) / len(contests) if contests else None,
                "mean": mean,
                "stdev": math.sqrt(sum((s - mean) ** 2 for s in scores) / n),
                "best": max(scores),
                "worst": min(scores),
                "bonus": sum(g["bonus"] for g in games_) / n,
                "five": sum(g["five"] for g in games_) / n,
                "extra": sum(g["extra"] for g in games_) / n if edition.startswith("hasbro") else None,
                "boxes": {box: sum(g["boxes"][box] for g in games_) / n for box in games_[0]["boxes"]},
            }
        result[edition] = {"players": players, "h2h": dict(h2h), "highs": sorted(highs, reverse=True)[:10]}
    return result


def ours(stats) -> dict:
    """The same shape, read from scorekeeper.statistics."""
    result = {}
    for edition in stats.editions:
        rules = edition.edition
        players = {
            p.key: {
                "games": p.games,
                "wins": p.wins,
                "win_rate": p.win_rate,
                "mean": p.mean,
                "stdev": p.stdev,
                "best": p.best,
                "worst": p.worst,
                "bonus": p.upper_bonus_rate,
                "five": p.five_rate,
                "extra": p.extra_per_game,
                "boxes": {box.key: p.box_means[i] for i, box in enumerate(rules.boxes)},
            }
            for p in edition.players
        }
        h2h = {pair: won for pair, won in edition.head_to_head.wins.items() if won}
        result[rules.id] = {"players": players, "h2h": h2h, "highs": [h.total for h in edition.high_scores]}
    return result


@st.composite
def plans(draw):
    """A few games: each an edition, 1–3 players drawn from spellings that collide, a seed, a length."""
    count = draw(st.integers(1, 3))
    return [
        (
            draw(st.sampled_from(sorted(FIVE))),
            draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=3, unique_by=str.casefold)),
            draw(st.integers(0, 2**32)),
            draw(st.sampled_from([None, None, None, 5])),  # mostly finished, sometimes stopped after 5 turns
        )
        for _ in range(count)
    ]


def play(db, table_token: str, edition: str, names: list[str], seed: int, stop: int | None) -> None:
    """Store a game of random legal turns at the table (the engine offers the boxes), stopped early or not."""
    rng = random.Random(seed)
    created = tables.start_game(db, table_token, names, edition)
    loaded = created.game
    while not loaded.game.is_over and (stop is None or len(loaded.game.turns) < stop):
        game = loaded.game
        dice = [rng.randint(1, 6) for _ in range(5)]
        box = rng.choice(sorted(game.cards[game.current_player].options(dice)))
        loaded = games.record_turn(db, created.edit_token, len(game.turns), dice, box)


@settings(
    max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(plan=plans())
def test_statistics_equal_an_independent_reading_of_the_tables_export(db, client, plan):
    table = tables.create_table(db, "")
    for game in plan:
        play(db, table.edit_token, *game)
    document = client.get(f"/t/{table.view_token}/export.json").get_json()
    exports = document["games"]
    expected = independent(exports)
    got = ours(table_statistics(db, tables.load_table(db, table.edit_token).id, None))
    assert got.keys() == expected.keys()
    for edition, figures in expected.items():
        assert got[edition]["h2h"] == figures["h2h"]
        assert got[edition]["highs"] == figures["highs"]
        assert got[edition]["players"].keys() == figures["players"].keys()
        for name, player in figures["players"].items():
            mine = got[edition]["players"][name]
            for field, value in player.items():
                if field == "boxes":
                    assert mine["boxes"] == pytest.approx(value), (edition, name, field)
                else:
                    assert mine[field] == pytest.approx(value), (edition, name, field)
