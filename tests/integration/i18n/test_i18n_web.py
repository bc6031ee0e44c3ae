"""The table's language: the phone's choice, the picker, a game's own language, each country's box names."""

from __future__ import annotations

import re

import pytest
from babel.dates import format_date
from sqlalchemy import func, select

from scorekeeper.rules import Dice, Message, find_edition
from scorekeeper.services import games
from scorekeeper.storage.models import GameRow
from scorekeeper.web.infra.extensions import babel
from scorekeeper.web.infra.i18n import LANGUAGES, translate, use_vocabulary
from scorekeeper.web.infra.i18n import gettext as i18n_gettext
from scorekeeper.web.viewmodels.advice import one_decimal
from tests.support.catalogues import compile_catalogues
from tests.support.printed_pages import pdf_text


@pytest.fixture(autouse=True, scope="module")
def compiled() -> None:
    """The .mo files the app reads, built from the .po catalogues (as make does before the tests)."""
    compile_catalogues()
    domain = vars(babel).get("domain_instance")  # made by the first request of the run, if any
    if domain is not None:
        domain.cache.clear()  # a page asked before the build would have cached no catalogue


@pytest.fixture
def loaded(db):
    """loaded(token) -> the stored game as the use cases see it."""
    return lambda token: games.load_game(db, token)


def language_of(html: str) -> str:
    found = re.search(r'<html lang="([^"]+)"', html)
    assert found is not None
    return found.group(1)


