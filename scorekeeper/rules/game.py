"""A whole game: seats in turn order, the ordered turns, and every sheet derived from them.

A turn is its final dice and its box, plus its column where the sheet has several and the rolls
it used where the rules count them (Maxi Yatzy's saved rolls). Every sheet, bonus and bank of
saved rolls is derived by replaying the turns.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .dice import Dice
from .errors import RuleViolation
from .message import N_
from .ruleset import DEFAULT_EDITION, Ruleset, as_edition
from .scorecard import Scorecard

MIN_PLAYERS = 1
MAX_PLAYERS = 8

BAD_PLAYER_COUNT = N_("A game has %(min)d to %(max)d players.")
GAME_OVER = N_("The game is over: every sheet is complete.")
NOTHING_TO_UNDO = N_("There is no turn to undo.")
NO_SUCH_TURN = N_("There is no turn %(turn)d.")
LATER_TURN_ILLEGAL = N_(
    "That change would make turn %(turn)d (round %(round)d, %(player)s) illegal: %(reason)s"
)
TURN_ILLEGAL = N_("Turn %(turn)d (round %(round)d, %(player)s) is illegal: %(reason)s")


@dataclass(frozen=True, slots=True)
class Turn:
    """One recorded turn: who, which final dice, which box in which column, the rolls, what it scored."""

    index: int  # 0-based position in the game's turn list
    player: int  # seat index
    round: int  # 1 to the edition's number of rounds
    dice: Dice
    box: str  # the box's key in the game's ruleset
    points: int
    bonus: int  # the extra bonus these dice earned (100 for a Hasbro extra Yahtzee), else 0
    column: int = 1  # the column (from 1) the box is in
    rolls: int | None = None  # the rolls used, where the rules count them

    @property
    def entry(self) -> tuple[Dice, str, int, int | None]:
        """What a player said for this turn, as Game.play() takes it: dice, box, column, rolls."""
        return self.dice, self.box, self.column, self.rolls


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's place: equal totals share a rank."""

    rank: int
    player: int
    name: str
    total: int
    shared: bool  # another player has the same rank


