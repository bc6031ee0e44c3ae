"""The live-refresh fragment is rendered once per game version and language, then shared by every phone
of the link (web/live/fragments.py): it must be what a fresh render shows, for that link's access
and the phone's language, with nothing of one phone in it (no CSRF field: each phone sends its page's
token as a header), and never of an older version."""

from __future__ import annotations

import re
import threading
import time

import pytest

from scorekeeper.services import games, table_players, tables
from scorekeeper.web.live import fragments
from scorekeeper.web.views import play
from tests.support.live_fragments import without_csrf_fields

HTMX = {"HX-Request": "true"}
PAGE_TOKEN = re.compile(r'hx-headers=\'\{"X-CSRFToken": "([^"]+)"\}\'')


@pytest.fixture
def app_overrides(advisor_tables, forced) -> dict[str, object]:
    """The forced Yatzy coach ready (it needs no chance table): a coached game shows its chances."""
    return {"ADVISOR_DIR": str(advisor_tables)}


@pytest.fixture
def renders(monkeypatch) -> list[str]:
    """A list that grows by one each time the game view opens a game to render it."""
    opened: list[str] = []
    real = play.load_or_404

    def counting(token: str, **kwargs):
        opened.append(token)
        return real(token, **kwargs)

    monkeypatch.setattr(play, "load_or_404", counting)
    return opened


def fragment(client, token: str, language: str = "en") -> str:
    response = client.get(f"/g/{token}", headers={**HTMX, "Accept-Language": language})
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    assert "HX-Request" in response.vary
    body = response.get_data(as_text=True)
    return body


def fresh(app, client, token: str, language: str = "en") -> str:
    """The fragment rendered from the database right now, the shared memory out of the way."""
    app.config["LIVE_FRAGMENT_CACHE"] = False
    try:
        return fragment(client, token, language)
    finally:
        app.config["LIVE_FRAGMENT_CACHE"] = True


def version_of(body: str) -> int:
    found = re.search(r'data-version="(\d+)"', body)
    assert found
    return int(found.group(1))


@pytest.mark.parametrize("coach", [False, True])
@pytest.mark.parametrize("capability", ["edit_token", "view_token"])
@pytest.mark.parametrize("language", ["en", "fr", "de"])
def test_the_shared_fragment_is_a_fresh_render_in_each_language_and_access(
    app, client, make_game, renders, capability, language, coach
):
    if coach:
        game = make_game(["Ann", "Bo", "Cy"], [("11234", "ones")], "yatzy-forced", coach=True)
    else:
        game = make_game(["Ann", "Bo", "Cy"], [("22456", "twos"), ("11111", "yahtzee")])
    token = getattr(game, capability)
    first = fragment(app.test_client(), token, language)  # another phone renders it
    assert len(renders) == 1
    shared = fragment(client, token, language)
    assert len(renders) == 1  # this phone got it from memory: nothing opened, nothing rendered
    assert "csrf_token" not in first and shared == first  # the same bytes for every phone
    assert (
        without_csrf_fields(shared)
        == without_csrf_fields(first)
        == without_csrf_fields(fresh(app, client, token, language))
    )
    assert ("/turns" in shared) is (capability == "edit_token")
    assert ('class="chances"' in shared) is coach  # each player's chance, while the coach is on only


def test_a_view_link_never_gets_the_edit_links_fragment(app, client, make_game):
    game = make_game(turns=[("22456", "twos")])
    edit = fragment(client, game.edit_token)
    view = fragment(client, game.view_token)
    assert game.edit_token not in view and "/turns" not in view and 'id="board"' in view
    assert game.edit_token in edit
    assert without_csrf_fields(view) == without_csrf_fields(fresh(app, client, game.view_token))


def test_each_language_of_one_link_is_its_own_fragment(client, make_game, renders):
    game = make_game(turns=[("22456", "twos")])
    english, french = fragment(client, game.edit_token, "en"), fragment(client, game.edit_token, "fr")
    assert len(renders) == 2 and english != french
    assert 'lang="fr"' in french or "Annuler" in french
    assert fragment(client, game.edit_token, "fr") == french and len(renders) == 2


def test_a_view_link_of_a_game_with_its_own_language_shows_it_to_every_phone(app, client, db, renders):
    created = games.create_game(db, ["Ann", "Bo"], "hasbro-1996", language="de")
    german = fragment(client, created.view_token, "fr")
    assert fragment(client, created.view_token, "en") == german  # the board speaks the game's language
    assert len(renders) == 1
    assert german == fresh(app, client, created.view_token, "sv")


