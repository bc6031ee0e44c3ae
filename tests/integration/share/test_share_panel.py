"""The Share panel: both links with a server-drawn QR code each, for the edit link only."""

from __future__ import annotations

import html
import re
import subprocess

import pytest
import segno

from scorekeeper.storage.tokens import view_token_for
from scorekeeper.web.viewmodels.links import QR_BORDER, QR_SCALE
from tests.support.paths import ROOT

LAN = "http://192.168.1.20:5000"


@pytest.fixture
def game(make_game):
    return make_game(["Ann", "Bo"], turns=[("22456", "twos")])


def panel(body: str) -> str:
    found = re.search(r'<details class="share" id="share">.*?</details>', body, re.S)
    assert found, "no share panel"
    return found.group(0)


def link_field(body: str, kind: str) -> str:
    return html.unescape(re.search(rf'id="share-{kind}-url"[^>]*value="([^"]+)"', body).group(1))


def qr_of(body: str, kind: str) -> str:
    section = re.search(
        rf'<section class="share-link" aria-labelledby="share-{kind}-h".*?</section>', body, re.S
    ).group(0)
    return re.search(r"<svg.*?</svg>", section, re.S).group(0)


def test_the_edit_page_shares_the_edit_link_and_the_derived_view_link(client, game):
    body = panel(client.get(f"/g/{game.edit_token}", base_url=LAN).get_data(as_text=True))
    assert link_field(body, "edit") == f"{LAN}/g/{game.edit_token}"
    assert link_field(body, "view") == f"{LAN}/g/{view_token_for(game.edit_token)}"
    assert view_token_for(game.edit_token) == game.view_token
    assert "Edit link" in body and "View link" in body


@pytest.mark.parametrize("kind", ["edit", "view"])
def test_each_qr_code_is_inline_svg_of_exactly_the_link_beside_it(client, game, kind):
    body = panel(client.get(f"/g/{game.edit_token}", base_url=LAN).get_data(as_text=True))
    url = link_field(body, kind)
    expected = segno.make(url, error="m", micro=False).svg_inline(
        scale=QR_SCALE, border=QR_BORDER, dark="#000", light="#fff", svgclass="qr-code", lineclass=None
    )
    svg = qr_of(body, kind)
    assert svg == expected
    assert not re.search(r"href|src=|<script|style|<image", svg)
    assert f'aria-label="QR code of the {kind} link"' in body


def test_the_link_fields_are_selectable_and_read_only_without_javascript(client, game):
    page = client.get(f"/g/{game.edit_token}").get_data(as_text=True)
    body = panel(page)
    fields = re.findall(r'<input class="share-url"[^>]*>', body, re.S)
    assert len(fields) == 2 and all("readonly" in field and "disabled" not in field for field in fields)
    assert "<button" not in body  # share.js adds the Copy buttons
    assert re.search(r'<script src="/static/js/share\.js\?v=\w+" defer></script>', page)
    assert 'data-copy-label="Copy"' in body


def test_the_view_link_shows_no_share_panel_and_never_the_edit_token(client, game):
    body = client.get(f"/g/{game.view_token}", base_url=LAN).get_data(as_text=True)
    assert 'id="share"' not in body
    assert game.edit_token not in body
    # No form of the game (the language picker is the phone's own setting, not the game's).
    assert re.findall(r'<form[^>]*action="(?!/language")', body) == []


def test_a_public_url_setting_builds_the_links(make_app, database_path, game):
    client = make_app(database_path, PUBLIC_URL="https://yahtzee.example/").test_client()
    body = panel(client.get(f"/g/{game.edit_token}").get_data(as_text=True))
    assert link_field(body, "view") == f"https://yahtzee.example/g/{game.view_token}"
    assert "share-local" not in body


def test_a_page_opened_as_localhost_warns_that_its_links_work_only_here(client, game):
    for base in ("http://localhost:5000", "http://127.0.0.1:5000", "http://[::1]:5000"):
        body = panel(client.get(f"/g/{game.edit_token}", base_url=base).get_data(as_text=True))
        assert "share-local" in body, base
    assert "share-local" not in panel(
        client.get(f"/g/{game.edit_token}", base_url=LAN).get_data(as_text=True)
    )


def test_the_localhost_warning_names_the_lines_make_run_prints(client, game):
    # The warning sends the player to the address `make run` printed: it must quote that script's
    # own labels, never contradict them (a loopback HOST prints no address for phones at all).
    body = html.unescape(
        panel(client.get(f"/g/{game.edit_token}", base_url="http://127.0.0.1:5000").get_data(as_text=True))
    )
    warning = re.search(r'<p class="notice share-local">(.*?)</p>', body, re.S).group(1)
    quoted = re.findall(r"“([^”]+)”", warning)
    script = (ROOT / "scripts" / "print-address.sh").read_text()
    loopback = subprocess.run(
        ["bash", str(ROOT / "scripts" / "print-address.sh"), "5000", "127.0.0.1"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "Phones on the same Wi-Fi" in quoted and "Phones on the same Wi-Fi:" in script
    assert "On this computer only" in quoted and "On this computer only:" in loopback
    assert "make run" in quoted and "HOST" in warning


@pytest.mark.parametrize("capability", ["edit_token", "view_token"])
def test_opening_a_shared_link_adds_the_game_to_this_phones_recent_games(app, game, capability):
    phone = app.test_client()  # another phone: a fresh cookie jar
    token = getattr(game, capability)
    assert f"/g/{token}" not in phone.get("/").get_data(as_text=True)
    assert phone.get(f"/g/{token}").status_code == 200
    assert f'href="/g/{token}"' in phone.get("/").get_data(as_text=True)


FORGED = "evil.example"


def test_with_a_public_url_a_forged_host_is_in_no_link_and_no_qr_code(make_app, database_path, game):
    client = make_app(database_path, PUBLIC_URL=LAN).test_client()
    body = client.get(f"/g/{game.edit_token}", headers={"Host": FORGED}).get_data(as_text=True)
    assert FORGED not in body
    assert link_field(panel(body), "edit") == f"{LAN}/g/{game.edit_token}"
    assert qr_of(body, "edit") == qr_of(client.get(f"/g/{game.edit_token}").get_data(as_text=True), "edit")


def test_trusted_hosts_refuse_a_forged_host_with_a_plain_400(monkeypatch, database_path, game):
    from scorekeeper import create_app
    from tests.conftest import app_config

    monkeypatch.setenv("SCOREKEEPER_TRUSTED_HOSTS", "192.168.1.20, scores.lan")
    app = create_app(app_config(database_path, PUBLIC_URL="https://yahtzee.example"))
    client = app.test_client()
    for host in ("192.168.1.20:5000", "scores.lan", "yahtzee.example"):  # PUBLIC_URL's host is trusted
        assert client.get(f"/g/{game.edit_token}", headers={"Host": host}).status_code == 200, host
    for path in (f"/g/{game.edit_token}", "/", "/t/new"):
        refused = client.get(path, headers={"Host": FORGED})
        assert refused.status_code == 400, path
        assert FORGED not in refused.get_data(as_text=True) and game.edit_token not in refused.get_data(
            as_text=True
        )
        assert refused.headers["X-Content-Type-Options"] == "nosniff"
