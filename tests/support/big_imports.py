"""The largest table export an import takes, and its upload through the import form of a served app."""

from __future__ import annotations

import http.client
import json
from datetime import UTC, datetime

from scorekeeper.rules import Dice, Game
from scorekeeper.services import interchange, tables
from tests.support.http_phone import Phone
from tests.support.sample_games import entries

PLAYERS = ["Annabelle", "Bo", "Cyrille", "Dee"]
SEEDS = 50  # different games replayed; the file repeats them


def largest_import(games: int = interchange.IMPORT_MAX_GAMES) -> bytes:
    """A table's export of `games` finished four-player games (52 turns each: 52,000 for the most an
    import may hold), as compact JSON (under the import's 8 MB)."""
    replayed = [
        Game.replay(
            PLAYERS,
            "hasbro-1996",
            [(Dice.of(dice), box) for dice, box in entries(4, seed, None, "hasbro-1996")],
        )
        for seed in range(SEEDS)
    ]
    played = [
        tables.PlayedGame(
            id=number,
            title=f"Night {number}",
            created_at=datetime(2026, 1, 1, 20, tzinfo=UTC),
            game=replayed[number % SEEDS],
        )
        for number in range(games)
    ]
    table = tables.LoadedTable(1, "Years of Fridays", datetime(2025, 1, 1, tzinfo=UTC), 0, "view", None, "")
    document = interchange.export_table(tables.TableContents(table=table, games=played))
    return json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode()


def upload(phone: Phone, document: bytes, timeout: float = 300) -> tuple[int, dict[str, str], str]:
    """Send the import form with this file as the phone's browser would (its cookie and CSRF token)."""
    if phone.csrf is None:
        phone.get("/t/import")
    boundary = "----scorekeeper-upload"
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n{phone.csrf}\r\n'
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="table.json"\r\n'
            "Content-Type: application/json\r\n\r\n"
        ).encode()
        + document
        + f"\r\n--{boundary}--\r\n".encode()
    )
    connection = http.client.HTTPConnection(phone.host, phone.port, timeout=timeout)
    try:
        headers = {"Content-Type": f"multipart/form-data; boundary={boundary}", "Cookie": phone.cookie or ""}
        connection.request("POST", "/t/import", body=body, headers=headers)
        response = connection.getresponse()
        text = response.read().decode("utf-8", errors="replace")
        return response.status, {name.lower(): value for name, value in response.getheaders()}, text
    finally:
        connection.close()