@dataclass(frozen=True, slots=True, init=False)
class Game:
    """An immutable game; play, undo and correct return a new one."""

    players: tuple[str, ...]
    edition: Ruleset
    turns: tuple[Turn, ...]
    cards: tuple[Scorecard, ...]

    def __init__(self, players: Sequence[str], edition: object = DEFAULT_EDITION) -> None:
        # One name passed alone would otherwise become one player per letter.
        players = (players,) if isinstance(players, str) else tuple(players)
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise RuleViolation(BAD_PLAYER_COUNT, min=MIN_PLAYERS, max=MAX_PLAYERS)
        edition = as_edition(edition)
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "edition", edition)
        object.__setattr__(self, "turns", ())
        object.__setattr__(self, "cards", tuple(Scorecard(edition) for _ in players))

    @classmethod
    def replay(cls, players: Sequence[str], edition: object, entries: Iterable[Sequence[object]]) -> Game:
        """The game that these entries make, in order; RuleViolation names a bad one.

        An entry is (dice, box), or (dice, box, column, rolls) as ``Turn.entry`` gives it.
        """
        return cls(players, edition).continued(entries)

    def continued(self, entries: Iterable[Sequence[object]]) -> Game:
        """This game with these entries played after its own turns, as ``replay`` plays them."""
        game = self
        for entry in entries:
            game = game._play_or_explain(TURN_ILLEGAL, *entry)
        return game

    def _derive(self, turns: tuple[Turn, ...], cards: tuple[Scorecard, ...]) -> Game:
        new = object.__new__(Game)
        object.__setattr__(new, "players", self.players)
        object.__setattr__(new, "edition", self.edition)
        object.__setattr__(new, "turns", turns)
        object.__setattr__(new, "cards", cards)
        return new

    # -- whose turn -------------------------------------------------------------

    @property
    def rounds(self) -> int:
        """Rounds in the game: one per box of the edition's sheet."""
        return self.edition.rounds

    @property
    def is_over(self) -> bool:
        """Every player has filled every box."""
        return len(self.turns) >= self.rounds * len(self.players)

    @property
    def current_player(self) -> int:
        """The seat index of the player to record next (the last seat once the game is over)."""
        if self.is_over:
            return len(self.players) - 1
        return len(self.turns) % len(self.players)

    @property
    def round(self) -> int:
        """The round being played, from 1 (the last round once the game is over)."""
        return min(len(self.turns) // len(self.players) + 1, self.rounds)

    @property
    def last_turn(self) -> Turn | None:
        """The turn recorded last, if any."""
        return self.turns[-1] if self.turns else None

    @property
    def saved_rolls(self) -> int:
        """The rolls the current player has saved (0 where the rules do not count rolls)."""
        return self.cards[self.current_player].saved_rolls

    @property
    def most_rolls(self) -> int | None:
        """The most rolls the current player's turn may use, or None where rolls are not counted."""
        return self.cards[self.current_player].most_rolls

    # -- changing ---------------------------------------------------------------

    def play(self, dice: object, box: object, column: object = None, rolls: object = None) -> Game:
        """Record the current player's final dice in a box (of a column, with the rolls used).

        The column may be left out where the sheet has one; rolls where the rules do not count them.
        """
        if self.is_over:
            raise RuleViolation(GAME_OVER)
        seat = self.current_player
        rules = self.edition
        filled, index, roll, points, bonus = self.cards[seat].write(box, dice, column, rolls)
        turn = Turn(
            index=len(self.turns),
            player=seat,
            round=self.round,
            dice=roll,
            box=rules.box_at(index).key,
            points=points,
            bonus=bonus,
            column=rules.column_of(index),
            rolls=rolls if type(rolls) is int else None,  # write() let only an int or None through
        )
        cards = self.cards[:seat] + (filled,) + self.cards[seat + 1 :]
        return self._derive(self.turns + (turn,), cards)

    def _play_or_explain(self, template: str, *entry: object) -> Game:
        """play(), but a refusal names the turn, round and player it concerns."""
        try:
            return self.play(*entry)
        except RuleViolation as refusal:
            raise RuleViolation(
                template,
                turn=len(self.turns) + 1,
                round=self.round,
                player=self.players[self.current_player],
                reason=refusal.message,
            ) from refusal

    def undo(self) -> Game:
        """The game without its last turn."""
        if not self.turns:
            raise RuleViolation(NOTHING_TO_UNDO)
        return self._replay_first(len(self.turns) - 1)

    def correct(
        self, turn_index: int, dice: object, box: object, column: object = None, rolls: object = None
    ) -> Game:
        """Replace an earlier turn's dice, box, column and rolls, and replay every later turn.

        The corrected turn's own refusal is raised as it is; a later turn that becomes
        illegal raises a RuleViolation naming that turn and player. Nothing changes either way.
        """
        if type(turn_index) is not int or not 0 <= turn_index < len(self.turns):
            raise RuleViolation(NO_SUCH_TURN, turn=turn_index + 1 if type(turn_index) is int else 0)
        corrected = self._replay_first(turn_index).play(dice, box, column, rolls)
        for turn in self.turns[turn_index + 1 :]:
            corrected = corrected._play_or_explain(LATER_TURN_ILLEGAL, *turn.entry)
        return corrected

    def _replay_first(self, count: int) -> Game:
        """This game's first `count` turns replayed from scratch."""
        game = Game(self.players, self.edition)
        for turn in self.turns[:count]:
            game = game.play(*turn.entry)
        return game

    # -- results ----------------------------------------------------------------

    def standings(self) -> list[Standing]:
        """Players by grand total, highest first; equal totals share a rank (1, 1, 3)."""
        totals = [card.grand_total for card in self.cards]
        order = sorted(range(len(self.players)), key=lambda seat: (-totals[seat], seat))
        return [
            Standing(
                rank=1 + sum(1 for other in totals if other > totals[seat]),
                player=seat,
                name=self.players[seat],
                total=totals[seat],
                shared=totals.count(totals[seat]) > 1,
            )
            for seat in order
        ]

    def winners(self) -> list[int]:
        """Seats holding first place: more than one is a shared victory."""
        return [s.player for s in self.standings() if s.rank == 1]

    def rematch_players(self) -> tuple[str, ...]:
        """The seats of a rematch: the same players in the same order, the next one starting (who
        started this game plays last), so the first turn goes round the table game after game."""
        return (*self.players[1:], *self.players[:1])
