"""Slow clients against the app as `make run` serves it: a body sent a byte a second holds no thread the
other phones need (scorekeeper/server/app_threads.py).

Twelve such bodies used to stop every other request, /healthz included, for as long as they lasted.
The waits below are sized for a loaded 2-core machine: what is checked is that the server answers
while the slow bodies stay open (before, it never did), not a tight figure (benchmarks/storm_bench.py
measures the latencies).
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.app_server import Server, serving
from tests.support.http_phone import Phone
from tests.support.slow_clients import SlowBody, slow_bodies

pytestmark = pytest.mark.slow

ANSWER_S = 5.0  # a loaded 2-core machine answers a poll or a turn well within this; a held one never does
BODIES_PER_ADDRESS = 64  # app_threads.BODIES_PER_ADDRESS: unfinished bodies one address may send a worker


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, migrated_template: Path) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("slow-clients")
    database = folder / "slow.db"
    shutil.copyfile(migrated_template, database)
    with serving(database, folder, env={"SCOREKEEPER_RATELIMIT_ENABLED": "false"}) as started:
        yield started


def timed(call, *args, **kwargs) -> tuple[float, tuple[int, dict[str, str], str]]:
    started = time.monotonic()
    answer = call(*args, **kwargs)
    return time.monotonic() - started, answer


def test_while_50_slow_bodies_are_open_a_phone_at_the_same_address_still_polls_and_records(server):
    phone = Phone(server)
    token = phone.new_game(["Ann", "Bo"])
    assert phone.get(f"/g/{token}")[0] == 200
    with slow_bodies(server, 50, "/language") as slow:
        time.sleep(1.0)  # every one of them is waiting for the rest of its body
        took, (status, _, _) = timed(phone.get, f"/g/{token}/poll?v=0")
        assert status == 204 and took < ANSWER_S
        turn = {"dice": "12346", "box": "chance", "turn": "0"}
        took, (status, _, _) = timed(phone.post, f"/g/{token}/turns", turn)
        assert status == 303 and took < ANSWER_S
        took, (status, _, _) = timed(phone.get, "/healthz")
        assert status == 200 and took < ANSWER_S
        assert phone.get(f"/g/{token}/poll?v=0")[0] == 200  # the turn is stored
        assert [client.status() for client in slow] == [None] * 50  # answered while all were still open


def test_a_body_that_comes_slowly_is_served_once_whole(server):
    form = b"lang=fr&next=/"
    client = SlowBody(server, "/language", len(form), body=form)
    try:
        for _ in range(len(form) - 1):  # the rest of the form over about two seconds
            time.sleep(2.0 / len(form))
            assert client.status() is None
            client.trickle()
        deadline = time.monotonic() + ANSWER_S
        while client.status() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert client.status() == 303  # read whole and handled by the app: French from now on
        assert b"lang=fr" in client.received
    finally:
        client.close()


def test_one_address_beyond_its_share_of_unfinished_bodies_is_told_at_once(server):
    phone = Phone(server)
    token = phone.new_game(["Ann", "Bo"])
    phone.get(f"/g/{token}")
    count = 2 * BODIES_PER_ADDRESS + 20  # two workers: at least 20 over the share of either
    with slow_bodies(server, count, "/language", source="127.0.0.3") as slow:
        deadline = time.monotonic() + ANSWER_S
        answered: list[int] = []
        while time.monotonic() < deadline and len(answered) < 20:
            time.sleep(0.1)
            answered = [status for status in (client.status() for client in slow) if status is not None]
        assert len(answered) >= 20 and set(answered) == {429}
        assert all(b"Too many unfinished" in client.received for client in slow if client.status())
        turn = {"dice": "12346", "box": "chance", "turn": "0"}  # another address: its own share
        took, (status, _, _) = timed(phone.post, f"/g/{token}/turns", turn)
        assert status == 303 and took < ANSWER_S
