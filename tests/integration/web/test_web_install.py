"""Installable on a phone: the manifest, its icons, the service worker, the offline page, the favicon."""

from __future__ import annotations

import io
import json
import re

import pytest
from PIL import Image

from scorekeeper.web.infra.security import CONTENT_SECURITY_POLICY
from tests.support.paths import ROOT


def get_whole(client, url: str):
    """A GET whose body is read and whose file is closed (static files stream from an open file)."""
    with client.get(url) as response:
        response.get_data()
        return response


def test_the_manifest_names_the_app_its_icons_start_url_display_and_colour(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200 and response.mimetype == "application/manifest+json"
    manifest = json.loads(response.get_data(as_text=True))
    assert manifest["name"] and manifest["short_name"]
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    sizes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "maskable"), ("512x512", "maskable"), ("192x192", "any"), ("512x512", "any")} <= sizes
    for icon in manifest["icons"]:
        image = get_whole(client, icon["src"])
        assert image.status_code == 200 and image.mimetype == icon["type"] == "image/png"
        width, height = Image.open(io.BytesIO(image.data)).size
        assert f"{width}x{height}" == icon["sizes"]


def test_a_maskable_icon_is_opaque_to_its_edges():
    # A mask (circle, squircle) crops up to the outer 10 %: the background must fill the square.
    with Image.open(ROOT / "static" / "icons" / "icon-512.png") as icon:
        corners = [icon.convert("RGBA").getpixel(xy) for xy in [(0, 0), (511, 0), (0, 511), (511, 511)]]
    assert all(alpha == 255 for *_, alpha in corners)


def test_the_service_worker_is_served_from_the_root_and_precaches_files_that_exist(client):
    response = client.get("/sw.js")
    assert response.status_code == 200 and response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    script = response.get_data(as_text=True)
    precache = json.loads(re.search(r"var PRECACHE = (\[.*?\]);", script).group(1))
    assert "/offline" in precache and any(url.startswith("/static/css/app.css?v=") for url in precache)
    for url in precache:
        assert get_whole(client, url).status_code == 200, url


def test_the_offline_page_says_what_to_do(client):
    response = client.get("/offline")
    assert response.status_code == 200
    assert "No connection" in response.get_data(as_text=True)


def test_favicon_ico_is_served(client):
    response = get_whole(client, "/favicon.ico")
    assert response.status_code == 200 and response.mimetype == "image/vnd.microsoft.icon"
    assert Image.open(io.BytesIO(response.data)).format == "ICO"


@pytest.mark.parametrize(
    "path", ["/", "/new", "/offline", "/blank-sheet", "GAME", "GAME/print", "GAME/history"]
)
def test_every_page_links_the_icons_the_manifest_and_the_worker(client, make_game, path):
    if path.startswith("GAME"):
        path = path.replace("GAME", f"/g/{make_game(['Ann']).edit_token}")
    html = client.get(path).get_data(as_text=True)
    assert '<link rel="icon" href="/favicon.ico"' in html
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert 'data-worker="/sw.js"' in html
    assert re.search(r'<meta name="theme-color" content="#[0-9a-f]{6}">', html)


def test_the_pdf_links_no_icon_and_no_script(client, make_game):
    # WeasyPrint would try to fetch them: the PDF's HTML carries only the sheet and its stylesheet.
    from scorekeeper.web.views import printing

    with client.application.test_request_context("/blank-sheet.pdf"):
        html = printing._render(printing.blank_pad(printing.Ruleset.default()), "x", for_pdf=True)
    assert "favicon" not in html and "<script" not in html and "manifest" not in html
