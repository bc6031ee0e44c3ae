"""Whose turn it is, in each language's own grammar: "Björns tur", "Lars tur", German apostrophes."""

from __future__ import annotations

import re

import pytest

from scorekeeper.rules import Dice
from scorekeeper.services import games
from scorekeeper.services.names import possessive
from tests.support.catalogues import compile_catalogues


@pytest.fixture(autouse=True, scope="module")
def compiled() -> None:
    """The .mo files the app reads, built from the .po catalogues."""
    compile_catalogues()


@pytest.mark.parametrize(
    ("name", "language", "written"),
    [
        ("Björn", "sv", "Björns"),
        ("Lars", "sv", "Lars"),  # a Swedish name ending in s takes no second s
        ("Max", "sv", "Max"),
        ("Björn", "de", "Björns"),
        ("Hans", "de", "Hans\u2019"),
        ("Fritz", "de", "Fritz\u2019"),
        ("Björn", "en", "Björn's"),
        ("Björn", "fr", "Björn"),  # French and Spanish say "de Björn": the sentence adds it
        ("Björn", "es", "Björn"),
    ],
)
def test_a_name_is_written_as_its_language_writes_whose(name, language, written):
    assert possessive(name, language) == written


def board_heading(client, db, players, language) -> str:
    created = games.create_game(db, list(players), "hasbro-1996", language=language)
    html = client.get(f"/g/{created.view_token}").get_data(as_text=True)
    found = re.search(r'<h1 class="board-who">([^<]*)</h1>', html)
    assert found is not None
    return found.group(1).strip()


@pytest.mark.parametrize(
    ("language", "players", "heading"),
    [
        ("sv", ("Björn", "Ann"), "Björns tur"),
        ("sv", ("Lars", "Ann"), "Lars tur"),
        ("de", ("Hans", "Ann"), "Hans\u2019 Zug"),
        ("fr", ("Björn", "Ann"), "À Björn de jouer"),
        ("es", ("Björn", "Ann"), "Le toca a Björn"),
        ("en", ("Björn", "Ann"), "Björn&#39;s turn"),
    ],
)
def test_the_tv_says_whose_turn_it_is_in_the_games_language(client, db, language, players, heading):
    assert board_heading(client, db, players, language) == heading


def test_an_undone_turn_in_the_history_is_the_players_in_swedish(client, db):
    created = games.create_game(db, ["Lars", "Björn"], "hasbro-1996")
    games.record_turn(db, created.edit_token, 0, Dice.parse("11111"), "yahtzee")
    games.undo_turn(db, created.edit_token, 1)
    html = client.get(f"/g/{created.edit_token}/history", headers={"Accept-Language": "sv"}).get_data(
        as_text=True
    )
    assert "Ångrade Lars tur i omgång 1" in html and "Larss" not in html
