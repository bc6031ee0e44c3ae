"""A restarted app (new engine, same file) continues a game exactly where it was."""

from __future__ import annotations

from scorekeeper import storage
from scorekeeper.services import games


def test_a_restarted_app_continues_the_game_exactly(make_app, tmp_path):
    path = tmp_path / "restart.db"
    first = make_app(path)
    storage.upgrade(first)
    db = first.extensions[storage.DB_KEY]
    created = games.create_game(db, ["Ann", "Bo"], "hasbro-2016", title="Cup", coach=True)
    token = created.edit_token
    games.record_turn(db, token, 0, (6, 6, 6, 6, 6), "yahtzee")
    games.record_turn(db, token, 1, (2, 2, 4, 5, 6), "chance")
    games.record_turn(db, token, 2, (1, 1, 1, 2, 3), "ones")
    games.undo_turn(db, token, 3)
    games.correct_turn(db, token, 4, 1, (3, 3, 4, 5, 6), "chance")
    before = games.load_game(db, token)
    history_before = games.history(db, token)
    storage.dispose(first)  # the server stops

    second = make_app(path)
    storage.upgrade(second)  # `make run` migrates again: nothing to do
    db = second.extensions[storage.DB_KEY]
    after = games.load_game(db, token)
    assert after == before
    assert games.history(db, token) == history_before
    assert games.load_game(db, created.view_token).game == before.game
    continued = games.record_turn(db, token, 2, (1, 1, 1, 2, 3), "ones")
    assert [t.points for t in continued.game.turns] == [50, 21, 3]
    assert continued.version == before.version + 1
