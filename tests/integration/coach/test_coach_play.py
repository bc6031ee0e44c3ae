"""Coach mode during play: off by default, switched on for everyone to see, expected scores and keeps."""

from __future__ import annotations

import re
import shutil

import pytest

from scorekeeper.advisor import storage as advisor_storage
from scorekeeper.rules import Box, find_edition
from scorekeeper.services import games
from tests.support.coach_pages import HX, box_buttons, keep_choices, shown_worth, text_of, worth


def options_page(client, token: str, dice: str, **kw):
    response = client.post(f"/g/{token}/options", data={"dice": dice}, **kw)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_the_coach_is_off_by_default_and_the_options_show_no_expected_scores(client, db):
    response = client.post("/new", data={"player": ["Ann", "Bo"]})
    token = response.headers["Location"].rsplit("/", 1)[1]
    assert games.load_game(db, token).coach is False
    page = options_page(client, token, "22456")
    assert box_buttons(page), "the options are there"
    assert "exp." not in page
    assert "coach-best" not in page
    assert "Coach on" not in text_of(page)
    assert 'id="keep"' not in page
    assert "Turn the coach on" in text_of(page)


def test_ticking_coach_mode_at_creation_shows_the_badge(client):
    response = client.post("/new", data={"player": ["Ann"], "coach": "y"})
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Coach on" in text_of(page)
    assert "What should I keep?" in text_of(page)


def test_switching_the_coach_on_shows_everyone_the_badge_and_lands_in_the_history(client, make_game, db):
    created = make_game(["Ann", "Bo"], turns=[("22456", "twos")])
    response = client.post(f"/g/{created.edit_token}/coach", data={"coach": "on"})
    assert response.status_code == 303
    assert response.headers["Location"] == f"/g/{created.edit_token}"
    assert games.load_game(db, created.edit_token).coach is True
    edit_page = text_of(client.get(f"/g/{created.edit_token}").get_data(as_text=True))
    assert "Coach on" in edit_page
    assert edit_page.count("sees its advice") == 1  # said once, by the badge (no notice repeating it)
    assert "Turn the coach off" in edit_page
    board = text_of(client.get(f"/g/{created.view_token}").get_data(as_text=True))
    assert "Coach on" in board
    assert [event.kind for event in games.history(db, created.edit_token)] == ["coach"]
    history = text_of(client.get(f"/g/{created.view_token}/history").get_data(as_text=True))
    assert "Coach turned on." in history


def test_switching_the_coach_off_again_hides_the_advice_and_is_recorded_too(client, make_game, db):
    created = make_game(coach=True)
    assert client.post(f"/g/{created.edit_token}/coach", data={"coach": "off"}).status_code == 303
    page = options_page(client, created.edit_token, "22456")
    assert "exp." not in page and "Coach on" not in text_of(page)
    assert [event.kind for event in games.history(db, created.edit_token)] == ["coach"]


def test_asking_for_the_setting_the_game_already_has_changes_nothing(client, make_game, db):
    created = make_game(coach=True)
    version = games.load_game(db, created.edit_token).version
    assert client.post(f"/g/{created.edit_token}/coach", data={"coach": "on"}).status_code == 303
    assert games.load_game(db, created.edit_token).version == version
    assert games.history(db, created.edit_token) == []


def test_a_view_link_cannot_switch_the_coach_nor_ask_for_keeps(client, make_game, db):
    created = make_game()
    assert client.post(f"/g/{created.view_token}/coach", data={"coach": "on"}).status_code == 404
    assert client.get(f"/g/{created.view_token}/keep?dice=22456&rolls=2").status_code == 404
    loaded = games.load_game(db, created.edit_token)
    assert loaded.coach is False and loaded.version == created.game.version
    assert "Turn the coach" not in client.get(f"/g/{created.view_token}").get_data(as_text=True)


def test_a_switch_without_a_clear_setting_is_refused_and_changes_nothing(client, make_game, db):
    created = make_game()
    for value in ["", "yes", "ON", "on " * 40]:
        response = client.post(f"/g/{created.edit_token}/coach", data={"coach": value})
        assert response.status_code == 400
    assert client.post(f"/g/{created.edit_token}/coach").status_code == 400
    assert games.load_game(db, created.edit_token).coach is False


def test_with_the_coach_on_each_box_shows_what_it_is_worth_from_here_and_the_best_is_marked(
    client, make_game, advisor
):
    created = make_game(["Ann", "Bo"], turns=[("22456", "twos"), ("33456", "small_straight")], coach=True)
    card = created.game.game.cards[0]
    assert card.grand_total == 4
    values = advisor.box_values(card, (1, 3, 4, 5, 5))
    best = max(values, key=lambda box: values[box])
    for headers in ({}, HX):  # the whole page without JavaScript, the options fragment with htmx
        buttons = box_buttons(options_page(client, created.edit_token, "1 3 4 5 5", headers=headers))
        allowed = {box: html for box, html in buttons.items() if "disabled" not in html}
        assert set(allowed) == set(values)
        for box, value in values.items():
            assert shown_worth(allowed[box]) == worth(value, 4), box  # not the total in the 200s
            close = box != best and values[best] - value < 1
            assert ("About equal" in text_of(allowed[box])) == close, box
        marked = [box for box, html in allowed.items() if "is-best" in html]
        assert marked == [best]
        assert "Best" in text_of(allowed[best]) and "✓" in allowed[best]  # words and a sign, not colour


def test_the_expected_scores_follow_the_joker_rules_of_the_edition(client, make_game, advisor):
    created = make_game(["Ann"], turns=[("66666", "yahtzee")], coach=True)
    card = created.game.game.cards[0]
    values = advisor.box_values(card, (6, 6, 6, 6, 6))  # forced joker: Sixes only
    buttons = box_buttons(options_page(client, created.edit_token, "66666"))
    shown = {box for box, html in buttons.items() if shown_worth(html)}
    assert shown == set(values) == {Box.SIXES}


