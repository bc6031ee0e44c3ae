"""Stateful test: any mix of play, undo and correct equals replaying its turns from scratch."""

from __future__ import annotations

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from scorekeeper.rules import Edition, Game, RuleViolation
from tests.support.examples import examples
from tests.support.rule_sheets import EDITIONS, any_dice


class GameMachine(RuleBasedStateMachine):
    """Plays, undoes and corrects turns of one game, checking it against a replay after each step."""

    game: Game

    def __init__(self, edition: Edition) -> None:
        super().__init__()
        self.edition = edition

    @initialize(players=st.integers(1, 3))
    def start(self, players):
        self.game = Game([f"P{seat}" for seat in range(players)], self.edition)

    @precondition(lambda self: not self.game.is_over)
    @rule(dice=any_dice, data=st.data())
    def play(self, dice, data):
        seat = self.game.current_player
        options = self.game.cards[seat].options(dice)
        box = data.draw(st.sampled_from(list(options)))
        before = self.game
        self.game = self.game.play(dice, box)
        assert self.game.turns[:-1] == before.turns
        assert self.game.last_turn.player == seat
        assert self.game.last_turn.points == options[box]

    @rule()
    def undo(self):
        if not self.game.turns:
            with pytest.raises(RuleViolation, match=r"^There is no turn to undo\.$"):
                self.game.undo()
            return
        before = self.game
        self.game = self.game.undo()
        assert self.game.turns == before.turns[:-1]

    @precondition(lambda self: self.game.turns)
    @rule(dice=any_dice, data=st.data())
    def correct(self, dice, data):
        index = data.draw(st.integers(0, len(self.game.turns) - 1))
        # Mostly a box the sheet allowed at that turn, sometimes any box (often refused).
        earlier = Game.replay(self.game.players, self.game.edition, self.entries(self.game)[:index])
        allowed = list(earlier.cards[earlier.current_player].options(dice))
        box = data.draw(st.one_of(st.sampled_from(allowed), st.sampled_from(self.edition.box_keys)))
        before = self.game
        try:
            corrected = self.game.correct(index, dice, box)
        except RuleViolation as refusal:
            assert self.game == before
            if box in allowed:  # then only a later turn can be at fault, and it is named
                assert refusal.params["turn"] > index + 1
            return
        entries = self.entries(before)
        entries[index] = (tuple(sorted(dice)), box)
        assert self.entries(corrected) == entries
        self.game = corrected

    @staticmethod
    def entries(game: Game) -> list[tuple[tuple[int, ...], object]]:
        return [(turn.dice, turn.box) for turn in game.turns]

    @invariant()
    def replaying_the_turns_from_scratch_gives_the_same_game(self):
        replayed = Game.replay(self.game.players, self.game.edition, self.entries(self.game))
        assert replayed.cards == self.game.cards
        assert replayed == self.game

    @invariant()
    def turns_and_sheets_agree(self):
        game = self.game
        players = len(game.players)
        for turn in game.turns:
            assert (turn.player, turn.round) == (turn.index % players, turn.index // players + 1)
            assert game.cards[turn.player].points(turn.box) == turn.points
        for seat, card in enumerate(game.cards):
            bonuses = sum(turn.bonus for turn in game.turns if turn.player == seat)
            assert card.yahtzee_bonus == bonuses
            filled = game.rounds - len(card.open_boxes)
            assert filled == sum(1 for turn in game.turns if turn.player == seat)
        if not game.is_over:
            assert game.current_player == len(game.turns) % players

    @invariant()
    def the_editions_own_rules_hold_for_every_turn(self):
        rules = self.game.rules
        for seat in range(len(self.game.players)):
            boxes = [turn.box for turn in self.game.turns if turn.player == seat]
            if rules.forced_order:  # each player's sheet is filled top to bottom
                assert boxes == list(rules.box_keys[: len(boxes)])
            assert len(set(boxes)) == len(boxes)  # no box twice
        if rules.extra is None:  # only Hasbro pays for an extra five of a kind
            assert all(turn.bonus == 0 for turn in self.game.turns)
            assert all(card.yahtzee_bonus == 0 for card in self.game.cards)


@pytest.mark.parametrize("edition", EDITIONS, ids=str)
def test_play_undo_and_correct_always_equal_a_replay_from_scratch(edition):
    run_state_machine_as_test(
        lambda: GameMachine(edition),
        settings=settings(max_examples=examples(30), stateful_step_count=60, deadline=None),
    )
