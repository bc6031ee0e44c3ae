"""Undo, corrections of earlier turns (refused naming the turn they would break), and history."""

from __future__ import annotations

from tests.support.web_forms import HX, page_text, snapshot


def test_undo_takes_back_the_last_turn_and_says_which(client, make_game, loaded):
    created = make_game(["Ann", "Bo"], turns=[("22456", "twos"), ("33356", "threes")])
    token = created.edit_token
    version = loaded(token).version
    response = client.post(f"/g/{token}/undo", data={"version": str(version)})
    assert response.status_code == 303
    assert len(loaded(token).game.turns) == 1
    text = page_text(client.get(f"/g/{token}"))
    assert "Undone: Bo: 9 in Threes." in text
    assert "Round 1 of 13 · Bo" in text


def test_undo_over_htmx_returns_the_fragment(client, make_game, loaded):
    created = make_game(["Ann"], turns=[("22456", "twos")])
    response = client.post(
        f"/g/{created.edit_token}/undo", data={"version": str(created.game.version)}, headers=HX
    )
    assert response.status_code == 200
    assert response.get_data(as_text=True).lstrip().startswith('<div id="play"')
    assert loaded(created.edit_token).game.turns == ()


def test_an_undo_from_a_stale_page_is_refused_with_409_and_changes_nothing(client, make_game, db):
    created = make_game(["Ann", "Bo"], turns=[("22456", "twos")])
    stale_version = created.game.version - 1
    before = snapshot(db)
    response = client.post(f"/g/{created.edit_token}/undo", data={"version": str(stale_version)})
    assert response.status_code == 409
    assert "The sheet changed on another phone." in page_text(response)
    assert snapshot(db) == before


def test_undo_with_nothing_to_undo_is_refused_with_422(client, make_game, db):
    created = make_game(["Ann"])
    before = snapshot(db)
    response = client.post(f"/g/{created.edit_token}/undo", data={"version": str(created.game.version)})
    assert response.status_code == 422
    assert "There is no turn to undo." in page_text(response)
    assert snapshot(db) == before


def test_filled_cells_link_to_the_correction_of_their_turn(client, make_game):
    created = make_game(["Ann", "Bo"], turns=[("22456", "twos"), ("33356", "threes")])
    body = client.get(f"/g/{created.edit_token}").get_data(as_text=True)
    assert f'href="/g/{created.edit_token}/turns/1/edit"' in body
    assert "Bo, Threes: 9. Correct this turn" in body


def test_the_correction_form_shows_the_turn_as_recorded(client, make_game):
    created = make_game(["Ann", "Bo"], turns=[("22456", "twos"), ("33356", "threes")])
    response = client.get(f"/g/{created.edit_token}/turns/1/edit")
    assert response.status_code == 200
    text = page_text(response)
    assert "Round 1, Bo rolled 3 3 3 5 6 and wrote 9 in Threes." in text
    body = response.get_data(as_text=True)
    assert 'value="33356"' in body and 'value="threes" checked' in body


def test_a_correction_replays_the_later_turns(client, make_game, loaded):
    created = make_game(["Ann", "Bo"], turns=[("22456", "twos"), ("33356", "threes")])
    token = created.edit_token
    response = client.post(
        f"/g/{token}/turns/0/edit",
        data={"dice": "2 2 2 5 6", "box": "twos", "version": str(created.game.version)},
    )
    assert response.status_code == 303
    game = loaded(token).game
    assert game.turns[0].points == 6 and game.turns[1].box == "threes"
    # What changed, and that Undo is for the last turn, not for this correction.
    assert (
        "Turn 1 (round 1, Ann): Twos 4 \u2192 6. Undo still takes back the last turn (Bo: 9 in Threes),"
        " not this correction."
    ) in page_text(client.get(f"/g/{token}"))


def test_a_correction_that_breaks_a_later_turn_is_refused_naming_it(client, make_game, db):
    # Ann's 50 in Yahtzee makes her later 66666 a joker that must go in Sixes; moving the first
    # roll to Sixes would leave that later turn impossible.
    created = make_game(["Ann"], turns=[("66666", "yahtzee"), ("66666", "sixes")])
    before = snapshot(db)
    response = client.post(
        f"/g/{created.edit_token}/turns/0/edit",
        data={"dice": "66666", "box": "sixes", "version": str(created.game.version)},
    )
    assert response.status_code == 422
    text = page_text(response)
    assert "turn 2 (round 2, Ann)" in text
    assert snapshot(db) == before


def test_a_correction_with_bad_dice_or_a_stale_version_changes_nothing(client, make_game, db):
    created = make_game(["Ann"], turns=[("22456", "twos")])
    before = snapshot(db)
    url = f"/g/{created.edit_token}/turns/0/edit"
    response = client.post(url, data={"dice": "2245", "box": "twos", "version": str(created.game.version)})
    assert response.status_code == 422 and "That is 4 dice" in page_text(response)
    response = client.post(url, data={"dice": "22456", "box": "ones", "version": "0"})
    assert response.status_code == 409
    assert "The sheet changed on another phone." in page_text(response)
    assert snapshot(db) == before


def test_correcting_a_turn_that_does_not_exist_is_a_404(client, make_game):
    created = make_game(["Ann"], turns=[("22456", "twos")])
    assert client.get(f"/g/{created.edit_token}/turns/1/edit").status_code == 404
    assert client.get(f"/g/{created.edit_token}/turns/-1/edit").status_code == 404


def test_history_lists_every_turn_and_every_undo_and_correction(client, make_game, loaded):
    created = make_game(["Ann", "Bo"], turns=[("22456", "twos"), ("33356", "threes")])
    token = created.edit_token
    client.post(f"/g/{token}/undo", data={"version": str(loaded(token).version)})
    client.post(
        f"/g/{token}/turns/0/edit",
        data={"dice": "22256", "box": "twos", "version": str(loaded(token).version)},
    )
    text = page_text(client.get(f"/g/{token}/history"))
    assert "Undid Bo's turn in round 1" in text
    assert "Corrected Ann's turn in round 1" in text
    assert "Round 1 · Ann: 6 in Twos" in text


def test_every_word_of_a_history_line_goes_through_translation(client, make_game, loaded, monkeypatch):
    from scorekeeper.web.infra import i18n

    class Marked:  # a stand-in language that brackets each translated template
        def gettext(self, text):
            return f"[{text}]"

        def ngettext(self, singular, plural, num):
            return f"[{singular if num == 1 else plural}]"

    created = make_game(["Ann", "Bo"], turns=[("22456", "twos"), ("33356", "threes")])
    token = created.edit_token
    client.post(f"/g/{token}/undo", data={"version": str(loaded(token).version)})
    monkeypatch.setattr(i18n, "get_translations", Marked)
    text = page_text(client.get(f"/g/{token}/history"))
    # The summary, the turn phrase inside it and the box name inside that are each translated.
    assert "[Undid Bo's turn in round 1: [3 3 3 5 6 in [Threes] for 9].]" in text
