"""What the game page shows besides the sheet (sheet.py), read from the engine: no rule, no total."""

from __future__ import annotations

from dataclasses import dataclass, field

from scorekeeper.rules import BadDice, Dice, Game, Ruleset, RuleViolation, Scorecard, Turn

from ..infra.i18n import box_name, gettext, translate
from .dice import dice_faces, example_dice, keypad_text
from .sheet import column_headings


@dataclass(frozen=True)
class Option:
    """One open cell (a box, in one of the player's columns) for the dice entered: its points, or why
    the rules forbid it."""

    box: str  # the box's key in the game's ruleset
    name: str  # its name in the current language
    upper: bool  # in the upper section (the grid styles the two sections apart)
    points: int | None
    reason: str | None  # None when allowed
    column: int = 1  # the column of the player's sheet, from 1
    heading: str = ""  # "×2" where the sheet has several columns

    @property
    def allowed(self) -> bool:
        return self.reason is None

    @property
    def cell(self) -> str:
        """What its button sends: the box, and its column where the sheet has several ("chance:2")."""
        return f"{self.box}:{self.column}" if self.heading else self.box

    @property
    def key(self) -> str:
        """The option's key among the reasons: its cell."""
        return self.cell


@dataclass(frozen=True)
class OptionRow:
    """A box with a place for each of the player's columns: its open cells, None where filled."""

    box: str
    name: str
    upper: bool
    cells: tuple[Option | None, ...]


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
    count: int = 5  # dice the game's ruleset rolls (its dice_count): the slots of the entry
    dice: Dice | None = None
    error: str | None = None  # about the dice, shown beside the dice field
    box_error: str | None = None  # about the box chosen, shown above the boxes
    options: list[Option] = field(default_factory=list)
    rows: list[OptionRow] = field(default_factory=list)  # the options box by box, several columns
    bonus: str | None = None  # "+100 Yahtzee bonus" when these dice earn the extra bonus
    no_bonus: str | None = None  # why an extra five of a kind earns no bonus yet is still a joker
    rolls: tuple[int, ...] = ()  # where the rules count rolls: what this turn may say it used
    rolls_chosen: int | None = None  # the rolls ticked (the turn's own rolls, before any saved)
    saved: int = 0  # the rolls the player has saved

    @property
    def faces(self) -> list[int]:
        """The faces to show in the slots (valid digits only)."""
        return [int(ch) for ch in dice_faces(self.text)[: self.count]]

    @property
    def example(self) -> str:
        """Dice as one might type them: "22456" (six dice: "224566")."""
        return example_dice(self.count)

    @property
    def spaced_example(self) -> str:
        """The example with spaces: "2 2 4 5 6"."""
        return " ".join(self.example)

    @property
    def refusals(self) -> list[Refusal]:
        """Forbidden options grouped by reason, each reason once, in the order first met."""
        groups: dict[str, list[str]] = {}
        for option in self.options:
            if option.reason is not None:
                groups.setdefault(option.reason, []).append(option.key)
        return [
            Refusal(f"why-{number}", reason, tuple(keys))
            for number, (reason, keys) in enumerate(groups.items(), start=1)
        ]

    @property
    def reason_ids(self) -> dict[str, str]:
        """Each forbidden option's key (its cell) -> the id of the reason that forbids it."""
        return {key: refusal.id for refusal in self.refusals for key in refusal.boxes}


def options_for(card: Scorecard, dice: Dice) -> list[Option]:
    """Every open cell of the sheet, box by box (each box's columns in order), with its points or
    the engine's reason; where the sheet's order forces the box, only the box played for (the others
    are not this turn's)."""
    rules = card.edition
    allowed = card.cell_options(dice)
    headings = column_headings(rules) if len(rules.columns) > 1 else ("",)
    open_cells = card.open_cells
    playable = card.playable_boxes if rules.order.forced else None
    options = []
    for box in rules.boxes:
        if playable is not None and box.key not in playable:
            continue
        name = gettext(box.name)
        for column, heading in enumerate(headings, start=1):
            cell = rules.cells[rules.cell_index(box.key, column)]
            if cell not in open_cells:
                continue
            if cell in allowed:
                options.append(Option(box.key, name, box.is_upper, allowed[cell], None, column, heading))
                continue
            violation = card.refusal(box.key, dice, column)
            reason = None if violation is None else translate(violation.message)
            options.append(Option(box.key, name, box.is_upper, None, reason, column, heading))
    return options


