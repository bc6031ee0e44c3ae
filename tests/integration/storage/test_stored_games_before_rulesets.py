"""A database made before editions became rulesets opens with today's code exactly as it did.

tests/fixtures/hasbro_2016_before_rulesets.* were made by commit 4faee3e: a two-player hasbro-2016
game with two extra Yahtzees placed by the joker (+100 each), an undo and a correction; the
.export.json is that code's own /export.json of the game.
"""

from __future__ import annotations

import json
import shutil

import pytest

from scorekeeper import storage
from scorekeeper.rules import find_edition
from scorekeeper.services import games
from tests.support.paths import FIXTURES

STEM = "hasbro_2016_before_rulesets"


@pytest.fixture
def old_app(tmp_path, make_app):
    """An app on a copy of the old database, migrated as a deployment would be."""
    path = tmp_path / "old.db"
    shutil.copyfile(FIXTURES / f"{STEM}.db", path)
    app = make_app(path)
    storage.upgrade(app)  # already at head: nothing to do, and nothing to break
    return app


@pytest.fixture
def made() -> dict:
    return json.loads((FIXTURES / f"{STEM}.json").read_text(encoding="utf-8"))


def test_the_old_games_export_is_the_same_but_for_the_boxes_it_now_lists(old_app, made):
    before = json.loads((FIXTURES / f"{STEM}.export.json").read_text(encoding="utf-8"))
    response = old_app.test_client().get(f"/g/{made['view_token']}/export.json")
    assert response.status_code == 200
    now = response.get_json()
    boxes = now.pop("boxes")
    assert now == before  # edition, players, every turn with its points and bonus, totals, ranks
    assert now["edition"] == "hasbro-2016"
    assert [turn["bonus"] for turn in now["turns"]].count(100) == 2  # the joker turns replay the same
    assert [box["key"] for box in boxes] == list(find_edition("hasbro-2016").box_keys)


def test_the_old_game_opens_with_its_ruleset_and_its_history_reads_the_same(old_app, made):
    db = old_app.extensions[storage.DB_KEY]
    loaded = games.load_game(db, made["edit_token"])
    assert loaded.edition is find_edition("hasbro-2016") and loaded.access == "edit"
    assert [[e.kind, e.summary] for e in games.history(db, made["edit_token"])] == made["history"]
    page = old_app.test_client().get(f"/g/{made['edit_token']}")
    assert page.status_code == 200
    assert "Round 5 of 13" in page.get_data(as_text=True)


def test_the_old_game_goes_on_with_todays_code(old_app, made):
    db = old_app.extensions[storage.DB_KEY]
    token = made["edit_token"]
    loaded = games.load_game(db, token)
    played = games.record_turn(db, token, len(loaded.game.turns), (1, 1, 1, 1, 1), "full_house")
    turn = played.game.turns[-1]
    assert (turn.box, turn.points, turn.bonus) == ("full_house", 25, 100)  # the joker, 2016 order
    assert games.load_game(db, token) == played
