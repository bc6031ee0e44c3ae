"""The access log as served (scorekeeper.server.serve): routes and statuses, never a game's token."""

from __future__ import annotations

import time

from tests.support.http_phone import Phone


def test_the_served_access_log_shows_routes_and_no_token(live_server):
    phone = Phone(live_server)
    token = phone.new_game(["Ann", "Bo"])
    phone.get(f"/g/{token}", headers={"Referer": f"{live_server.url}/g/{token}"})
    phone.post(f"/g/{token}/turns", {"dice": "12346", "box": "chance", "turn": "0"})
    phone.get(f"/g/{token}/poll?v=0")
    phone.get(f"/g/{token}/no-such-page")
    live_server.process.send_signal(0)  # still running
    lines = _logged(live_server, expected=5)
    text = "\n".join(lines)
    assert token not in text
    assert '"GET /g/<token>"' in text
    assert '"POST /g/<token>/turns" 303' in text
    assert '"GET /g/<token>/poll" 200' in text
    assert '"GET /g/<token>/no-such-page" 404' in text
    assert token not in live_server.error_log.read_text()


def _logged(server, expected: int, timeout: float = 60.0) -> list[str]:
    """The access log's lines once at least `expected` have been written (it is buffered)."""
    deadline = time.monotonic() + timeout
    lines: list[str] = []
    while time.monotonic() < deadline:
        lines = server.access_log.read_text().splitlines()
        if len(lines) >= expected and any("no-such-page" in line for line in lines):
            break
        time.sleep(0.05)
    return lines
