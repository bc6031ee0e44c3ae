"""A game replayed from stored entries: the same game whether replayed whole or played on from one
kept a turn shorter, and a stored entry the rules refuse is named the same way either way."""

from __future__ import annotations

import random

import pytest

from scorekeeper.rules import Game, RuleViolation, find_edition
from scorekeeper.services.entries import replayed, stored_entry
from scorekeeper.storage.records import Entry

RULES = find_edition("hasbro-1996")
PLAYERS = ("Ann", "Bo")


def _entries(turns: int, seed: int) -> list[Entry]:
    rng = random.Random(seed)
    game = Game(PLAYERS, RULES)
    for _ in range(turns):
        dice = tuple(rng.randint(1, 6) for _ in range(5))
        game = game.play(dice, rng.choice(list(game.cards[game.current_player].options(dice))))
    return [stored_entry(RULES, turn) for turn in game.turns]


def _same(left: Game, right: Game) -> None:
    assert left.turns == right.turns
    assert [card.grand_total for card in left.cards] == [card.grand_total for card in right.cards]
    assert left.current_player == right.current_player


def test_a_game_played_on_from_a_kept_shorter_one_is_the_game_replayed_whole():
    entries = _entries(12, seed=1)
    for count in range(len(entries) + 1):  # each ask one entry longer: played on from the one before
        _same(
            replayed(PLAYERS, RULES, entries[:count]),
            Game.replay(
                PLAYERS,
                RULES,
                [(RULES.parse_dice(e.dice), e.box, e.column, e.rolls) for e in entries[:count]],
            ),
        )


def test_an_undone_or_corrected_turn_gives_its_own_game_not_a_kept_one():
    entries = _entries(6, seed=2)
    full = replayed(PLAYERS, RULES, entries)
    undone = replayed(PLAYERS, RULES, entries[:-1])
    assert len(undone.turns) == 5 and len(full.turns) == 6
    other = _entries(6, seed=3)
    corrected = replayed(PLAYERS, RULES, entries[:-1] + other[-1:])
    assert corrected.turns[-1].dice == RULES.parse_dice(other[-1].dice)
    assert replayed(PLAYERS, RULES, entries) is full  # asked again: the kept game


def test_a_refused_stored_entry_is_named_alike_when_played_on_from_a_kept_game():
    entries = _entries(3, seed=4)
    replayed(PLAYERS, RULES, entries)  # kept: the bad entry below is played on from it
    taken = Entry(entries[0].dice, entries[0].box)  # the first player's box, taken again on turn 5
    bad = [*entries, _entries(4, seed=4)[3], taken]
    with pytest.raises(RuleViolation) as kept:
        replayed(PLAYERS, RULES, bad)
    with pytest.raises(RuleViolation) as whole:
        Game.replay(PLAYERS, RULES, [(RULES.parse_dice(e.dice), e.box, e.column, e.rolls) for e in bad])
    assert str(kept.value) == str(whole.value)
    assert "turn 5" in str(kept.value).lower()
