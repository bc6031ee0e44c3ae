"""The review page: each box against the best, points lost, the costliest decisions, the chart."""

from __future__ import annotations

import re

from scorekeeper.advisor import review_game
from scorekeeper.rules import find_edition
from tests.support.coach_pages import MINUS, one_decimal, sheet_order_turns, text_of


def sections(page: str) -> list[str]:
    """Each player's section of the review, in seat order."""
    return re.findall(r'<section class="card review-player".*?</section>', page, re.S)


def lost(value: float) -> str:
    text = one_decimal(value)
    return text if text == "0.0" else MINUS + text


def about_points(value: float) -> str:
    points = round(value)
    return "less than a point" if points < 1 else f"about {points} point{'s' if points > 1 else ''}"


def test_a_finished_games_review_shows_review_games_figures_for_every_player(client, make_game, advisor):
    created = make_game(["Ann", "Bo"], turns=sheet_order_turns(2))
    assert created.game.game.is_over and not created.game.coach  # over: open without the coach
    reviews = review_game(created.game.game, {"hasbro-1996": advisor})

    def name(key):
        return find_edition("hasbro-1996").box(key).name

    response = client.get(f"/g/{created.edit_token}/review")
    assert response.status_code == 200
    found = sections(response.get_data(as_text=True))
    assert len(found) == 2
    for review, section in zip(reviews, found, strict=True):
        words = text_of(section)
        assert words.startswith(review.name)
        assert (
            f"Expected points lost: {one_decimal(review.total_regret)} over 13 turns, "
            f"{one_decimal(review.mean_regret)} per turn."
        ) in words
        points_list = re.search(r'<ol class="costly">(.*?)</ol>', section, re.S).group(1)
        costly = [text_of(item) for item in re.findall(r"<li>(.*?)</li>", points_list, re.S)]
        assert costly == [
            f"Round {t.round}: {name(t.box)} instead of {name(t.best_box)} cost {about_points(t.regret)}"
            for t in review.costliest(3)
        ]
        assert len(costly) == 3
        rows = re.findall(r"<tr class=\"is-(?:best|lossy)\">(.*?)</tr>", section, re.S)
        assert len(rows) == 13
        for turn, row in zip(review.turns, rows, strict=True):
            cells = [text_of(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            assert cells[0] == str(turn.round)
            assert cells[1] == "".join(map(str, turn.dice))
            assert cells[2] == f"{name(turn.box)} {turn.points}"
            assert cells[4] == lost(turn.regret)
            if lost(turn.regret) != "0.0":
                assert cells[3] == name(turn.best_box)


def test_the_chart_has_one_line_per_player_from_the_start_to_the_final_score(client, make_game, advisor):
    created = make_game(["Ann", "Bo", "Cy"], turns=sheet_order_turns(3))
    page = client.get(f"/g/{created.edit_token}/review").get_data(as_text=True)
    svg = re.search(r'<svg class="chart".*?</svg>', page, re.S).group(0)
    lines = re.findall(r'<polyline points="([^"]+)"[^>]*?(?:stroke-dasharray="([^"]+)")?/>', svg)
    assert len(lines) == 3
    assert all(len(points.split()) == 14 for points, _dash in lines)  # start + 13 turns
    assert len({dash for _points, dash in lines}) == 3  # told apart without colour
    starts = {points.split()[0] for points, _dash in lines}
    assert len(starts) == 1  # every player starts at a new game's expected score
    legend = text_of(re.search(r'<ul class="legend">.*?</ul>', page, re.S).group(0))
    assert legend == "Ann Bo Cy"
    assert " style=" not in page and "<script>" not in page


def test_the_chart_ends_each_line_at_the_players_final_score(client, make_game, advisor):
    created = make_game(["Ann"], turns=sheet_order_turns(1))
    reviews = review_game(created.game.game, {"hasbro-1996": advisor})
    assert reviews[0].series[-1] == created.game.game.cards[0].grand_total
    page = client.get(f"/g/{created.edit_token}/review").get_data(as_text=True)
    ticks = {
        label: float(y)
        for y, label in re.findall(r'<text x="\d+" y="([\d.]+)" text-anchor="end">(\d+)</text>', page)
    }
    assert len(ticks) >= 2  # a labelled score axis


def test_during_a_game_with_the_coach_on_the_review_covers_the_turns_so_far(client, make_game, advisor):
    created = make_game(["Ann", "Bo"], turns=sheet_order_turns(2, rounds=4)[:7], coach=True)
    page = client.get(f"/g/{created.view_token}/review").get_data(as_text=True)  # view links may read it
    found = sections(page)
    assert [len(re.findall(r'<tr class="is-', s)) for s in found] == [4, 3]
    assert "round 4 of 13" in text_of(page)
    game_page = client.get(f"/g/{created.edit_token}").get_data(as_text=True)
    assert f'href="/g/{created.edit_token}/review"' in game_page
    # The TV board (the view link) offers none: nobody reviews from across the room.
    assert "/review" not in client.get(f"/g/{created.view_token}").get_data(as_text=True)


def test_during_a_game_without_the_coach_the_review_waits_for_the_end(client, make_game):
    created = make_game(["Ann", "Bo"], turns=sheet_order_turns(2, rounds=2))
    response = client.get(f"/g/{created.edit_token}/review")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert sections(page) == [] and "<svg" not in page
    assert "The review opens when the game is over" in text_of(page)


def test_the_game_over_page_links_the_review_for_edit_and_view_links(client, make_game):
    created = make_game(["Ann"], turns=sheet_order_turns(1))
    for token in (created.edit_token, created.view_token):
        page = client.get(f"/g/{token}").get_data(as_text=True)
        assert f'href="/g/{token}/review"' in page


def test_a_wrong_token_has_no_review(client, make_game):
    make_game()
    assert client.get(f"/g/{'A' * 32}/review").status_code == 404


def test_names_in_the_review_are_escaped(client, make_game):
    created = make_game(["<i>Ann</i>", "Bo & Co"], turns=sheet_order_turns(2))
    page = client.get(f"/g/{created.edit_token}/review").get_data(as_text=True)
    assert "<i>Ann</i>" not in page
    assert "&lt;i&gt;Ann&lt;/i&gt;" in page and "Bo &amp; Co" in page
