"""Tables playing against a served app in background threads, every answer's status and time kept.

Each table is a game of four: one phone records a turn every `turn_every` seconds through the form,
`pollers` phones ask `/g/<link>/poll?v=<version shown>` every `poll_every` seconds (what the TV
and the other phones do). With several servers (two instances), a table's phones use them in turn.
Tests assert what was answered (no 503, nothing lost); benchmarks/storm_bench.py measures the times.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

from tests.support.http_phone import Phone, Served

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
BOXES = ["ones", "twos", "threes", "fours", "fives", "sixes", "three_of_a_kind", "four_of_a_kind",
         "full_house", "small_straight", "large_straight", "yahtzee", "chance"]  # fmt: skip


@dataclass
class Answers:
    """(status, seconds) of every poll and turn, and the games' links with the turns each stored."""

    polls: list[tuple[int, float]] = field(default_factory=list)
    turns: list[tuple[int, float]] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    recorded: dict[str, int] = field(default_factory=dict)

    def statuses(self, kind: str) -> set[int]:
        return {status for status, _ in getattr(self, kind)}

    def slowest(self, kind: str) -> float:
        return max((seconds for _, seconds in getattr(self, kind)), default=0.0)


def _timed(phone: Phone, method: str, path: str, data: dict | None = None) -> tuple[int, float, str]:
    started = time.monotonic()
    if method == "POST":
        status, _, body = phone.post(path, data or {})
    else:
        status, _, body = phone.get(path)
    return status, time.monotonic() - started, body


def _record(phone: Phone, token: str, answers: Answers, stop: threading.Event, every: float) -> None:
    number = 0
    while not stop.wait(every) and number < len(BOXES) * len(PLAYERS):
        form = {"dice": "12346", "box": BOXES[number // len(PLAYERS)], "turn": str(number)}
        try:
            status, took, _ = _timed(phone, "POST", f"/g/{token}/turns", form)
        except OSError as error:
            answers.failures.append(f"turn {type(error).__name__}")
            continue
        answers.turns.append((status, took))
        if status == 303:
            number += 1
            answers.recorded[token] = number


def _poll(phone: Phone, token: str, answers: Answers, stop: threading.Event, every: float) -> None:
    shown = 0
    while not stop.wait(every):
        try:
            status, took, body = _timed(phone, "GET", f"/g/{token}/poll?v={shown}")
        except OSError as error:
            answers.failures.append(f"poll {type(error).__name__}")
            continue
        answers.polls.append((status, took))
        if status == 200:
            shown = json.loads(body)["version"]


@contextmanager
def tables_playing(
    servers: Sequence[Served],
    tables: int,
    *,
    pollers: int = 2,
    poll_every: float = 0.5,
    turn_every: float = 1.5,
) -> Iterator[Answers]:
    """`tables` games being played for the length of a with block; their answers so far."""
    answers = Answers()
    stop = threading.Event()
    threads = []
    for number in range(tables):
        recorder = Phone(servers[number % len(servers)])
        token = recorder.new_game(PLAYERS)
        assert recorder.get(f"/g/{token}")[0] == 200
        answers.recorded[token] = 0
        threads.append(threading.Thread(target=_record, args=(recorder, token, answers, stop, turn_every)))
        for seat in range(pollers):
            phone = Phone(servers[(number + seat + 1) % len(servers)])
            threads.append(threading.Thread(target=_poll, args=(phone, token, answers, stop, poll_every)))
    for thread in threads:
        thread.daemon = True
        thread.start()
    try:
        yield answers
    finally:
        stop.set()
        for thread in threads:
            thread.join(60)
