"""Stateful test: any mix of play, undo and correct equals a replay of its turns from scratch, any edition."""

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

from scorekeeper.rules import Game, Ruleset, RuleViolation
from tests.support.examples import examples
from tests.support.rule_sheets import EVERY_EDITION, dice_of, turns

Entry = tuple[tuple[int, ...], str, int, int | None]


class GameMachine(RuleBasedStateMachine):
    """Plays, undoes and corrects turns of one game, checking it against a replay after each step."""

    game: Game

    def __init__(self, edition: Ruleset) -> None:
        super().__init__()
        self.edition = edition

    @initialize(players=st.integers(1, 3))
    def start(self, players):
        self.game = Game([f"P{seat}" for seat in range(players)], self.edition)

    @precondition(lambda self: not self.game.is_over)
    @rule(data=st.data())
    def play(self, data):
        seat = self.game.current_player
        card = self.game.cards[seat]
        dice, cell, rolls = data.draw(turns(card))
        options = card.cell_options(dice)
        before = self.game
        self.game = self.game.play(dice, cell.box, cell.column, rolls)
        assert self.game.turns[:-1] == before.turns
        turn = self.game.last_turn
        assert (turn.player, turn.box, turn.column, turn.rolls) == (seat, cell.box, cell.column, rolls)
        assert turn.points == options[cell]

    @precondition(lambda self: not self.game.is_over and self.edition.bank.counted)
    @rule()
    def claim_one_roll_too_many(self):
        most = self.game.most_rolls
        dice = [1] * self.edition.dice_count
        cell = next(iter(self.game.cards[self.game.current_player].cell_options(dice)))
        with pytest.raises(RuleViolation, match=rf"^Only {most} rolls this turn \(3 plus {most - 3} saved\)"):
            self.game.play(dice, cell.box, cell.column, most + 1)

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
    @rule(data=st.data())
    def correct(self, data):
        index = data.draw(st.integers(0, len(self.game.turns) - 1))
        earlier = Game.replay(self.game.players, self.edition, self.entries(self.game)[:index])
        card = earlier.cards[earlier.current_player]
        # Mostly a turn the sheet allowed then, sometimes any cell and any rolls (often refused).
        dice, cell, rolls = data.draw(turns(card))
        if data.draw(st.booleans()):
            dice = data.draw(dice_of(self.edition))
            cell = data.draw(st.sampled_from(self.edition.cells))
            rolls = data.draw(st.sampled_from([None, 0, 1, 2, 3, 4, 7]))
        before = self.game
        try:
            corrected = self.game.correct(index, dice, cell.box, cell.column, rolls)
        except RuleViolation as refusal:
            assert self.game == before
            if card.refusal(cell.box, dice, cell.column, rolls) is None:
                # then only a later turn can be at fault, and it is named
                assert refusal.params["turn"] > index + 1
            return
        entries = self.entries(before)
        entries[index] = (tuple(sorted(dice)), cell.box, cell.column, rolls)
        assert self.entries(corrected) == entries
        self.game = corrected

    @staticmethod
    def entries(game: Game) -> list[Entry]:
        return [turn.entry for turn in game.turns]

    @invariant()
    def replaying_the_turns_from_scratch_gives_the_same_game(self):
        replayed = Game.replay(self.game.players, self.edition, self.entries(self.game))
        assert replayed.cards == self.game.cards
        assert replayed == self.game

    @invariant()
    def turns_and_sheets_agree(self):
        game = self.game
        players = len(game.players)
        for turn in game.turns:
            assert (turn.player, turn.round) == (turn.index % players, turn.index // players + 1)
            assert game.cards[turn.player].points(turn.box, turn.column) == turn.points
        for seat, card in enumerate(game.cards):
            mine = [turn for turn in game.turns if turn.player == seat]
            assert card.yahtzee_bonus == sum(turn.bonus for turn in mine)
            for number, column in enumerate(card.columns, start=1):
                assert column.yahtzee_bonus == sum(turn.bonus for turn in mine if turn.column == number)
            assert game.rounds - len(card.open_cells) == len(mine)
            # The bank is what the player's turns left: never stored, always the replay's.
            assert card.saved_rolls == sum(3 - turn.rolls for turn in mine if turn.rolls is not None)
        if not game.is_over:
            assert game.current_player == len(game.turns) % players
            assert game.saved_rolls == game.cards[game.current_player].saved_rolls

    @invariant()
    def the_editions_own_rules_hold_for_every_turn(self):
        rules = self.edition
        for seat in range(len(self.game.players)):
            mine = [turn for turn in self.game.turns if turn.player == seat]
            for number in range(1, len(rules.columns) + 1):
                boxes = [turn.box for turn in mine if turn.column == number]
                if rules.order.forced:  # each column is filled top to bottom
                    assert boxes == list(rules.box_keys[: len(boxes)])
                assert len(set(boxes)) == len(boxes)  # no box twice in a column
        if rules.extra is None:  # only Hasbro's sheets pay for an extra five of a kind
            assert all(turn.bonus == 0 for turn in self.game.turns)
        if not rules.bank.counted:
            assert all(turn.rolls is None for turn in self.game.turns)
        else:
            assert all(turn.rolls >= 1 for turn in self.game.turns)
            assert all(card.saved_rolls >= 0 for card in self.game.cards)


@pytest.mark.parametrize("edition", EVERY_EDITION, ids=str)
def test_play_undo_and_correct_always_equal_a_replay_from_scratch(edition):
    run_state_machine_as_test(
        lambda: GameMachine(edition),
        settings=settings(max_examples=examples(30), stateful_step_count=60, deadline=None),
    )
