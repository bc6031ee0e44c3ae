"""PDFs must not starve turns: one rendering per game version (cached), one at a time per worker,
and a 503 with Retry-After rather than a queue when another is rendering."""

from __future__ import annotations

import os
import threading

import pytest

from scorekeeper.web.infra import pdf

FAKE_PDF = b"%PDF-1.7 fake"


@pytest.fixture
def app_overrides() -> dict[str, object]:
    """Rendered in this process, where the fake renderer below replaces WeasyPrint."""
    return {"RATELIMIT_ENABLED": False, "PDF_SEPARATE_PROCESS": False}


@pytest.fixture
def renders(monkeypatch) -> list[str]:
    """Every rendering the app asks WeasyPrint for (a fake PDF comes back at once)."""
    calls: list[str] = []

    def fake_render(
        html: str, static_folder: str, static_prefix: str = "/static", paper: str = "a4"
    ) -> bytes:
        calls.append(paper)
        return FAKE_PDF + paper.encode()

    monkeypatch.setattr(pdf, "render_pdf", fake_render)
    return calls


def test_a_game_version_is_rendered_once(client, make_game, renders):
    game = make_game(turns=[("12346", "chance")])
    url = f"/g/{game.edit_token}/scoresheet.pdf"
    first, second = client.get(url), client.get(url)
    assert first.status_code == second.status_code == 200
    assert first.data == second.data
    assert renders == ["a4"]
    assert client.get(url + "?paper=letter").status_code == 200
    assert renders == ["a4", "letter"]


def test_a_new_version_of_the_game_is_rendered_anew(client, make_game, renders):
    game = make_game()
    url = f"/g/{game.edit_token}/scoresheet.pdf"
    assert client.get(url).status_code == 200
    recorded = client.post(
        f"/g/{game.edit_token}/turns", data={"dice": "12346", "box": "chance", "turn": "0"}
    )
    assert recorded.status_code == 303
    assert client.get(url).status_code == 200
    assert client.get(url).status_code == 200
    assert len(renders) == 2


def test_a_second_pdf_while_one_renders_gets_503_with_retry_after(
    make_app, database_path, make_game, monkeypatch
):
    app = make_app(database_path, RATELIMIT_ENABLED=False, PDF_WAIT_SECONDS=0.2, PDF_SEPARATE_PROCESS=False)
    first_game, second_game = make_game(), make_game(["Cy", "Di"])
    started, release = threading.Event(), threading.Event()

    def slow_render(
        html: str, static_folder: str, static_prefix: str = "/static", paper: str = "a4"
    ) -> bytes:
        started.set()
        release.wait(10)
        return FAKE_PDF

    monkeypatch.setattr(pdf, "render_pdf", slow_render)
    statuses: list[int] = []
    slow = threading.Thread(
        target=lambda: statuses.append(
            app.test_client().get(f"/g/{first_game.edit_token}/scoresheet.pdf").status_code
        )
    )
    slow.start()
    try:
        assert started.wait(10)
        busy = app.test_client().get(f"/g/{second_game.edit_token}/scoresheet.pdf")
        assert busy.status_code == 503
        assert busy.headers["Retry-After"] == str(pdf.RETRY_AFTER_SECONDS)
        assert "The printer is busy" in busy.get_data(as_text=True)
        # Turns are served meanwhile: the rendering holds the PDF slot, not the app.
        turn = app.test_client().post(
            f"/g/{second_game.edit_token}/turns", data={"dice": "12346", "box": "chance", "turn": "0"}
        )
        assert turn.status_code == 303
    finally:
        release.set()
        slow.join(10)
    assert statuses == [200]


@pytest.mark.slow  # seconds each: make test runs it, the fast loop does not
def test_pdfs_render_in_a_renderer_process_of_lower_priority(make_app, database_path, make_game):
    app = make_app(database_path, RATELIMIT_ENABLED=False, PDF_SEPARATE_PROCESS=True)
    game = make_game(turns=[("12346", "chance")])
    response = app.test_client().get(f"/g/{game.edit_token}/scoresheet.pdf")
    assert response.status_code == 200 and response.data.startswith(b"%PDF")
    renderer = pdf._renderer()
    niceness = renderer.submit(os.nice, 0).result(timeout=30)
    assert niceness >= os.nice(0) + pdf.RENDERER_NICENESS or niceness == 19
    assert renderer.submit(os.getpid).result(timeout=30) != os.getpid()


def test_the_cache_is_bounded_in_bytes_least_recently_used_out_first():
    cache = pdf.PdfCache(max_bytes=10)
    cache.put("a", b"1234")
    cache.put("b", b"1234")
    assert cache.get("a") == b"1234"  # a is now the most recently used
    cache.put("c", b"1234")
    assert cache.get("b") is None and cache.get("a") == b"1234" and cache.get("c") == b"1234"
    cache.put("huge", b"x" * 11)
    assert cache.get("huge") is None and len(cache) == 2


def test_pdfs_beyond_a_short_line_are_told_at_once_and_the_line_is_served_in_turn(monkeypatch):
    """A storm of PDFs never queues: one renders, PDF_QUEUE wait their turn, the rest hear 503 at once."""
    slot = pdf.RenderSlot()
    monkeypatch.setattr(pdf, "_RENDERING", slot)  # the worker's slot, as refuse_when_busy sees it
    inside, release = threading.Event(), threading.Event()
    served: list[str] = []

    def render(name: str) -> None:
        with slot.taken(wait=10, queue=2):
            inside.set()
            release.wait(10)
            served.append(name)

    first = threading.Thread(target=render, args=("first",))
    first.start()
    assert inside.wait(10)
    waiting = [threading.Thread(target=render, args=(name,)) for name in ("second", "third")]
    for thread in waiting:
        thread.start()
    deadline = threading.Event()
    while not slot.full(2) and not deadline.wait(0.01):
        pass
    with pytest.raises(pdf.PdfBusy), slot.taken(wait=10, queue=2):  # at once, not after the 10 s wait
        pass
    with pytest.raises(pdf.PdfBusy):
        pdf.refuse_when_busy(2)
    release.set()
    for thread in [first, *waiting]:
        thread.join(10)
    assert served[0] == "first" and sorted(served[1:]) == ["second", "third"]
    assert not slot.full(2)


def test_a_pdf_waiting_for_the_renderer_steps_out_of_its_app_thread(make_game, client, monkeypatch, renders):
    from contextlib import contextmanager

    stepped_out: list[bool] = []

    @contextmanager
    def released():
        stepped_out.append(True)
        yield

    class Slots:
        pass

    slots = Slots()
    slots.released = released  # what the served app's AppThreads puts in the environ
    monkeypatch.setattr(pdf, "_render_elsewhere", lambda *args: FAKE_PDF)
    client.application.config["PDF_SEPARATE_PROCESS"] = True
    game = make_game()
    answer = client.get(
        f"/g/{game.edit_token}/scoresheet.pdf", environ_base={"scorekeeper.app_threads": slots}
    )
    assert answer.status_code == 200 and stepped_out == [True]