def test_the_keep_panel_shows_the_advisors_best_keep_and_the_next_two(client, make_game, advisor):
    created = make_game(["Ann", "Bo"], turns=[("22456", "twos"), ("33456", "chance")], coach=True)
    card = created.game.game.cards[0]
    for rolls in (2, 1):
        values = advisor.keep_values(card, (6, 5, 6, 1, 3), rolls)
        wanted = list(values.items())[:3]
        assert next(iter(values)) == advisor.best_keep(card, (6, 5, 6, 1, 3), rolls)
        for headers in ({}, HX):
            response = client.get(f"/g/{created.edit_token}/keep?dice=65613&rolls={rolls}", headers=headers)
            assert response.status_code == 200
            page = response.get_data(as_text=True)
            choices = keep_choices(page)[:3]  # a 4th: the keep for the win, once worked out, if not these
            assert [(tuple(c["kept"]), c["worth"]) for c in choices] == [
                (keep, worth(value, card.grand_total)) for keep, value in wanted
            ]
            assert [c["best"] for c in choices] == [True, False, False]
            assert all(sorted(c["kept"] + c["rolled"]) == [1, 3, 5, 6, 6] for c in choices)
            assert ("rolls left" if rolls == 2 else "roll left") in text_of(page)
            assert ("<html" in page) == (headers == {})


def test_the_keep_panel_names_each_keep_in_words(client, make_game, advisor):
    created = make_game(["Ann"], coach=True)
    page = client.get(f"/g/{created.edit_token}/keep?dice=66666&rolls=2").get_data(as_text=True)
    assert keep_choices(page)[0]["words"] == "Keep all five and stop"
    page = client.get(f"/g/{created.edit_token}/keep?dice=12346&rolls=2").get_data(as_text=True)
    first = keep_choices(page)[0]
    assert first["words"].startswith("Keep " + " ".join(map(str, first["kept"])))


def test_a_keep_question_with_bad_dice_says_so_and_changes_nothing(client, make_game, db):
    created = make_game(coach=True)
    for dice in ["", "1234", "123457", "abcde", "1" * 300]:
        response = client.get(f"/g/{created.edit_token}/keep", query_string={"dice": dice, "rolls": "2"})
        assert response.status_code == 422
        assert 'id="keep-error"' in response.get_data(as_text=True)
    response = client.get(f"/g/{created.edit_token}/keep", query_string={"dice": "22456", "rolls": "9"})
    assert response.status_code == 200  # anything but "1" asks with two rolls left
    assert "with 2 rolls left" in text_of(response.get_data(as_text=True))
    assert games.load_game(db, created.edit_token).version == created.game.version


def test_the_keep_panel_is_not_offered_with_the_coach_off(client, make_game):
    created = make_game()
    response = client.get(f"/g/{created.edit_token}/keep?dice=22456&rolls=2")
    assert response.status_code == 303
    fragment = client.get(f"/g/{created.edit_token}/keep?dice=22456&rolls=2", headers=HX)
    assert fragment.status_code == 200 and "exp." not in fragment.get_data(as_text=True)


def test_recording_a_turn_with_the_coach_on_works_as_before(client, make_game, db):
    created = make_game(["Ann", "Bo"], coach=True)
    response = client.post(
        f"/g/{created.edit_token}/turns", data={"dice": "22456", "box": "twos", "turn": "0"}
    )
    assert response.status_code == 303
    assert games.load_game(db, created.edit_token).game.turns[0].points == 4


def test_player_names_in_the_coach_panels_are_escaped(client, make_game):
    created = make_game(["<b>Ann</b>"], coach=True)
    page = client.get(f"/g/{created.edit_token}/keep?dice=22456&rolls=2").get_data(as_text=True)
    assert "<b>Ann</b>" not in page
    assert "Dice of &lt;b&gt;Ann&lt;/b&gt;" in page  # the entry the keep advice is asked from


def test_a_finished_six_player_game_with_the_coach_on_still_loads_in_under_40_kb(client, make_game):
    import gzip

    from tests.support.coach_pages import sheet_order_turns

    created = make_game(
        ["Annabelle", "Bo", "Cyrille", "Dee", "Eve", "Fred"], turns=sheet_order_turns(6)[:-1], coach=True
    )
    page = client.get(f"/g/{created.edit_token}").data
    assert b'id="keep"' in page
    assets = re.findall(rb'<(?:script src|link rel="stylesheet" href)="([^"]+)"', page)
    total = len(gzip.compress(page, 6))
    for url in assets:
        with client.get(url.decode()) as response:
            total += len(gzip.compress(response.data, 6))
    assert total <= 40 * 1024, total


@pytest.fixture
def only_1996_tables(app, coach_tables, tmp_path):
    """A table folder holding only the hasbro-1996 table (the run's folder may hold others by now)."""
    folder = tmp_path / "tables"
    folder.mkdir()
    for path in advisor_storage.paths(find_edition("hasbro-1996"), coach_tables):
        shutil.copy(path, folder)
    app.config["ADVISOR_DIR"] = str(folder)
    return folder


def test_each_edition_waits_for_its_own_table(client, make_game, only_1996_tables):
    assert not any("2016" in path.name for path in only_1996_tables.iterdir())  # only hasbro-1996 is built
    created = make_game(["Ann"], edition="hasbro-2016", coach=True)
    page = options_page(client, created.edit_token, "22456")
    assert "The coach is getting ready (building tables)…" in text_of(page)
    assert "exp." not in page
