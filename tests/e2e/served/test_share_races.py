"""Phones racing on one game against the real server: exactly one write wins, the rest get 409.

Every request goes through the real HTML forms with CSRF on (token and session cookie taken
from the page), as eight phones behind one router would send them.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections import Counter

import pytest

from scorekeeper.rules import find_edition
from tests.support.app_server import Server
from tests.support.http_phone import Phone
from tests.support.races import rounds_at_once

BOXES = find_edition("hasbro-1996").box_keys  # the Hasbro sheet's box keys, in sheet order

PHONES = 8
ROUNDS = 50
PLAYERS = ["Ann", "Bo", "Cy", "Di"]  # 4 × 13 boxes ≥ 50 turns
# Eight different rolls, none a Yahtzee, so any open box takes any of them and the stored
# dice tell which phone won each race.
DICE = ["12346", "22456", "11234", "33456", "12345", "13456", "23456", "11256"]

pytestmark = pytest.mark.slow


def race(phones: list[Phone], rounds: int, send) -> list[list[int]]:
    """Run `rounds` rounds; in each, every phone calls send(phone_index, round) at once."""
    return rounds_at_once(len(phones), rounds, send)


def game_id(connection: sqlite3.Connection, token: str) -> int:
    digest = hashlib.sha256(token.encode()).hexdigest()
    return connection.execute("SELECT id FROM games WHERE edit_hash = ?", (digest,)).fetchone()[0]


def stored_entries(server: Server, token: str) -> list[tuple[int, str, str]]:
    """The game's stored entries, read straight from the SQLite file."""
    with sqlite3.connect(server.database) as connection:
        return connection.execute(
            "SELECT position, dice, box FROM entries WHERE game_id = ? ORDER BY position",
            (game_id(connection, token),),
        ).fetchall()


def integrity(server: Server) -> str:
    with sqlite3.connect(server.database) as connection:
        return connection.execute("PRAGMA integrity_check").fetchone()[0]


def version_of(phone: Phone, token: str) -> int:
    status, _, body = phone.get(f"/g/{token}/poll?v=-1")
    assert status == 200
    return json.loads(body)["version"]


@pytest.fixture(scope="module")
def raced(live_server: Server):
    """A 4-player game after eight phones raced on every one of its first 50 turns."""
    host = Phone(live_server)
    token = host.new_game(PLAYERS, title="Race")
    phones = [Phone(live_server) for _ in range(PHONES)]
    for phone in phones:
        status, _, _ = phone.get(f"/g/{token}")  # the page gives the cookie and the CSRF token
        assert status == 200 and phone.csrf

    def record(index: int, turn: int) -> int:
        box = BOXES[turn // len(PLAYERS)]
        status, _, _ = phones[index].post(
            f"/g/{token}/turns",
            {"dice": DICE[index], "box": box, "turn": str(turn)},
        )
        return status

    statuses = race(phones, ROUNDS, record)
    return token, phones, statuses


def test_eight_phones_recording_the_same_turn_fifty_times_store_each_turn_once(raced, live_server):
    token, phones, statuses = raced
    counts = Counter(status for round_statuses in statuses for status in round_statuses)
    assert counts == {303: ROUNDS, 409: ROUNDS * (PHONES - 1)}
    assert all(sorted(round_statuses).count(303) == 1 for round_statuses in statuses)
    entries = stored_entries(live_server, token)
    assert [position for position, _, _ in entries] == list(range(ROUNDS))
    # Nothing lost or mixed: each stored turn is exactly what its winning phone sent.
    for (position, dice, box), round_statuses in zip(entries, statuses, strict=True):
        winner = round_statuses.index(303)
        assert (dice, box) == (DICE[winner], BOXES[position // len(PLAYERS)])
    # No player has a box twice.
    boxes = Counter((position % len(PLAYERS), box) for position, _, box in entries)
    assert max(boxes.values()) == 1
    assert integrity(live_server) == "ok"
    assert version_of(phones[0], token) == ROUNDS


def test_the_losing_phones_get_the_conflict_message_and_the_fresh_sheet(live_server):
    phones = [Phone(live_server) for _ in range(2)]
    token = phones[0].new_game(["Ann", "Bo"])
    for phone in phones:
        phone.get(f"/g/{token}")
    first = phones[0].post(f"/g/{token}/turns", {"dice": "12346", "box": "chance", "turn": "0"})
    stale = phones[1].post(f"/g/{token}/turns", {"dice": "22456", "box": "chance", "turn": "0"})
    assert first[0] == 303 and stale[0] == 409
    assert "Ann&#39;s turn was already recorded." in stale[2]
    assert "Round 1 of 13 · Bo" in stale[2]  # the fresh sheet: Bo is next


def test_undo_raced_by_eight_phones_takes_back_one_turn_per_round(raced, live_server):
    token, phones, _ = raced
    rounds = 5
    start = version_of(phones[0], token)

    def undo(index: int, number: int) -> int:
        return phones[index].post(f"/g/{token}/undo", {"version": str(start + number)})[0]

    statuses = race(phones, rounds, undo)
    assert [sorted(s) for s in statuses] == [[303] + [409] * (PHONES - 1)] * rounds
    assert [position for position, _, _ in stored_entries(live_server, token)] == list(range(ROUNDS - rounds))
    assert integrity(live_server) == "ok"


def test_correction_raced_by_eight_phones_applies_exactly_one_per_round(raced, live_server):
    token, phones, _ = raced
    rounds = 5
    start = version_of(phones[0], token)

    def correct(index: int, number: int) -> int:
        return phones[index].post(
            f"/g/{token}/turns/0/edit",
            {"dice": DICE[index], "box": BOXES[0], "version": str(start + number)},
        )[0]

    statuses = race(phones, rounds, correct)
    assert [sorted(s) for s in statuses] == [[303] + [409] * (PHONES - 1)] * rounds
    winner = statuses[-1].index(303)
    assert stored_entries(live_server, token)[0][1] == DICE[winner]
    with sqlite3.connect(live_server.database) as connection:
        kinds = Counter(
            kind
            for (kind,) in connection.execute(
                "SELECT kind FROM history WHERE game_id = ?", (game_id(connection, token),)
            )
        )
    assert kinds == {"undo": 5, "correct": rounds}
    assert version_of(phones[0], token) == start + rounds
    assert integrity(live_server) == "ok"
