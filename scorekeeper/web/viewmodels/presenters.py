"""What the game page shows besides the sheet (sheet.py), read from the engine: no rule, no total."""

from __future__ import annotations

from dataclasses import dataclass, field

from scorekeeper.rules import BadDice, Dice, Game, Ruleset, RuleViolation, Scorecard, Turn

from ..infra.i18n import box_name, gettext, translate
from .dice import dice_faces, keypad_text


@dataclass(frozen=True)
class Option:
    """One open box for the dice entered: its points, or why the rules forbid it."""

    box: str  # the box's key in the game's ruleset
    name: str  # its name in the current language
    upper: bool  # in the upper section (the grid styles the two sections apart)
    points: int | None
    reason: str | None  # None when allowed

    @property
    def allowed(self) -> bool:
        return self.reason is None


@dataclass(frozen=True)
class Refusal:
    """A reason shown once above the boxes it greys out (a forced joker disables most of them)."""

    id: str  # the element id the greyed-out boxes point at with aria-describedby
    text: str
    boxes: tuple[str, ...]


@dataclass
class Entry:
    """The dice entry area: the text typed, the parsed dice, their options or what is wrong."""

    text: str = ""
    dice: Dice | None = None
    error: str | None = None  # about the dice, shown beside the dice field
    box_error: str | None = None  # about the box chosen, shown above the boxes
    options: list[Option] = field(default_factory=list)
    bonus: str | None = None  # "+100 Yahtzee bonus" when these dice earn the extra bonus
    no_bonus: str | None = None  # why an extra five of a kind earns no bonus yet is still a joker

    @property
    def faces(self) -> list[int]:
        """The faces to show in the five slots (valid digits only)."""
        return [int(ch) for ch in dice_faces(self.text)[:5]]

    @property
    def refusals(self) -> list[Refusal]:
        """Forbidden options grouped by reason, each reason once, in the order first met."""
        groups: dict[str, list[str]] = {}
        for option in self.options:
            if option.reason is not None:
                groups.setdefault(option.reason, []).append(option.box)
        return [
            Refusal(f"why-{number}", reason, tuple(boxes))
            for number, (reason, boxes) in enumerate(groups.items(), start=1)
        ]

    @property
    def reason_ids(self) -> dict[str, str]:
        """Each forbidden box's key -> the id of the reason that forbids it."""
        return {box: refusal.id for refusal in self.refusals for box in refusal.boxes}


def options_for(card: Scorecard, dice: Dice) -> list[Option]:
    """Every open box of the sheet, in sheet order, with its points or the engine's reason."""
    allowed = card.options(dice)
    options = []
    for box in card.edition.boxes:
        if box.key not in card.open_boxes:
            continue
        name = gettext(box.name)
        if box.key in allowed:
            options.append(Option(box.key, name, box.is_upper, allowed[box.key], None))
        else:
            violation = card.refusal(box.key, dice)
            reason = None if violation is None else translate(violation.message)
            options.append(Option(box.key, name, box.is_upper, None, reason))
    return options


def bonus_text(rules: Ruleset) -> str | None:
    """What an extra five of a kind earns on top of its box ("+100 Yahtzee bonus"); None without one."""
    extra = rules.extra
    if extra is None:
        return None
    return gettext("+%(points)d %(box)s bonus", points=extra.bonus, box=box_name(rules, extra.box))


def no_bonus_text(card: Scorecard, dice: Dice) -> str | None:
    """Why an extra five of a kind earns no bonus (its box was scratched) though it still plays as a
    joker; None for any other dice (the engine says which are a joker and which earn the bonus)."""
    rules = card.edition
    extra = rules.extra
    if extra is None or not extra.is_joker(rules, card.scores, dice) or card.bonus_due(dice):
        return None
    return gettext(
        "No %(box)s bonus: %(box)s was scratched (0), and only a scored %(box)s earns the bonus."
        " These dice still play as a joker.",
        box=box_name(rules, extra.box),
    )


def build_entry(game: Game, text: str = "", *, validate: bool = True) -> Entry:
    """The entry area for this text: options when it is five dice, a message when it is not."""
    entry = Entry(text=text)
    if game.is_over or (not validate and not text):
        return entry
    try:
        entry.dice = Dice.parse(text)
    except BadDice as error:
        if validate:
            entry.error = translate(error.message)
        return entry
    try:
        card = game.cards[game.current_player]
        entry.options = options_for(card, entry.dice)
        if card.bonus_due(entry.dice):
            entry.bonus = bonus_text(game.edition)
        else:
            entry.no_bonus = no_bonus_text(card, entry.dice)
    except RuleViolation as error:  # the engine refuses these dice: say so beside the field
        entry.error = translate(error.message)
        entry.dice = None
    return entry


def turn_headline(game: Game) -> str:
    """ "Round 4 of 13 · Bo" while playing (as many rounds as the edition has boxes)."""
    return gettext(
        "Round %(round)d of %(rounds)d · %(player)s",
        round=game.round,
        rounds=game.rounds,
        player=game.players[game.current_player],
    )


def turn_summary(game: Game, turn: Turn) -> str:
    """One turn in words: "Bo: 12 in Fours" (with the bonus when there was one)."""
    params = {
        "player": game.players[turn.player],
        "points": turn.points,
        "box": box_name(game.edition, turn.box),
    }
    extra = game.edition.extra
    if turn.bonus and extra is not None:
        return gettext(
            "%(player)s: %(points)d in %(box)s, plus the %(bonus)d-point %(extra)s bonus",
            bonus=turn.bonus,
            extra=box_name(game.edition, extra.box),
            **params,
        )
    return gettext("%(player)s: %(points)d in %(box)s", **params)


def correction_summary(before: Game, after: Game, index: int) -> str:
    """What a correction changed, and that Undo is not for it: "Turn 3 (round 2, Ann): Chance 22 → 24. …"."""
    old, new = before.turns[index], after.turns[index]
    was = gettext("%(box)s %(points)d", box=box_name(before.edition, old.box), points=old.points)
    now = (
        str(new.points)
        if new.box == old.box
        else gettext("%(box)s %(points)d", box=box_name(after.edition, new.box), points=new.points)
    )
    said = gettext(
        "Turn %(turn)d (round %(round)d, %(player)s): %(was)s \u2192 %(now)s.",
        turn=index + 1,
        round=new.round,
        player=after.players[new.player],
        was=was,
        now=now,
    )
    last = after.last_turn
    if last is None or last.index == index:
        return said
    return " ".join(
        (
            said,
            gettext(
                "Undo still takes back the last turn (%(turn)s), not this correction.",
                turn=turn_summary(after, last),
            ),
        )
    )


def announcement(game: Game) -> str:
    """What the live region says after a change: the last score and who plays next."""
    turn = game.last_turn
    if turn is None:
        return gettext("New game. %(player)s starts.", player=game.players[0])
    summary = turn_summary(game, turn)
    if game.is_over:
        return gettext("%(summary)s. The game is over.", summary=summary)
    return gettext(
        "%(summary)s. Next: %(player)s.", summary=summary, player=game.players[game.current_player]
    )


__all__ = [
    "Entry",
    "Option",
    "Refusal",
    "announcement",
    "bonus_text",
    "build_entry",
    "correction_summary",
    "keypad_text",
    "no_bonus_text",
    "options_for",
    "turn_headline",
    "turn_summary",
]
