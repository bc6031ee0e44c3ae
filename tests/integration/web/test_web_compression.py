"""Phones get compressed pages, CSS and JS; static files are versioned and cached for a year."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

from tests.support.web_forms import HX, PLAIN_DICE, new_game, post_turn

GZIP = {"Accept-Encoding": "gzip, deflate"}  # what Chromium sends over plain http on the LAN


def assets(page: str) -> list[str]:
    """The CSS and JS URLs a game page links."""
    return re.findall(r'<(?:script src|link rel="stylesheet" href)="([^"]+)"', page)


def get_whole(client, url: str, **headers: str):
    """A GET whose body is read (static files stream from an open file)."""
    with client.get(url, headers=headers) as response:
        response.get_data()
        return response


def test_the_game_page_is_served_gzip_compressed_and_says_it_varies(client):
    token = new_game(client)
    response = client.get(f"/g/{token}", headers=GZIP)
    assert response.headers["Content-Encoding"] == "gzip"
    assert '<h1 class="turn-head">' in gzip.decompress(response.data).decode()
    vary = {value.strip() for value in response.headers["Vary"].split(",")}
    assert {"HX-Request", "Accept-Encoding"} <= vary


def test_an_htmx_fragment_is_compressed_and_keeps_vary_hx_request(client):
    token = new_game(client)
    response = post_turn(client, token, PLAIN_DICE, "chance", 0, headers={**HX, **GZIP})
    assert response.status_code == 200
    assert response.headers["Content-Encoding"] == "gzip"
    fragment = gzip.decompress(response.data).decode()
    assert fragment.startswith('<div id="play"') and "<html" not in fragment
    assert "HX-Request" in response.headers["Vary"] and "Accept-Encoding" in response.headers["Vary"]
    assert "default-src 'self'" in response.headers["Content-Security-Policy"]


def test_the_css_and_htmx_are_served_gzip_compressed_and_decompress_to_the_file(client, app):
    page = client.get(f"/g/{new_game(client)}").get_data(as_text=True)
    urls = [url for url in assets(page) if "app.css" in url or "htmx" in url]
    assert len(urls) == 2, assets(page)
    for url in urls:
        plain = get_whole(client, url)
        packed = get_whole(client, url, **GZIP)
        assert packed.headers["Content-Encoding"] == "gzip", url
        assert gzip.decompress(packed.data) == plain.data
        assert len(packed.data) < len(plain.data) / 2, url
        assert int(packed.headers["Content-Length"]) == len(packed.data)


def test_static_urls_are_versioned_and_cached_for_a_year_only_with_their_version(client):
    page = client.get(f"/g/{new_game(client)}").get_data(as_text=True)
    css = next(url for url in assets(page) if "app.css" in url)
    assert re.fullmatch(r"/static/css/app\.css\?v=[0-9a-f]{10}", css)
    versioned = get_whole(client, css, **GZIP)
    assert "max-age=31536000" in versioned.headers["Cache-Control"]
    assert "immutable" in versioned.headers["Cache-Control"]
    for stale in ("/static/css/app.css", "/static/css/app.css?v=0123456789"):
        assert "max-age=31536000" not in get_whole(client, stale).headers.get("Cache-Control", "")


def test_a_compressed_static_file_answers_304_to_its_own_etag(client):
    page = client.get(f"/g/{new_game(client)}").get_data(as_text=True)
    htmx = next(url for url in assets(page) if "htmx" in url)
    etag = get_whole(client, htmx, **GZIP).headers["ETag"]
    again = get_whole(client, htmx, **GZIP, **{"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b""


def test_the_idle_poll_stays_a_bare_204_without_vary_or_encoding(client):
    token = new_game(client)
    response = client.get(f"/g/{token}/poll?v=0", headers=GZIP)
    assert response.status_code == 204 and response.data == b""
    assert "Content-Encoding" not in response.headers and "Vary" not in response.headers


def test_small_answers_are_not_compressed(client):
    token = new_game(client)
    response = client.get(f"/g/{token}/poll?v=99", headers=GZIP)
    assert response.status_code == 200 and response.json == {"version": 0}
    assert "Content-Encoding" not in response.headers


def test_the_json_export_is_compressed_for_a_phone_that_accepts_gzip(client):
    token = new_game(client, ["Ann", "Bo", "Cy", "Dee"])
    for turn in range(8):
        post_turn(client, token, PLAIN_DICE, ["ones", "twos"][turn // 4], turn)
    response = client.get(f"/g/{token}/export.json", headers=GZIP)
    assert response.headers["Content-Encoding"] == "gzip"
    assert b'"players"' in gzip.decompress(response.data)


def test_css_and_js_are_served_without_their_comments_but_keep_them_on_disk(client, app):
    for name in ("css/app.css", "js/live.js"):
        on_disk = (Path(app.static_folder) / name).read_text(encoding="utf-8")
        with client.get(f"/static/{name}") as response:
            served = response.get_data(as_text=True)
        assert "/*" in on_disk or "\n//" in on_disk, name
        assert "/*" not in served and "\n//" not in served, name
        assert 0 < len(served) < len(on_disk), name
