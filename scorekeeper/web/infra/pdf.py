"""HTML to PDF with WeasyPrint, reading stylesheets from the static folder and never the network.

A PDF costs about a second of a worker's CPU (8 players with the turn log), so PDFs must not
starve turns: each one is cached by the digest of its HTML (which holds the game's every
figure, so a new version of the game is a new entry) in a cache bounded in bytes, and at most
one PDF renders per process at a time, in a renderer process of its own at a lower CPU
priority (so the worker's threads keep serving turns meanwhile). While it waits for the rendering
slot and for the renderer, a request is outside the app's threads (waiting.py): 20 PDFs asked at
once held every thread of both workers and pushed the polls' p99 to 7 s. At most ``PDF_QUEUE``
requests wait for a worker's slot, each for at most ``PDF_WAIT_SECONDS``; any other gets PdfBusy
(a 503 with Retry-After) at once.
"""

from __future__ import annotations

import hashlib
import mimetypes
import multiprocessing
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import Any
from urllib.parse import unquote, urlsplit

from weasyprint import CSS, HTML
from weasyprint.urls import URLFetcher, URLFetcherResponse

from scorekeeper.server.child_processes import end_at_exit

# The document's made-up origin: relative URLs resolve against it, and nothing else is fetched.
BASE_URL = "http://scorekeeper.invalid/"
PAPER_SIZES = {"a4": "A4", "letter": "letter"}


class StaticFileFetcher(URLFetcher):
    """Serves BASE_URL + static prefix from the static folder on disk; refuses every other URL."""

    def __init__(self, static_folder: str, static_prefix: str) -> None:
        super().__init__(allowed_protocols=())
        self.root = os.path.realpath(static_folder)
        self.prefix = static_prefix.rstrip("/") + "/"

    def fetch(self, url: str, headers: object = None) -> URLFetcherResponse:
        """The static file this URL names; ValueError (logged by WeasyPrint) otherwise."""
        parts = urlsplit(url)
        if f"{parts.scheme}://{parts.netloc}/" != BASE_URL or not parts.path.startswith(self.prefix):
            raise ValueError(f"Not fetched: {url}")
        path = os.path.realpath(os.path.join(self.root, unquote(parts.path[len(self.prefix) :])))
        if not path.startswith(self.root + os.sep) or not os.path.isfile(path):
            raise ValueError(f"No such static file: {url}")
        with open(path, "rb") as handle:
            body = handle.read()
        content_type = mimetypes.guess_type(path)[0] or "application/octet-stream"
        return URLFetcherResponse(url, body, {"Content-Type": content_type})


def render_pdf(html: str, static_folder: str, static_prefix: str = "/static", paper: str = "a4") -> bytes:
    """The PDF of this HTML page on A4 or US Letter (portrait)."""
    size = PAPER_SIZES.get(paper, "A4")
    document = HTML(
        string=html,
        base_url=BASE_URL,
        url_fetcher=StaticFileFetcher(static_folder, static_prefix),
    )
    return document.write_pdf(stylesheets=[CSS(string=f"@page {{ size: {size} portrait; }}")])


DEFAULT_CACHE_BYTES = 16 * 1024 * 1024  # a few hundred game PDFs of ~30-60 KB
DEFAULT_WAIT_SECONDS = 3.0  # a PDF ahead in line takes about one second
DEFAULT_QUEUE = 2  # PDFs waiting for a worker's rendering slot: a table printing its sheets
RETRY_AFTER_SECONDS = 5


class PdfBusy(Exception):
    """Another PDF is rendering in this worker and did not finish in time: try again shortly."""


