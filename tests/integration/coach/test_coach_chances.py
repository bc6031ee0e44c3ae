"""Each player's chance to win on the game page and the TV board while the coach is on, and in the review.

The forced-order edition is used: its few states are always followed exactly, so no chance table
is needed and every figure on the page can be checked against Advisor.win_chances. One Hasbro game,
with a stand-in chance table, checks that early curves are read from it.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from scorekeeper.advisor import win_chances
from scorekeeper.advisor.distribution import Distributions
from scorekeeper.advisor.spectrum import STEP, Spectra
from scorekeeper.rules import find_edition
from scorekeeper.services import games
from tests.support.coach_pages import HX, text_of

FORCED = "yatzy-forced"


@pytest.fixture
def app_overrides(advisor_tables, forced) -> dict[str, object]:
    """The app reads the run's tables, the forced edition's among them."""
    return {"ADVISOR_DIR": str(advisor_tables)}


def _turns(count: int, players: int = 3) -> list[tuple[str, str]]:
    """`count` turns of `players` players in sheet order (the forced order), with varied dice."""
    keys = find_edition(FORCED).box_keys
    dice = ["11123", "22245", "33312", "44456", "55516", "66623", "11223"]
    return [(dice[i % len(dice)], keys[i // players]) for i in range(count)]


def _shown(page: str) -> list[tuple[str, str]]:
    """(name, percentage) of each player in the chances section, in seat order."""
    section = re.search(r'<section class="chances".*?</section>', page, re.S)
    if section is None:
        return []
    return [
        (text_of(name), text_of(pct))
        for name, pct in re.findall(
            r'<span class="chance-name">(.*?)</span>\s*<span class="chance-pct">(.*?)</span>',
            section.group(0),
            re.S,
        )
    ]


def _percent(value: float) -> str:
    if 0 < value < 0.005:
        return "<1%"
    if 0.995 < value < 1:
        return ">99%"
    return f"{round(100 * value)}%"


def test_the_game_page_and_the_board_show_the_advisors_chances(client, make_game, db, forced):
    created = make_game(["Ann", "Bo", "Cy"], _turns(7), edition=FORCED, coach=True)
    cards = list(games.load_game(db, created.edit_token).game.cards)
    expected = [
        (name, _percent(c)) for name, c in zip(["Ann", "Bo", "Cy"], forced.win_chances(cards), strict=True)
    ]
    for token in (created.edit_token, created.view_token):  # the game page, then the TV board
        page = client.get(f"/g/{token}").get_data(as_text=True)
        assert _shown(page) == expected
        assert "if everyone plays the coach's way from here" in text_of(page)
        bars = re.findall(r'<rect class="chance-fill" width="([\d.]+)"', page)
        assert [float(b) for b in bars] == pytest.approx(forced.win_chances(cards), abs=1e-4)


def test_recording_a_turn_updates_the_chances_in_the_htmx_fragment_and_the_plain_page(
    client, make_game, db, forced
):
    created = make_game(["Ann", "Bo", "Cy"], _turns(6), edition=FORCED, coach=True)
    before = _shown(client.get(f"/g/{created.edit_token}").get_data(as_text=True))
    dice, box = _turns(7)[6]
    form = {"dice": dice, "box": box, "turn": "6"}
    fragment = client.post(f"/g/{created.edit_token}/turns", data=form, headers=HX).get_data(as_text=True)
    cards = list(games.load_game(db, created.edit_token).game.cards)
    after = [
        (name, _percent(c)) for name, c in zip(["Ann", "Bo", "Cy"], forced.win_chances(cards), strict=True)
    ]
    assert _shown(fragment) == after
    assert after != before
    page = client.get(f"/g/{created.edit_token}").get_data(
        as_text=True
    )  # without JavaScript: the page itself
    assert _shown(page) == after


def test_with_the_coach_off_or_the_game_over_no_chances_show(client, make_game):
    off = make_game(["Ann", "Bo"], _turns(4, players=2), edition=FORCED, coach=False)
    rounds = find_edition(FORCED).rounds
    over = make_game(["Ann", "Bo"], _turns(2 * rounds, players=2), edition=FORCED, coach=True)
    assert over.game.game.is_over
    for token in (off.edit_token, off.view_token, over.edit_token, over.view_token):
        page = client.get(f"/g/{token}").get_data(as_text=True)
        assert 'class="chances"' not in page
        assert "coach's way" not in page


def test_the_review_draws_the_chances_and_splits_luck_from_choices(client, make_game, db, forced):
    created = make_game(["Ann", "Bo", "Cy"], _turns(9), edition=FORCED, coach=True)
    page = client.get(f"/g/{created.edit_token}/review").get_data(as_text=True)
    assert "Chance to win after each round" in text_of(page)
    chart = page.split('id="chances-h"', 1)[1].split("</svg>", 1)[0]
    assert chart.count("<polyline") == 3
    assert "keeping decisions are counted with the dice" in text_of(page)
    words = text_of(page)
    assert words.count("The dice gave ") + words.count("The dice were about average for") == 3
    assert "Luck against choices" not in words and "expected points" not in words


def test_early_chances_come_from_the_chance_table_with_no_mark_of_an_estimate(
    client, make_game, db, advisor, monkeypatch
):
    """Hasbro, a round played: every sheet's curve is read from the chance table (here a stand-in:
    every state's spectrum a normal curve's), and the page shows exactly the chances it gives."""
    grid = 1024
    k = np.arange(grid // STEP)
    normal = np.exp(-2j * np.pi * k * 150 / grid - 0.5 * (2 * np.pi * k * 30 / grid) ** 2)
    every_state = np.zeros(int(np.prod(advisor.points.shape)), dtype=np.int32)  # all read row 0
    stand_in = Spectra.of_rows([normal.astype(np.complex64)], every_state, grid)
    monkeypatch.setattr(advisor, "_distributions", Distributions(advisor, stand_in))
    turns = [("11123", "ones"), ("22245", "twos"), ("66612", "sixes")]
    created = make_game(["Ann", "Bo", "Cy"], turns, edition="hasbro-1996", coach=True)
    cards = list(games.load_game(db, created.edit_token).game.cards)

    page = client.get(f"/g/{created.edit_token}").get_data(as_text=True)
    chances = win_chances([advisor.score_distribution(card) for card in cards])
    assert len(set(chances)) == 3  # the sheets differ: the figures are the cards', not the stand-in's
    expected = [(n, _percent(c)) for n, c in zip(["Ann", "Bo", "Cy"], chances, strict=True)]
    assert _shown(page) == expected
    assert "≈" not in text_of(page)
