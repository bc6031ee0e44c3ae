"""The app's threads, and the request bodies they no longer wait for.

granian hands a request to a Python thread as soon as its head is read, and the body arrives while
that thread reads it: twelve clients sending `POST /language` a byte a second held every thread of
both workers, and nothing else (not even /healthz) was answered while they lasted. granian has no
setting that bounds a body's time (its HTTP/1 header timeout ends with the head; a body timeout was
declined upstream, emmett-framework/granian#728), and a read cannot be cut short from Python: a
worker answering a request while another thread waits in that request's body read stops serving
altogether. So:

- granian runs more threads than the app (serve.py's SPARE_THREADS): those only wait;
- this layer reads each body whole on granian's thread, and only then does the request take one of
  the app's threads (APP_THREADS, the server's --threads): a body trickling in holds no thread that
  turns and polls need;
- what waits inside the app (a PDF rendering elsewhere) steps out of its thread meanwhile
  (scorekeeper/web/infra/waiting.py);
- a worker reads at most BODIES_PER_ADDRESS unfinished bodies from one address and BODIES in all
  (fewer than its spare threads); a body beyond that is answered at once, unread (429, or 503), so
  slow bodies never take the threads every other request needs.
"""

from __future__ import annotations

import io
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from scorekeeper.web.infra.security import SECURITY_HEADERS
from scorekeeper.web.infra.waiting import WAITING_KEY

StartResponse = Callable[..., Any]
WSGIApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]

APP_THREADS = 4  # make run's --threads
BODIES_PER_ADDRESS = 64  # unfinished bodies one address may send one worker at once
BODIES = 96  # unfinished bodies a worker reads at once: fewer than its spare threads
CHUNK = 64 * 1024
SPARE_THREADS = BODIES + 32  # granian's threads beyond the app's: bodies being read, PDFs waiting, a margin


class AppSlots:
    """The app's threads: at most `count` requests run the app at once."""

    def __init__(self, count: int) -> None:
        self._free = threading.BoundedSemaphore(max(1, count))

    @contextmanager
    def held(self) -> Iterator[None]:
        with self._free:
            yield

    @contextmanager
    def released(self) -> Iterator[None]:
        """Leave the app's thread for the length of a with block (waiting), then take one again."""
        self._free.release()
        try:
            yield
        finally:
            self._free.acquire()


def client_address(environ: dict[str, Any], proxies: int) -> str:
    """The client's address as the app's ProxyFix will see it (the trusted proxies' last hop)."""
    if proxies:
        hops = [hop.strip() for hop in environ.get("HTTP_X_FORWARDED_FOR", "").split(",") if hop.strip()]
        if len(hops) >= proxies:
            return hops[-proxies]
    return str(environ.get("REMOTE_ADDR", "-"))


def declared_length(environ: dict[str, Any]) -> int | None:
    """The body's stated length; None for a chunked body (its end is marked in the stream)."""
    if "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower():
        return None
    text = environ.get("CONTENT_LENGTH") or ""
    return int(text) if text.isdigit() else 0


def read_body(stream: Any, wanted: int) -> bytes:
    """Up to `wanted` bytes of the body (fewer if it ends first)."""
    parts: list[bytes] = []
    while wanted > 0:
        chunk = stream.read(min(wanted, CHUNK))
        if not chunk:
            break
        parts.append(chunk)
        wanted -= len(chunk)
    return b"".join(parts)


class AppThreads:
    """WSGI middleware: a request runs the app on one of `threads` threads, once its body is whole."""

    def __init__(
        self,
        app: WSGIApp,
        threads: int = APP_THREADS,
        body_limit: Callable[[dict[str, Any]], int | None] = lambda environ: None,
        *,
        proxies: int = 0,
        per_address: int = BODIES_PER_ADDRESS,
        bodies: int = BODIES,
    ) -> None:
        self.app, self.body_limit, self.proxies = app, body_limit, proxies
        self.slots = AppSlots(threads)
        self.per_address, self.bodies = per_address, bodies
        self._lock = threading.Lock()
        self._reading: Counter[str] = Counter()  # unfinished bodies per address

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        length = declared_length(environ)
        if length != 0:
            refusal = self._receive(environ, length)
            if refusal is not None:
                return _answer(start_response, *refusal)
        environ[WAITING_KEY] = self.slots
        with self.slots.held():
            return self.app(environ, start_response)

    def _receive(self, environ: dict[str, Any], length: int | None) -> tuple[int, str, str] | None:
        """Read the body whole into the environ; a refusal (status, reason, text) instead if it may not be."""
        limit = self.body_limit(environ)
        if length is not None and limit is not None and length > limit:
            return None  # the app refuses it unread (413)
        wanted = length if length is not None else (limit + 1 if limit is not None else 1 << 40)
        address = client_address(environ, self.proxies)
        with self._lock:
            if self._reading[address] >= self.per_address:
                return 429, "Too Many Requests", TOO_MANY
            if self._reading.total() >= self.bodies:
                return 503, "Service Unavailable", BUSY
            self._reading[address] += 1
        try:
            body = read_body(environ["wsgi.input"], wanted)
        except Exception:  # the client went away mid-body
            body = None
        finally:
            with self._lock:
                self._reading[address] -= 1
                if not self._reading[address]:
                    del self._reading[address]
        if body is None or (length is not None and len(body) < length):
            return 400, "Bad Request", INCOMPLETE
        environ["wsgi.input"] = io.BytesIO(body)
        environ["CONTENT_LENGTH"] = str(len(body))  # a chunked one over the limit: the app's 413
        environ.pop("HTTP_TRANSFER_ENCODING", None)
        return None


TOO_MANY = "Too many unfinished requests from this address. Nothing was changed; try again in a minute.\n"
BUSY = "The scorekeeper is busy. Nothing was changed; try again in a minute.\n"
INCOMPLETE = "The request's body ended before its stated length. Nothing was changed.\n"


def _answer(start_response: StartResponse, status: int, reason: str, text: str) -> list[bytes]:
    """A plain answer from this layer; the connection closes (the body, unread, is not wanted)."""
    body = text.encode()
    headers = [
        ("Content-Type", "text/plain; charset=utf-8"),
        ("Content-Length", str(len(body))),
        ("Connection", "close"),
        *SECURITY_HEADERS.items(),
    ]
    if status in (429, 503):
        headers.append(("Retry-After", "60"))
    start_response(f"{status} {reason}", headers)
    return [body]