@pytest.mark.parametrize("change", ["turn", "undo", "correction", "coach"])
def test_after_a_change_every_phone_gets_the_new_version(app, client, db, make_game, renders, change):
    game = make_game(["Ann", "Bo"], [("22456", "twos"), ("11111", "yahtzee")])
    token = game.edit_token
    before = fragment(client, token)
    assert fragment(app.test_client(), game.view_token)  # the board's fragment is kept too
    version = game.game.version
    if change == "turn":
        games.record_turn(db, token, 2, (1, 2, 3, 4, 6), "chance")
    elif change == "undo":
        games.undo_turn(db, token, version)
    elif change == "correction":
        games.correct_turn(db, token, version, 0, (2, 2, 2, 5, 6), "twos")
    else:
        games.set_coach(db, token, True)
    after = fragment(client, token)
    assert version_of(after) == version_of(before) + 1
    assert without_csrf_fields(after) != without_csrf_fields(before)
    assert without_csrf_fields(after) == without_csrf_fields(fresh(app, client, token))
    board = fragment(client, game.view_token)
    assert version_of(board) == version + 1 and board == fresh(app, client, game.view_token)


def test_a_turn_through_the_page_is_seen_by_the_other_phone_at_once(client, make_game, app):
    game = make_game(turns=[("22456", "twos")])
    other = app.test_client()
    assert version_of(fragment(other, game.edit_token)) == 1
    response = client.post(
        f"/g/{game.edit_token}/turns", data={"dice": "12346", "box": "chance", "turn": "1"}
    )
    assert response.status_code == 303
    refreshed = fragment(other, game.edit_token)
    assert version_of(refreshed) == 2 and without_csrf_fields(refreshed) == without_csrf_fields(
        fresh(app, other, game.edit_token)
    )


def test_phones_asking_while_one_renders_wait_for_that_render(app, make_game, monkeypatch):
    game = make_game(turns=[("22456", "twos")])
    rendered: list[int] = []
    real = play._render

    def slow(*args, **kwargs):
        rendered.append(1)
        time.sleep(0.3)  # the other phones' requests arrive meanwhile
        return real(*args, **kwargs)

    monkeypatch.setattr(play, "_render", slow)
    # The waiters' patience is not what is tested: on a loaded machine the real render after the
    # sleep can outlast the half second a waiter gives it, and each would then render by itself.
    monkeypatch.setattr(fragments, "WAIT_S", 10.0)
    bodies: list[str] = []

    def phone() -> None:
        bodies.append(without_csrf_fields(fragment(app.test_client(), game.edit_token)))

    first = threading.Thread(target=phone)
    first.start()
    time.sleep(0.1)
    others = [threading.Thread(target=phone) for _ in range(3)]
    for thread in others:
        thread.start()
    for thread in [first, *others]:
        thread.join()
    assert len(bodies) == 4 and len(set(bodies)) == 1
    assert len(rendered) == 1


def test_a_gone_link_is_a_404_not_a_remembered_fragment(client):
    assert client.get("/g/nosuchlinkatall", headers=HTMX).status_code == 404


class TestWithCsrf:
    """With CSRF on, as in production: the shared fragment carries no token, each phone its page's."""

    @pytest.fixture
    def app_overrides(self) -> dict[str, object]:
        return {"WTF_CSRF_ENABLED": True}

    def test_each_phone_writes_with_its_own_pages_token_and_never_anothers(self, app, make_game, renders):
        game = make_game(turns=[("22456", "twos")])
        first, second = app.test_client(), app.test_client()
        pages = [phone.get(f"/g/{game.edit_token}").get_data(as_text=True) for phone in (first, second)]
        mine, theirs = (PAGE_TOKEN.search(page).group(1) for page in pages)
        assert mine != theirs
        shared = fragment(first, game.edit_token)
        assert fragment(second, game.edit_token) == shared and "csrf_token" not in shared
        data = {"dice": "12346", "box": "chance", "turn": "1"}
        headers = {**HTMX, "X-CSRFToken": theirs}
        assert second.post(f"/g/{game.edit_token}/turns", data=data, headers=headers).status_code == 200
        # The first phone's token is its own: the second phone's session does not accept it.
        stolen = {**HTMX, "X-CSRFToken": mine}
        data = {"dice": "12346", "box": "chance", "turn": "2"}
        assert second.post(f"/g/{game.edit_token}/turns", data=data, headers=stolen).status_code == 400


@pytest.mark.parametrize("capability", ["edit_token", "view_token"])
def test_a_deleted_game_is_a_404_not_its_remembered_fragment(client, db, make_game, capability):
    game = make_game(turns=[("22456", "twos")])
    token = getattr(game, capability)
    fragment(client, token)
    fragment(client, token)  # now from memory
    tables.delete_game(db, game.edit_token)
    assert client.get(f"/g/{token}", headers=HTMX).status_code == 404


def test_a_player_renamed_at_the_table_shows_in_the_next_fragment_at_once(client, db, make_game):
    game = make_game(["Ann", "Bo"], [("22456", "twos")])
    table = tables.create_table(db, "Fridays")
    moved = tables.move_game(db, game.edit_token, table.edit_token)
    fragment(client, game.view_token)
    assert "Annie" not in fragment(client, game.view_token)  # from memory
    table_players.rename_player(db, table.edit_token, moved.version, "Ann", "Annie")
    assert "Annie" in fragment(client, game.view_token)
