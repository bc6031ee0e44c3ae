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
)
from rules_support import any_dice, editions

from scorekeeper.rules import BOXES, Game, RuleViolation


class GameMachine(RuleBasedStateMachine):
    """Plays, undoes and corrects turns of one game, checking it against a replay after each step."""

    game: Game

    @initialize(players=st.integers(1, 3), edition=editions)
    def start(self, players, edition):
        self.game = Game([f"P{seat}" for seat in range(players)], edition)

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
            with pytest.raises(RuleViolation, match="There is no turn to undo."):
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
        box = data.draw(st.one_of(st.sampled_from(allowed), st.sampled_from(BOXES)))
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
            assert 13 - len(card.open_boxes) == sum(1 for turn in game.turns if turn.player == seat)
        if not game.is_over:
            assert game.current_player == len(game.turns) % players


GameMachine.TestCase.settings = settings(max_examples=60, stateful_step_count=60, deadline=None)
test_play_undo_and_correct_always_equal_a_replay_from_scratch = GameMachine.TestCase
