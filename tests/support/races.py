"""Start calls at the same instant, as phones racing for one turn (storage, PostgreSQL and served races)."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from scorekeeper.services import games


def race(calls):
    """Run the calls at the same moment; each result is ("ok", value) or ("stale", the English message)."""
    barrier = threading.Barrier(len(calls))

    def run(call):
        barrier.wait()
        try:
            return "ok", call()
        except games.StaleTurn as refusal:
            return "stale", str(refusal.message)

    with ThreadPoolExecutor(max_workers=len(calls)) as pool:
        return list(pool.map(run, calls))


def rounds_at_once(phones: int, rounds: int, send) -> list[list[int]]:
    """Run `rounds` rounds; in each, every phone calls send(phone_index, round) at once.

    The statuses, by round then phone; a failure in any phone's thread fails the whole run.
    """
    statuses = [[0] * phones for _ in range(rounds)]
    barrier = threading.Barrier(phones)
    errors: list[BaseException] = []

    def run(index: int) -> None:
        try:
            for number in range(rounds):
                barrier.wait(timeout=60)
                statuses[number][index] = send(index, number)
        except BaseException as error:
            errors.append(error)
            barrier.abort()

    threads = [threading.Thread(target=run, args=(index,)) for index in range(phones)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors
    return statuses
