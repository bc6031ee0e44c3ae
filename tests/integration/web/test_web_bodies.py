"""Request bodies through Flask's test client: chunked ones held to the size limit, text held to UTF-8.

(tests/e2e/served/test_served_bodies.py sends the same through the server `make run` starts.)
"""

from __future__ import annotations

import io

import pytest

FORM = b"player=Ann&player=Bo&edition=hasbro-1996&action=start&title="


def _chunked(client, body: bytes, path: str = "/new"):
    return client.post(
        path,
        input_stream=io.BytesIO(body),
        content_type="application/x-www-form-urlencoded",
        headers={"Transfer-Encoding": "chunked"},
    )


def test_a_chunked_body_over_the_limit_gets_413_and_records_nothing(client, make_game, loaded):
    game = make_game()
    body = b"box=chance&turn=0&dice=12346&pad=" + b"x" * (17 * 1024)
    response = _chunked(client, body, f"/g/{game.edit_token}/turns")
    assert response.status_code == 413
    assert "Too much at once" in response.get_data(as_text=True)
    assert loaded(game.edit_token).version == 0


def test_an_oversized_new_game_form_gets_413_not_a_fault(client):
    """The new-game page's table note read the refused body again on the 413 page (a 500)."""
    response = client.post(
        "/new", data=FORM + b"x" * (17 * 1024), content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 413
    assert "Too much at once" in response.get_data(as_text=True)
    assert _chunked(client, FORM + b"x" * (17 * 1024)).status_code == 413


def test_a_chunked_body_within_the_limit_is_read_whole(client):
    assert _chunked(client, FORM + b"Chunked").status_code == 303


@pytest.mark.parametrize("body", [b"\xff" + FORM + b"A", FORM + b"Caf%E9", FORM + b"%C3"])
def test_a_form_that_is_not_utf8_gets_a_message_that_says_so(client, body):
    response = client.post("/new", data=body, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 400
    text = response.get_data(as_text=True)
    assert "not valid UTF-8" in text and "expired" not in text


def test_utf8_text_in_a_form_is_fine(client):
    body = FORM + "Café ✓".encode()
    assert client.post("/new", data=body, content_type="application/x-www-form-urlencoded").status_code == 303
