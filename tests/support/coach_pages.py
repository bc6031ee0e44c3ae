"""Helpers for the coach tests: read what the pages show."""

from __future__ import annotations

import html
import re

from scorekeeper.rules import find_edition

BOXES = find_edition("hasbro-1996").box_keys  # the Hasbro sheet's box keys, in sheet order

HX = {"HX-Request": "true"}
MINUS = "\u2212"

# Thirteen rounds of dice that are never a Yahtzee, so every box takes them without a joker.
ROUND_DICE = [
    "12346",
    "22456",
    "33315",
    "44412",
    "55566",
    "11223",
    "23456",
    "66612",
    "13355",
    "24466",
    "12345",
    "34566",
    "11156",
]


def sheet_order_turns(players: int, rounds: int = 13) -> list[tuple[str, str]]:
    """Every player fills the boxes in sheet order with that round's dice (often not the best box)."""
    return [(ROUND_DICE[r], BOXES[r]) for r in range(rounds) for _ in range(players)]


def text_of(fragment: str) -> str:
    """The words a reader sees in this HTML."""
    return " ".join(html.unescape(re.sub(r"<[^>]*>", " ", fragment)).split())


def box_buttons(page: str) -> dict[str, str]:
    """Each box button of the options, by box, as its HTML."""
    found = {}
    for match in re.finditer(r'<button type="submit" name="box" value="([a-z_]+)"(.*?)</button>', page, re.S):
        found[match.group(1)] = match.group(0)
    return found


def shown_worth(button: str) -> str | None:
    """What a box button says the box is worth from here on ("◆ 23", said "worth from here on, in
    points: 23"), or None."""
    match = re.search(
        r'class="coach-exp"><span class="visually-hidden">worth from here on, in points: </span>'
        r'<span aria-hidden="true">◆ </span>(-?[0-9,]+)<',
        button,
    )
    return match.group(1) if match else None


def worth(value: float, total: int) -> str:
    """A figure from here on as the pages write it in English: rounded, thousands with a comma."""
    return f"{round(value - total):,}"


def shown_win_chance(button: str) -> str | None:
    """The chance to win a box button or keep shows ("41%"), or None."""
    match = re.search(r'class="coach-win">([<>]?\d+%) to win<', button)
    return match.group(1) if match else None


def keep_choices(page: str) -> list[dict]:
    """The keep panel's choices in order: their words, figure, whether marked best, kept faces."""
    choices = []
    for item in re.findall(r'<li class="keep-choice[^"]*">.*?</li>', page, re.S):
        kept = [
            int(face)
            for face in re.findall(r'is-kept"><span class="keep-face"><span class="pips f(\d)', item)
        ]
        rolled = [
            int(face)
            for face in re.findall(r'is-rolled"><span class="keep-face"><span class="pips f(\d)', item)
        ]
        figure = re.search(r'class="coach-exp">worth (-?[0-9,]+) points from here on<', item)
        choices.append(
            {
                "best": 'class="keep-choice is-best"' in item and "coach-best" in item,
                "words": text_of(re.search(r'class="keep-words">(.*?)</span>', item, re.S).group(1)),
                "worth": figure.group(1) if figure else None,
                "chance": shown_win_chance(item),
                "about_equal": "coach-equal" in item,
                "kept": kept,
                "rolled": rolled,
            }
        )
    return choices


def one_decimal(value: float) -> str:
    """A figure as the pages print it in English."""
    return f"{value:,.1f}"


def varied_turns(advisor, players: int, seed: int = 7) -> list[tuple[str, str]]:
    """A whole game with seeded dice and three rolls a turn: seat 0 keeps and chooses as the advisor
    says, the others keep their most common face and take the box worth the most points now."""
    import random
    from collections import Counter

    from scorekeeper.rules import Game

    rng = random.Random(seed)
    game = Game([f"P{i}" for i in range(players)], advisor.edition)
    turns = []
    while not game.is_over:
        card, optimal = game.cards[game.current_player], game.current_player == 0
        dice = tuple(rng.randint(1, 6) for _ in range(5))
        for rolls_left in (2, 1):
            if optimal:
                keep = advisor.best_keep(card, dice, rolls_left)
            else:
                face, count = max(Counter(dice).items(), key=lambda item: (item[1], item[0]))
                keep = (face,) * count
            dice = tuple(keep) + tuple(rng.randint(1, 6) for _ in range(5 - len(keep)))
        options = card.options(dice)
        box = (
            advisor.best_box(card, dice)
            if optimal
            else max(options, key=lambda b: (options[b], -card.edition.box_index(b)))
        )
        game = game.play(dice, box)
        turns.append(("".join(map(str, dice)), str(box)))
    return turns