class RenderSlot:
    """One rendering at a time in this process (a server worker), a short line of waiters."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._freed = threading.Condition(self._lock)
        self._busy = False
        self._waiting = 0

    def full(self, queue: int) -> bool:
        """Whether a PDF asked now would be told to come back (one renders, `queue` wait already)."""
        with self._lock:
            return self._busy and self._waiting >= queue

    @contextmanager
    def taken(self, wait: float, queue: int) -> Iterator[None]:
        """The slot for the length of a with block; PdfBusy at once when `queue` requests wait for it
        already, or after `wait` seconds."""
        with self._lock:
            if self._busy:
                if self._waiting >= queue:
                    raise PdfBusy
                self._waiting += 1
                try:
                    if not self._freed.wait_for(lambda: not self._busy, timeout=wait):
                        raise PdfBusy
                finally:
                    self._waiting -= 1
            self._busy = True
        try:
            yield
        finally:
            with self._lock:
                self._busy = False
                self._freed.notify()


_RENDERING = RenderSlot()


class PdfCache:
    """PDFs by the digest of their HTML and paper, least recently used out first, at most `max_bytes`."""

    def __init__(self, max_bytes: int = DEFAULT_CACHE_BYTES) -> None:
        self.max_bytes = max_bytes
        self._items: OrderedDict[str, bytes] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, key: str) -> bytes | None:
        with self._lock:
            pdf = self._items.get(key)
            if pdf is not None:
                self._items.move_to_end(key)
            return pdf

    def put(self, key: str, pdf: bytes) -> None:
        if len(pdf) > self.max_bytes:
            return
        with self._lock:
            if key in self._items:
                return
            self._items[key] = pdf
            self._bytes += len(pdf)
            while self._bytes > self.max_bytes:
                _, dropped = self._items.popitem(last=False)
                self._bytes -= len(dropped)

    def __len__(self) -> int:
        return len(self._items)


def pdf_key(html: str, static_prefix: str, paper: str) -> str:
    """What makes one PDF differ from another: its HTML, where its stylesheets are, its paper."""
    return hashlib.sha256(f"{paper}\0{static_prefix}\0{html}".encode()).hexdigest()


_POOL: list[ProcessPoolExecutor] = []
_POOL_LOCK = threading.Lock()
RENDERER_NICENESS = 10  # the renderer yields the CPU to the workers serving turns
RENDER_TIMEOUT_S = 60.0  # the longest PDF (8 players, turn log) takes about a second; this is a hang


def _lower_priority() -> None:
    os.nice(RENDERER_NICENESS)


def _renderer() -> ProcessPoolExecutor:
    """This process's one renderer process (spawned: forking a threaded worker is unsafe)."""
    with _POOL_LOCK:
        if not _POOL:
            context = multiprocessing.get_context("spawn")
            # Ended as the worker exits (not joined: a stop after a PDF waited for the kill timeout).
            pool = ProcessPoolExecutor(max_workers=1, mp_context=context, initializer=_lower_priority)
            _POOL.append(end_at_exit(pool))
        return _POOL[0]


def _render_elsewhere(html: str, static_folder: str, static_prefix: str, paper: str) -> bytes:
    """render_pdf in the renderer process: WeasyPrint holds the GIL for a second, and in the
    worker it would hold it against every thread serving turns; there, at a lower priority, the
    worker only waits. A renderer that died is replaced, and this PDF rendered here."""
    try:
        future = _renderer().submit(render_pdf, html, static_folder, static_prefix, paper)
        return future.result(timeout=RENDER_TIMEOUT_S)
    except BrokenProcessPool:
        with _POOL_LOCK:
            _POOL.clear()
        return render_pdf(html, static_folder, static_prefix, paper)
    except TimeoutError:
        # A hung renderer would hold every later PDF of this worker: it goes, the next PDF starts a
        # new one, and this request is told to come back (503 with Retry-After).
        with _POOL_LOCK:
            hung = _POOL.pop() if _POOL else None
        if hung is not None:
            for process in list((getattr(hung, "_processes", None) or {}).values()):
                process.kill()
            hung.shutdown(wait=False, cancel_futures=True)
        raise PdfBusy from None


def refuse_when_busy(queue: int = DEFAULT_QUEUE) -> None:
    """PdfBusy now if a new render would be refused anyway: the page is not even built for it (an
    8-player sheet with its turn log is tens of milliseconds of the worker's CPU)."""
    if _RENDERING.full(queue):
        raise PdfBusy


def cached_pdf(
    cache: PdfCache,
    html: str,
    static_folder: str,
    static_prefix: str = "/static",
    paper: str = "a4",
    wait: float = DEFAULT_WAIT_SECONDS,
    separate_process: bool = True,
    queue: int = DEFAULT_QUEUE,
    outside: Callable[[], AbstractContextManager[Any]] = nullcontext,
) -> bytes:
    """The PDF of this page from the cache, else rendered (one at a time, in the renderer process
    unless `separate_process` is False, the request `outside` its app thread meanwhile); PdfBusy
    when `queue` others wait already or none starts in time."""
    key = pdf_key(html, static_prefix, paper)
    pdf = cache.get(key)
    if pdf is not None:
        return pdf
    # Rendered here, the PDF is this thread's own work: it keeps its app thread.
    with outside() if separate_process else nullcontext(), _RENDERING.taken(wait, queue):
        pdf = cache.get(key)  # rendered by the request this one waited for
        if pdf is None:
            if separate_process:
                pdf = _render_elsewhere(html, static_folder, static_prefix, paper)
            else:
                pdf = render_pdf(html, static_folder, static_prefix, paper)
            cache.put(key, pdf)
        return pdf