def option_rows(card: Scorecard, options: list[Option]) -> list[OptionRow]:
    """The options of a sheet of several columns, box by box: a place per column, None where filled."""
    rules = card.edition
    columns = len(rules.columns)
    if columns == 1:
        return []
    by_cell = {(option.box, option.column): option for option in options}
    rows = []
    for box in rules.boxes:
        cells = tuple(by_cell.get((box.key, column)) for column in range(1, columns + 1))
        if any(cells):
            rows.append(OptionRow(box.key, gettext(box.name), box.is_upper, cells))
    return rows


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


def build_entry(game: Game, text: str = "", *, validate: bool = True, rolls: int | None = None) -> Entry:
    """The entry area for this text: options when it is the ruleset's count of dice, a message when
    it is not. `rolls`: the rolls ticked before (a refused turn), else the turn's own are ticked."""
    entry = Entry(text=text, count=game.edition.dice_count)
    if game.is_over or (not validate and not text):
        return entry
    try:
        entry.dice = game.edition.parse_dice(text)
    except BadDice as error:
        if validate:
            entry.error = translate(error.message)
        return entry
    try:
        card = game.cards[game.current_player]
        entry.options = options_for(card, entry.dice)
        entry.rows = option_rows(card, entry.options)
        if card.bonus_due(entry.dice):
            entry.bonus = bonus_text(game.edition)
        else:
            entry.no_bonus = no_bonus_text(card, entry.dice)
    except RuleViolation as error:  # the engine refuses these dice: say so beside the field
        entry.error = translate(error.message)
        entry.dice = None
        return entry
    most = card.most_rolls
    if most is not None:  # the rules count rolls: 1 to the turn's own plus the saved ones
        entry.saved = card.saved_rolls
        entry.rolls = tuple(range(1, most + 1))
        entry.rolls_chosen = rolls if rolls in entry.rolls else most - card.saved_rolls
    return entry


def turn_headline(game: Game) -> str:
    """ "Round 4 of 13 · Bo" while playing (as many rounds as the edition has boxes); where the order
    forces the box, the box played for: "Round 4 of 15 · Bo, for Fours"."""
    card = game.cards[game.current_player]
    boxes = card.playable_boxes
    if game.edition.order.forced and len(boxes) == 1:
        return gettext(
            "Round %(round)d of %(rounds)d · %(player)s, for %(box)s",
            round=game.round,
            rounds=game.rounds,
            player=game.players[game.current_player],
            box=box_name(game.edition, boxes[0]),
        )
    return gettext(
        "Round %(round)d of %(rounds)d · %(player)s",
        round=game.round,
        rounds=game.rounds,
        player=game.players[game.current_player],
    )


def cell_name(rules: Ruleset, box: str, column: int) -> str:
    """A box's name in the current language, with its column where the sheet has several ("Fours ×2")."""
    name = box_name(rules, box)
    if len(rules.columns) == 1:
        return name
    return f"{name} {column_headings(rules)[column - 1]}"


def turn_summary(game: Game, turn: Turn) -> str:
    """One turn in words: "Bo: 12 in Fours" (with the bonus when there was one, the column where the
    sheet has several)."""
    params = {
        "player": game.players[turn.player],
        "points": turn.points,
        "box": cell_name(game.edition, turn.box, turn.column),
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
    was_box = cell_name(before.edition, old.box, old.column)
    now_box = cell_name(after.edition, new.box, new.column)
    was = gettext("%(box)s %(points)d", box=was_box, points=old.points)
    now = (
        str(new.points)
        if now_box == was_box
        else gettext("%(box)s %(points)d", box=now_box, points=new.points)
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


def correction_preview(
    game: Game, index: int, text: str, box: str, column: object = None, rolls: object = None
) -> tuple[str, bool] | None:
    """What turn `index` would become with these dice in this box (and column, and rolls), as the
    engine replays it: ("Ann: 24 in Chance", True), or (why the rules refuse it, False); None until
    dice and a box are given."""
    if not text or not box:
        return None
    try:
        dice = game.edition.parse_dice(text)
        corrected = game.correct(index, dice, box, column, rolls)
    except (BadDice, RuleViolation) as error:
        return translate(error.message), False
    return turn_summary(corrected, corrected.turns[index]), True


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
    "OptionRow",
    "Refusal",
    "announcement",
    "bonus_text",
    "build_entry",
    "cell_name",
    "correction_summary",
    "keypad_text",
    "no_bonus_text",
    "option_rows",
    "options_for",
    "turn_headline",
    "turn_summary",
]
