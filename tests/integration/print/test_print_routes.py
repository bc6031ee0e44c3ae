"""The print routes: who may print, what the pages carry, and how the PDF is named."""

from __future__ import annotations

import io
import re
from datetime import date

import pytest
from pypdf import PdfReader

from scorekeeper.web.infra.pdf import BASE_URL, StaticFileFetcher
from scorekeeper.web.views.printing import content_disposition, file_stem


def test_the_print_view_opens_with_the_edit_link_and_the_view_link(client, store_game):
    created = store_game(["Ann", "Bo"], turns=[([1, 1, 1, 2, 3], "ones")], title="Club night")
    for token in (created.edit_token, created.view_token):
        response = client.get(f"/g/{token}/print")
        assert response.status_code == 200
        html = response.get_data(as_text=True)
        assert "Club night" in html and "Ann" in html and "Bo" in html
        assert "In progress: round 1 of 13" in html


@pytest.mark.parametrize("suffix", ["print", "scoresheet.pdf"])
def test_an_unknown_token_gets_not_found(client, suffix):
    assert client.get(f"/g/not-a-game-token/{suffix}").status_code == 404


def test_names_and_titles_are_escaped(client, store_game):
    created = store_game(["<script>x</script>", "Bo"], turns=[], title='<img src=x onerror="y">')
    html = client.get(f"/g/{created.edit_token}/print").get_data(as_text=True)
    assert "<script>x</script>" not in html and "&lt;script&gt;x&lt;/script&gt;" in html
    assert "<img" not in html and "&lt;img src=x" in html


@pytest.mark.parametrize("path", ["/blank-sheet", "/blank-sheet?edition=hasbro-2016"])
def test_the_blank_sheet_is_a_page_of_six_empty_columns(client, path):
    html = client.get(path).get_data(as_text=True)
    assert html.count('class="player"') == 6
    assert html.count('<span class="player-name"></span>') == 6
    assert "turn-log" not in html


def test_the_blank_sheet_lists_each_edition_and_prints_the_one_chosen(client):
    html = client.get("/blank-sheet?edition=yatzy").get_data(as_text=True)
    links = re.findall(r'<a class="print-edition" href="([^"]+)"( aria-current="page")?>([^<]+)</a>', html)
    assert [(href, bool(current)) for href, current, _ in links] == [
        ("/blank-sheet?edition=hasbro-1996", False),
        ("/blank-sheet?edition=hasbro-2016", False),
        ("/blank-sheet?edition=yatzy", True),
        ("/blank-sheet?edition=yatzy-forced", False),
        ("/blank-sheet?edition=maxi-yatzy", False),
        ("/blank-sheet?edition=triple-yahtzee", False),
        ("/blank-sheet?edition=yacht", False),
    ]
    assert [name for *_, name in links][2] == "Yatzy"
    assert [name for *_, name in links][4:] == ["Maxi Yatzy", "Triple Yahtzee", "Yacht"]
    assert '<span class="label-text">One pair</span>' in html and "Aces" not in html
    assert "layout-block" in html and "UPPER SECTION" not in html
    assert 'href="/blank-sheet.pdf?edition=yatzy"' in html
    assert 'href="/blank-sheet.pdf?edition=yatzy&amp;paper=letter"' in html
    default = client.get("/blank-sheet").get_data(as_text=True)
    assert (
        "Aces" in default
        and "layout-pad" in default
        and 'aria-current="page">Yahtzee (classic rules)' in default
    )


@pytest.mark.parametrize(
    "path", ["/blank-sheet?edition=nope", "/blank-sheet.pdf?edition=nope", "/blank-sheet?edition=%3Cb%3E"]
)
def test_an_unknown_edition_gets_a_clear_not_found_that_names_the_editions(client, path):
    response = client.get(path)
    assert response.status_code == 404 and response.mimetype == "text/html"
    html = response.get_data(as_text=True)
    assert "There is no rules edition called" in html
    assert "Yatzy (yatzy)" in html and "(hasbro-1996)" in html
    assert "<b>" not in html


def test_a_yatzy_game_prints_its_own_sheet(client, store_game):
    created = store_game(["Ann", "Bo"], turns=[([1, 1, 2, 3, 4], "one_pair")], edition="yatzy")
    html = client.get(f"/g/{created.view_token}/print").get_data(as_text=True)
    assert "In progress: round 1 of 15" in html and "Yatzy" in html
    assert html.count('<tr class="row-box">') == 15
    assert "YAHTZEE" not in html and "Aces" not in html


def test_print_pages_need_no_inline_style_or_script(client, store_game):
    created = store_game(["Ann", "Bo"])
    for path in (f"/g/{created.edit_token}/print?log=1", "/blank-sheet", "/blank-sheet?edition=yatzy"):
        html = client.get(path).get_data(as_text=True)
        assert not re.search(r"\sstyle\s*=", html, re.I)
        assert not re.search(r"<style", html, re.I)
        assert not re.search(r"\son[a-z]+\s*=", html, re.I)
        for script in re.findall(r"<script[^>]*>", html, re.I):
            assert 'src="' in script