def visible(html: str) -> str:
    """The page's words without its tags or soft hyphens (enough to look a label up)."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("\u00ad", "")


def create(db, edition="hasbro-1996", language=None, players=("Ann", "Bo"), turns=()):
    created = games.create_game(db, list(players), edition, language=language)
    for index, (dice, box) in enumerate(turns):
        games.record_turn(db, created.edit_token, index, Dice.parse(dice), box)
    return created


# -- choosing the language -------------------------------------------------------------------------


def test_the_browser_language_is_used_until_the_phone_picks_one(client):
    page = client.get("/", headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"})
    assert language_of(page.text) == "de"
    assert "Neues Spiel" in page.text
    assert language_of(client.get("/", headers={"Accept-Language": "pt-BR"}).text) == "en"


def test_the_picker_remembers_the_choice_and_goes_back_to_the_same_page(client):
    answer = client.post("/language", data={"lang": "sv", "next": "/new?x=1"})
    assert answer.status_code == 303
    assert answer.headers["Location"] == "/new?x=1"
    cookie = answer.headers["Set-Cookie"]
    assert cookie.startswith("lang=sv;") and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    page = client.get("/new", headers={"Accept-Language": "de"})  # the phone's choice beats the browser's
    assert language_of(page.text) == "sv"
    assert "Nytt spel" in page.text


@pytest.mark.parametrize(
    "where", ["//evil.example/", "https://evil.example/", "/\\evil.example", "javascript:alert(1)", ""]
)
def test_the_picker_never_sends_the_phone_elsewhere(client, where):
    answer = client.post("/language", data={"lang": "fr", "next": where})
    assert answer.status_code == 303
    assert answer.headers["Location"] == "/"


def test_an_unknown_language_changes_nothing(client):
    answer = client.post("/language", data={"lang": "xx", "next": "/"})
    assert answer.status_code == 303
    assert "Set-Cookie" not in answer.headers
    client.set_cookie("lang", "xx")  # a cookie made by hand is ignored too
    assert language_of(client.get("/").text) == "en"


def test_every_page_shows_the_picker_with_the_current_language_marked(client, db):
    created = create(db)
    client.set_cookie("lang", "es")
    for path in (
        "/",
        "/new",
        f"/g/{created.edit_token}",
        f"/g/{created.view_token}",
        "/blank-sheet",
        "/nothing",
    ):
        page = client.get(path)
        form = re.search(
            r'<form class="language-picker" method="post" action="/language".*?</form>', page.text, re.S
        )
        assert form is not None, path
        buttons = re.findall(r'<button type="submit" name="lang" value="(\w+)"', form.group(0))
        assert tuple(buttons) == LANGUAGES, path
        assert 'value="es" lang="es" aria-current="true"' in form.group(0), path
        assert f'name="next" value="{path}"' in form.group(0), path


def test_the_picker_needs_no_form_token(make_app, database_path):
    app = make_app(database_path, WTF_CSRF_ENABLED=True)
    answer = app.test_client().post("/language", data={"lang": "de", "next": "/"})
    assert answer.status_code == 303 and "lang=de" in answer.headers["Set-Cookie"]


def test_pages_tell_caches_they_vary_by_language(client):
    vary = client.get("/").headers["Vary"]
    assert "Cookie" in vary and "Accept-Language" in vary


# -- a game's own language -------------------------------------------------------------------------


@pytest.mark.slow  # seconds each: make test runs it, the fast loop does not
def test_a_german_games_printout_is_german_whatever_phone_prints_it(client, db, tmp_path):
    created = create(db, language="de")
    client.set_cookie("lang", "fr")
    assert language_of(client.get(f"/g/{created.edit_token}").text) == "fr"  # the phone plays in French
    printed = client.get(f"/g/{created.edit_token}/print")
    assert language_of(printed.text) == "de"
    assert "KNIFFEL" in printed.text and "Brelan" not in printed.text
    assert format_date(created.game.created_at, "medium", locale="de") in printed.text  # 30.11.2026
    board = client.get(f"/g/{created.view_token}")  # the TV board
    assert language_of(board.text) == "de"
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(client.get(f"/g/{created.edit_token}/scoresheet.pdf").data)
    text = pdf_text(pdf)[0].replace("\u00ad", "")
    assert "Dreierpasch" in text and "Brelan" not in text


def test_the_game_pages_own_printout_is_in_the_games_language_too(client, db):
    created = create(db, language="de")
    client.set_cookie("lang", "fr")
    page = client.get(f"/g/{created.edit_token}").text
    screen, paper = page.split('<div class="print-sheet', 1)  # the copy the browser's Print prints
    assert "Brelan" in screen and "Kniffel" not in screen  # the phone plays in French
    assert "KNIFFEL" in paper and "Datum" in paper and "Brelan" not in paper


def test_a_game_without_a_language_prints_in_each_phones_own(client, db):
    created = create(db)
    client.set_cookie("lang", "es")
    printed = client.get(f"/g/{created.edit_token}/print")
    assert language_of(printed.text) == "es"
    assert "Esc. larga" in printed.text


def test_the_new_game_form_offers_the_phones_language_and_stores_the_choice(client, loaded):
    client.set_cookie("lang", "sv")
    form = client.get("/new").text
    assert re.search(r'<option value="sv" lang="sv" selected>', form)
    answer = client.post(
        "/new", data={"player": ["Ann", "Bo"], "edition": "yatzy", "language": "de", "action": "start"}
    )
    assert answer.status_code == 303
    token = answer.headers["Location"].rsplit("/", 1)[1]
    assert loaded(token).language == "de"
    rematch = client.post(f"/g/{token}/rematch")
    assert loaded(rematch.headers["Location"].rsplit("/", 1)[1]).language == "de"


def test_each_phones_own_language_can_be_chosen_for_a_game(client, loaded):
    answer = client.post(
        "/new", data={"player": ["Ann"], "edition": "hasbro-1996", "language": "", "action": "start"}
    )
    assert loaded(answer.headers["Location"].rsplit("/", 1)[1]).language is None


def test_an_unknown_game_language_is_refused_and_nothing_is_created(client, db):
    client.set_cookie("lang", "fr")
    answer = client.post(
        "/new", data={"player": ["Ann"], "edition": "yatzy", "language": "xx", "action": "start"}
    )
    assert answer.status_code == 422
    assert "Choisissez l\u2019une des langues." in answer.text
    with db() as session:
        assert session.execute(select(func.count()).select_from(GameRow)).scalar_one() == 0


# -- each country's sheet --------------------------------------------------------------------------

SHEETS = {
    # German Kniffel block
    ("de", "hasbro-1996"): [
        "Einser", "Zweier", "Dreier", "Vierer", "Fünfer", "Sechser", "Dreierpasch", "Viererpasch",
        "Full House", "Kl. Straße", "Gr. Straße", "KNIFFEL", "Chance", "bei 63 oder mehr",
    ],
    # French sheet
    ("fr", "hasbro-1996"): [
        "As", "Deux", "Trois", "Quatre", "Cinq", "Six", "Brelan", "Carré", "Full", "Pte suite", "Gde suite",
        "YAHTZEE", "Chance", "PRIME",
    ],
    # Swedish Yatzy block
    ("sv", "yatzy"): [
        "Ettor", "Tvåor", "Treor", "Fyror", "Femmor", "Sexor", "Summa", "Bonus", "Ett par", "Två par",
        "Tretal", "Fyrtal", "Liten stege", "Stor stege", "Kåk", "Chans", "Yatzy",
    ],
    # Spanish sheet
    ("es", "hasbro-1996"): [
        "Unos", "Doses", "Treses", "Cuatros", "Cincos", "Seises", "Trío", "Póquer", "Full", "Esc. corta",
        "Esc. larga", "YAHTZEE", "Chance",
    ],
}  # fmt: skip


@pytest.mark.parametrize(("language", "edition"), list(SHEETS), ids=lambda v: str(v))
def test_the_sheet_prints_the_box_names_of_that_countrys_sheets(client, language, edition):
    client.set_cookie("lang", language)
    text = visible(client.get(f"/blank-sheet?edition={edition}").text)
    missing = [
        label
        for label in SHEETS[language, edition]
        if not re.search(rf"(?<!\w){re.escape(label)}(?!\w)", text)
    ]
    assert missing == []


def test_german_yatzy_words_its_boxes_apart_from_kniffel(client, db):
    client.set_cookie("lang", "de")
    yatzy = visible(client.get(f"/g/{create(db, find_edition('yatzy')).edit_token}").text)
    kniffel = visible(client.get(f"/g/{create(db).edit_token}").text)
    assert "Drilling" in yatzy and "Vierling" in yatzy and "Dreierpasch" not in yatzy
    assert "Dreierpasch" in kniffel and "Kniffel" in kniffel and "Drilling" not in kniffel


def test_a_joker_refusal_is_in_the_players_language(client, db):
    created = create(db, players=("Ann",), turns=[("66666", "yahtzee")])
    client.set_cookie("lang", "de")
    page = client.post(f"/g/{created.edit_token}/options", data={"dice": "66666"})
    assert "Joker-Regel: Fünf 6 müssen in Sechser, solange Sechser frei ist." in page.text


# -- plurals and numbers ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "counts"),
    [
        ("en", {0: "0 bonuses", 1: "1 bonus", 2: "2 bonuses"}),
        ("fr", {0: "0 prime", 1: "1 prime", 2: "2 primes"}),  # French: 0 is singular
        ("sv", {0: "0 bonusar", 1: "1 bonus", 2: "2 bonusar"}),
        ("de", {0: "0 Boni", 1: "1 Bonus", 2: "2 Boni"}),
    ],
)
def test_plural_forms_come_from_the_catalogue(app, language, counts):
    with app.test_request_context(headers={"Accept-Language": language}):
        said = {n: translate(Message("%(num)d bonus", {"num": n}, plural="%(num)d bonuses")) for n in counts}
    assert said == counts


@pytest.mark.parametrize(
    ("language", "one", "three"),
    [
        ("de", "Das ist 1 Würfel; gib alle fünf ein.", "Das sind 3 Würfel; gib genau fünf ein."),
        (
            "fr",
            "Cela fait 1 dé\u00a0; saisissez les cinq.",
            "Cela fait 3 dés\u00a0; saisissez-en exactement cinq.",
        ),
        ("sv", "Det är 1 tärning; ange alla fem.", "Det är 3 tärningar; ange exakt fem."),
        ("es", "Es 1 dado; introduce los cinco.", "Son 3 dados; introduce exactamente cinco."),
    ],
)
def test_the_engines_refusals_with_two_forms_are_translated_in_the_right_form(
    client, db, language, one, three
):
    # The engine marks its singular and plural one by one (N_): each is a catalogue entry of its own,
    # and the language's plural rule picks between them (these were shown in English before).
    created = create(db)
    client.set_cookie("lang", language)
    for dice, said in (("1", one), ("123", three)):
        page = client.post(f"/g/{created.edit_token}/options", data={"dice": dice})
        assert page.status_code == 422
        assert said in page.text.replace("&nbsp;", "\u00a0"), dice


@pytest.mark.parametrize(
    ("language", "written"), [("en", "1,236.5"), ("de", "1.236,5"), ("fr", "1\u202f236,5")]
)
def test_numbers_are_written_the_languages_way(app, language, written):
    with app.test_request_context(headers={"Accept-Language": language}):
        assert one_decimal(1236.5) == written


def test_the_swedish_maxi_yatzy_block_says_par_and_shares_yatzys_words_otherwise(app):
    # The block as the issue lists it (maxiyatzy.com's Swedish words), lower section in sheet order.
    block = [
        "Par", "Två par", "Tre par", "Tretal", "Fyrtal", "Femtal", "Liten stege", "Stor stege",
        "Full stege", "Kåk", "Villa", "Torn", "Chans", "Maxi Yatzy",
    ]  # fmt: skip
    maxi, yatzy = find_edition("maxi-yatzy"), find_edition("yatzy")
    with app.test_request_context(headers={"Accept-Language": "sv"}):
        use_vocabulary(maxi)
        assert [i18n_gettext(box.name) for box in maxi.lower_boxes] == block
    with app.test_request_context(headers={"Accept-Language": "sv"}):
        use_vocabulary(yatzy)
        assert i18n_gettext(yatzy.box("one_pair").name) == "Ett par"
    with app.test_request_context(headers={"Accept-Language": "de"}):
        use_vocabulary(maxi)
        names = [i18n_gettext(maxi.box(key).name) for key in ("one_pair", "three_of_a_kind")]
        assert names == ["Ein Paar", "Drilling"]  # Yatzy's German words, through the second context
