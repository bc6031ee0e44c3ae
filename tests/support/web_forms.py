"""Helpers for the web tests: drive the app through its plain HTML forms, as a phone would."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

from flask.testing import FlaskClient
from sqlalchemy import text

from scorekeeper.rules import find_edition

BOXES = find_edition("hasbro-1996").box_keys  # the Hasbro sheet's box keys, in sheet order

HX = {"HX-Request": "true"}
PLAIN_DICE = "12346"  # never a Yahtzee: every open box takes it, no joker involved


def new_game(client: FlaskClient, players: Sequence[str] = ("Ann", "Bo"), **fields: object) -> str:
    """Post the new-game form; the edit token of the game it redirects to."""
    data = {"player": list(players), **fields}
    response = client.post("/new", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    match = re.fullmatch(r"/g/([A-Za-z0-9_-]+)", response.headers["Location"])
    assert match, response.headers["Location"]
    return match.group(1)


def post_turn(client: FlaskClient, token: str, dice: str, box: str, turn: int, **kw):
    """Post the box form as a phone would after seeing the options."""
    return client.post(f"/g/{token}/turns", data={"dice": dice, "box": box, "turn": str(turn)}, **kw)


def plain_turns(players: int, rounds: int = 13) -> list[tuple[str, str]]:
    """Every player fills the boxes in sheet order with the same non-Yahtzee dice."""
    return [(PLAIN_DICE, BOXES[r]) for r in range(rounds) for _ in range(players)]


def snapshot(db) -> dict[str, list[tuple]]:
    """Every stored row, to show a refusal changed nothing."""
    with db() as session:
        return {
            table: sorted(map(tuple, session.execute(text(f"SELECT * FROM {table}"))), key=repr)
            for table in ("games", "players", "entries", "history")
        }


def page_text(response) -> str:
    """The words a reader sees: tags dropped, entities decoded, white space made single spaces."""
    words = re.sub(r"<[^>]*>", " ", response.get_data(as_text=True))
    return " ".join(html.unescape(words).split())
