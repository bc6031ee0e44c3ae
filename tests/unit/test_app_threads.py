"""The app's threads (scorekeeper/server/app_threads.py) without a server: bodies first, then the app,
never more than its threads at once; waiting gives a thread back. tests/e2e/served has the real thing."""

from __future__ import annotations

import io
import threading
import time

from scorekeeper.server import serve
from scorekeeper.server.app_threads import SPARE_THREADS, AppThreads
from scorekeeper.web.infra.waiting import outside_app_thread

HANG_GUARD_S = 30.0


class Blocking(io.RawIOBase):
    """A request body that has not arrived yet: read() waits until `arrived` is set."""

    def __init__(self, body: bytes, arrived: threading.Event) -> None:
        self.body, self.arrived = io.BytesIO(body), arrived

    def read(self, size: int = -1) -> bytes:
        assert self.arrived.wait(HANG_GUARD_S)
        return self.body.read(size)


def environ(body: bytes = b"", stream=None, address: str = "10.0.0.1") -> dict:
    return {
        "REQUEST_METHOD": "POST" if body else "GET",
        "CONTENT_LENGTH": str(len(body)) if body else "",
        "wsgi.input": stream or io.BytesIO(body),
        "REMOTE_ADDR": address,
    }


def call(app, env) -> tuple[str, bytes]:
    statuses = []
    body = b"".join(app(env, lambda status, headers: statuses.append(status)))
    return statuses[0], body


def test_the_server_gives_granian_the_spare_threads_the_bodies_need():
    assert serve.SPARE_THREADS == SPARE_THREADS


def test_the_app_runs_on_at_most_its_threads_at_once():
    running, most = [0], [0]
    lock, release = threading.Lock(), threading.Event()

    def inner(env, start_response):
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        release.wait(HANG_GUARD_S)
        with lock:
            running[0] -= 1
        start_response("200 OK", [])
        return [b"ok"]

    app = AppThreads(inner, threads=2)
    callers = [threading.Thread(target=call, args=(app, environ())) for _ in range(6)]
    for caller in callers:
        caller.start()
    time.sleep(0.3)
    assert most[0] == 2
    release.set()
    for caller in callers:
        caller.join(HANG_GUARD_S)
    assert most[0] == 2


def test_a_body_still_coming_holds_none_of_the_apps_threads():
    arrived = threading.Event()
    seen = []

    def inner(env, start_response):
        seen.append(env["wsgi.input"].read())
        start_response("200 OK", [])
        return [b"ok"]

    app = AppThreads(inner, threads=1)
    slow = threading.Thread(target=call, args=(app, environ(b"a=1", Blocking(b"a=1", arrived))))
    slow.start()
    assert call(app, environ(b"b=2")) == ("200 OK", b"ok")  # served while the other body is still coming
    arrived.set()
    slow.join(HANG_GUARD_S)
    assert seen == [b"b=2", b"a=1"]


def test_waiting_outside_gives_the_thread_to_another_request():
    waiting, done = threading.Event(), threading.Event()

    def inner(env, start_response):
        if env["PATH_INFO"] == "/wait":
            with outside_app_thread(env):
                waiting.set()
                assert done.wait(HANG_GUARD_S)
        start_response("200 OK", [])
        return [b"ok"]

    app = AppThreads(inner, threads=1)
    waiter = threading.Thread(target=call, args=(app, environ() | {"PATH_INFO": "/wait"}))
    waiter.start()
    assert waiting.wait(HANG_GUARD_S)
    assert call(app, environ() | {"PATH_INFO": "/turn"}) == ("200 OK", b"ok")
    done.set()
    waiter.join(HANG_GUARD_S)


def test_unfinished_bodies_beyond_an_addresss_share_are_refused_unread():
    arrived = threading.Event()

    def inner(env, start_response):
        start_response("200 OK", [])
        return [env["wsgi.input"].read()]

    app = AppThreads(inner, threads=4, per_address=2, bodies=3)
    slow = [
        threading.Thread(target=call, args=(app, environ(b"x", Blocking(b"x", arrived), address)))
        for address in ("10.0.0.1", "10.0.0.1", "10.0.0.2")
    ]
    for thread in slow:
        thread.start()
    time.sleep(0.3)
    never = Blocking(b"y", threading.Event())  # read, it would wait for ever
    status, text = call(app, environ(b"y", never, "10.0.0.1"))
    assert status.startswith("429") and b"Too many unfinished" in text
    status, text = call(app, environ(b"y", never, "10.0.0.3"))
    assert status.startswith("503")  # the worker's share is taken
    arrived.set()
    for thread in slow:
        thread.join(HANG_GUARD_S)
    assert call(app, environ(b"z=1", address="10.0.0.1")) == ("200 OK", b"z=1")


def test_a_body_that_ends_before_its_stated_length_is_refused():
    app = AppThreads(lambda env, start_response: [b"never"], threads=1)
    short = environ(b"dice=12346") | {"CONTENT_LENGTH": "100"}
    status, _ = call(app, short)
    assert status.startswith("400")