def test_the_turn_log_is_in_the_page_but_hidden_until_ticked(client, store_game):
    created = store_game(["Ann", "Bo"])
    plain = client.get(f"/g/{created.edit_token}/print").get_data(as_text=True)
    ticked = client.get(f"/g/{created.edit_token}/print?log=1").get_data(as_text=True)
    assert re.search(r'<section class="turn-log" id="turn-log" hidden>', plain)
    assert '<section class="turn-log" id="turn-log">' in ticked
    assert 'name="log" value="1" id="print-log" checked' in ticked
    assert 'id="print-log" checked' not in plain
    assert ticked.count("<tr>") - plain.count("<tr>") == 0  # same rows, only shown
    assert "scoresheet.pdf?log=1" in ticked and "scoresheet.pdf?log=1" not in plain


def test_the_print_controls_are_a_plain_get_form(client, store_game):
    created = store_game(["Ann"], turns=[([2, 2, 2, 3, 4], "twos")])
    html = client.get(f"/g/{created.edit_token}/print").get_data(as_text=True)
    form = re.search(r'<form class="print-toolbar no-print" method="get" action="([^"]+)">', html)
    assert form and form.group(1) == f"/g/{created.edit_token}/print"
    assert f'href="/g/{created.edit_token}"' in html  # back to the game


def test_the_pdf_download_is_named_after_the_title_and_the_date(client, store_game):
    created = store_game(["Ann", "Bo"], turns=[], title="Été à Paris")
    response = client.get(f"/g/{created.view_token}/scoresheet.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    day = created.game.created_at.date().isoformat()
    assert response.headers["Content-Disposition"] == (
        f'attachment; filename="Ete-a-Paris-{day}.pdf"; '
        f"filename*=UTF-8''%C3%89t%C3%A9%20%C3%A0%20Paris%20{day}.pdf"
    )
    assert response.data.startswith(b"%PDF-")


def test_a_game_without_a_title_is_named_score_sheet_and_its_date(app):
    with app.test_request_context():
        assert file_stem("", date(2025, 1, 5)) == "Score sheet 2025-01-05"
        assert file_stem("  Friday  ", date(2025, 1, 5)) == "Friday 2025-01-05"


@pytest.mark.parametrize(
    ("stem", "ascii_name", "exact"),
    [
        ('a"b\\c/d\r\ne', "a-b-c-d-e.pdf", "a-b-c-d-e.pdf"),
        ("日本語", "scoresheet.pdf", "%E6%97%A5%E6%9C%AC%E8%AA%9E.pdf"),
        ("..", "scoresheet.pdf", "scoresheet.pdf"),
    ],
)
def test_the_file_name_never_carries_quotes_slashes_or_line_breaks(stem, ascii_name, exact):
    header = content_disposition(stem)
    assert header == f"attachment; filename=\"{ascii_name}\"; filename*=UTF-8''{exact}"
    assert "\n" not in header and "\r" not in header


def test_the_pdf_comes_in_a4_or_us_letter(client, store_game):
    created = store_game(["Ann"], turns=[])
    widths = {}
    for paper in ("a4", "letter", "tabloid"):
        data = client.get(f"/g/{created.edit_token}/scoresheet.pdf?paper={paper}").data
        box = PdfReader(io.BytesIO(data)).pages[0].mediabox
        widths[paper] = (round(float(box.width)), round(float(box.height)))
    assert widths == {"a4": (595, 842), "letter": (612, 792), "tabloid": (595, 842)}


def test_the_blank_sheet_pdf_is_one_page(client):
    response = client.get("/blank-sheet.pdf")
    assert response.status_code == 200
    disposition = response.headers["Content-Disposition"]
    assert 'filename="Blank-score-sheet-Yahtzee-classic-rules.pdf"' in disposition
    assert len(PdfReader(io.BytesIO(response.data)).pages) == 1


def test_the_pdf_renderer_reads_static_files_and_nothing_else(app, tmp_path):
    (tmp_path / "css").mkdir()
    (tmp_path / "css" / "a.css").write_text("p { color: #000 }")
    (tmp_path.parent / "secret.txt").write_text("no")
    fetch = StaticFileFetcher(str(tmp_path), "/static")
    assert fetch.fetch(BASE_URL + "static/css/a.css").read() == b"p { color: #000 }"
    for url in (
        "http://example.com/static/css/a.css",
        BASE_URL + "other/a.css",
        BASE_URL + "static/../secret.txt",
        BASE_URL + "static/%2e%2e/secret.txt",
        BASE_URL + "static/css/missing.css",
        "file:///etc/passwd",
    ):
        with pytest.raises(ValueError):
            fetch.fetch(url)


@pytest.mark.parametrize("app_overrides", [{"RATE_LIMIT_PDF": "2 per minute"}])
def test_pdfs_are_rate_limited_per_game_and_blank_ones_per_address(client, store_game):
    created, other = store_game(["Ann"], turns=[]), store_game(["Bo"], turns=[])
    blank = [client.get("/blank-sheet.pdf").status_code for _ in range(3)]
    assert blank == [200, 200, 429]
    for _ in range(3):  # links that open nothing use no game's budget
        assert client.get("/g/nothing-here/scoresheet.pdf").status_code == 404
    game = [client.get(f"/g/{created.edit_token}/scoresheet.pdf").status_code for _ in range(3)]
    assert game == [200, 200, 429]
    assert client.get(f"/g/{other.edit_token}/scoresheet.pdf").status_code == 200
    assert client.get(f"/g/{created.edit_token}/print").status_code == 200  # the page itself is cheap
