"""Two app instances behind one PostgreSQL and one Redis, as on two hosts behind a reverse proxy.

Each instance is its own server (2 workers) on its own port with its own temp dir, so the
change stamps one host shares (web/live/changes.py) are not shared: only Redis carries the news
of a write, and the rate-limit counters live in Redis too (SCOREKEEPER_REDIS_URL).
"""

from __future__ import annotations

import json
import time
import urllib.parse
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from scorekeeper.rules import find_edition
from scorekeeper.web.live.changes import TRUST_ALL_WRITERS_S
from tests.support.app_server import Server, serving
from tests.support.http_phone import Phone
from tests.support.races import rounds_at_once
from tests.support.redis_server import temporary_redis

pytestmark = [pytest.mark.slow, pytest.mark.backends("postgresql")]

BOXES = find_edition("hasbro-1996").box_keys
PLAYERS = ["Ann", "Bo", "Cy", "Di"]
DICE = ["12346", "22456", "11234", "33456", "12345", "13456"]
CREATE_LIMIT = 4  # new games per minute per address, across both instances


@pytest.fixture
def instances(database_url: str, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    """Two servers on one PostgreSQL database and one Redis."""
    with temporary_redis() as redis_url:
        servers = []
        try:
            for name in ("a", "b"):
                folder = tmp_path / name
                folder.mkdir()
                env = {
                    "SCOREKEEPER_DATABASE_URL": database_url,
                    "SCOREKEEPER_REDIS_URL": redis_url,
                    "SCOREKEEPER_RATE_LIMIT_CREATE": f"{CREATE_LIMIT} per minute",
                    "TMPDIR": str(folder),  # its own "host": no change stamps shared with the other
                }
                servers.append(serving(folder / "unused.db", folder, env=env))
            started = [server.__enter__() for server in servers]
            yield started[0], started[1]
        finally:
            for server in reversed(servers):
                server.__exit__(None, None, None)


def version_seen(phone: Phone, token: str, shown: int) -> int:
    status, _, body = phone.get(f"/g/{token}/poll?v={shown}")
    assert status in (200, 204), status
    return shown if status == 204 else json.loads(body)["version"]


def test_a_turn_through_one_instance_shows_on_a_phone_of_the_other_through_redis(instances):
    """The other instance remembers version 0 and would trust it for TRUST_ALL_WRITERS_S after
    reading it: seeing the turn before then can only be Redis's news. (How fast the news comes, the
    3-second promise, is for a benchmark on a quiet machine: a test must not depend on the machine.)"""
    first, second = instances
    host = Phone(first)
    token = host.new_game(PLAYERS[:2])
    watcher = Phone(second)
    trusted_until = time.monotonic() + TRUST_ALL_WRITERS_S  # no read below is older than this start
    for _ in range(20):  # both workers of the second instance now remember version 0
        assert version_seen(watcher, token, 0) == 0
    assert host.get(f"/g/{token}")[0] == 200
    status, _, _ = host.post(f"/g/{token}/turns", {"dice": "12346", "box": "chance", "turn": "0"})
    assert status == 303
    while version_seen(watcher, token, 0) != 1:
        assert time.monotonic() < trusted_until, "the other instance saw the turn only once it read it again"
        time.sleep(0.05)


def test_phones_racing_on_both_instances_store_exactly_one_turn_per_round(instances, database_url):
    first, second = instances
    token = Phone(first).new_game(PLAYERS)
    phones = [Phone(first if index % 2 == 0 else second) for index in range(6)]
    for phone in phones:
        assert phone.get(f"/g/{token}")[0] == 200
    rounds = 12

    def send(index: int, number: int) -> int:
        form = {"dice": DICE[index], "box": BOXES[number // len(PLAYERS)], "turn": str(number)}
        return phones[index].post(f"/g/{token}/turns", form)[0]

    statuses = rounds_at_once(len(phones), rounds, send)
    assert [sorted(row) for row in statuses] == [[303] + [409] * (len(phones) - 1)] * rounds
    url = urllib.parse.urlsplit(database_url.replace("postgresql+psycopg", "postgresql"))
    with psycopg.connect(urllib.parse.urlunsplit(url)) as connection:
        stored = connection.execute("SELECT position, dice FROM entries ORDER BY position").fetchall()
    assert [position for position, _ in stored] == list(range(rounds))
    for (_, dice), row in zip(stored, statuses, strict=True):
        assert dice == DICE[row.index(303)]  # each stored turn is its round's winner's
    assert Counter(version_seen(phone, token, -1) for phone in phones) == {rounds: len(phones)}


def test_a_rate_limit_holds_across_both_instances(instances):
    first, second = instances
    answers = []
    for number in range(CREATE_LIMIT + 2):
        phone = Phone(first if number % 2 == 0 else second)
        assert phone.get("/new")[0] == 200
        form = {"player": ["Ann"], "edition": "hasbro-1996", "title": "", "action": "start"}
        answers.append(phone.post("/new", form)[0])
    # In each worker's memory the limit would allow CREATE_LIMIT per worker, 16 in all.
    assert answers == [303] * CREATE_LIMIT + [429, 429]
