"""Properties every sheet keeps, whatever legal turns led to it, in every edition and shape (Hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import FIGURES, Cell, Game, RuleViolation, Scorecard
from tests.support.examples import examples
from tests.support.rule_sheets import EVERY_EDITION, MAX_POINTS, any_cards, dice_of, turns

fast = settings(max_examples=examples(50), deadline=None)
every_edition = pytest.mark.parametrize("edition", EVERY_EDITION, ids=str)


def test_every_edition_has_its_maxima_stated():
    assert {edition.id: set(edition.box_keys) for edition in EVERY_EDITION} == {
        id: set(maxima) for id, maxima in MAX_POINTS.items()
    }


def is_joker(card: Scorecard, dice: list[int]) -> bool:
    rules = card.edition
    return rules.extra is not None and rules.extra.is_joker(rules, card.scores, rules.dice_of(dice))


def why_not(card: Scorecard, cell: Cell, dice: object, rolls: int | None = None) -> str | None:
    refusal = card.refusal(cell.box, dice, cell.column, rolls)
    return None if refusal is None else str(refusal)


def fill(card: Scorecard, turn: tuple[list[int], Cell, int | None]) -> Scorecard:
    dice, cell, rolls = turn
    return card.fill(cell.box, dice, cell.column, rolls)


@every_edition
@fast
@given(data=st.data())
def test_the_order_of_the_dice_never_matters(edition, data):
    card = data.draw(any_cards(edition))
    dice = data.draw(dice_of(edition))
    shuffled = data.draw(st.permutations(dice))
    assert card.cell_options(shuffled) == card.cell_options(dice)
    assert card.options(shuffled) == card.options(dice)
    assert card.bonus_due(shuffled) == card.bonus_due(dice)
    rolls = card.most_rolls
    for cell in edition.cells:
        assert why_not(card, cell, shuffled, rolls) == why_not(card, cell, dice, rolls)


@every_edition
@fast
@given(data=st.data())
def test_every_option_scores_within_its_boxs_range(edition, data):
    card = data.draw(any_cards(edition))
    least = {"chance": edition.dice_count, "choice": edition.dice_count}  # all ones
    for box, points in card.options(data.draw(dice_of(edition))).items():
        assert least.get(box, 0) <= points <= MAX_POINTS[edition.id][box]


@every_edition
@fast
@given(data=st.data())
def test_options_are_the_open_cells_refusal_allows_in_sheet_order_and_fill_scores_them(edition, data):
    card = data.draw(any_cards(edition))
    dice = data.draw(dice_of(edition))
    cells = card.cell_options(dice)
    assert set(cells) <= card.open_cells
    order = [Cell(key, column) for key in edition.box_keys for column in range(1, len(edition.columns) + 1)]
    assert list(cells) == [cell for cell in order if cell in cells]  # box by box, columns in order
    rolls = card.most_rolls
    for cell in edition.cells:
        assert (why_not(card, cell, dice, rolls) is None) == (cell in cells)
    for cell, points in cells.items():
        assert card.fill(cell.box, dice, cell.column, rolls).points(cell.box, cell.column) == points
    # By box: the boxes allowed in some column, each with its points.
    assert card.options(dice) == {cell.box: points for cell, points in cells.items()}
    assert list(card.options(dice)) == [key for key in edition.box_keys if key in card.options(dice)]


@every_edition
@fast
@given(data=st.data())
def test_without_a_joker_every_option_scores_the_boxs_own_score(edition, data):
    card = data.draw(any_cards(edition))
    dice = data.draw(dice_of(edition))
    assume(not is_joker(card, dice))
    for cell, points in card.cell_options(dice).items():
        assert points == edition.box(cell.box).score(edition.dice_of(dice))


@every_edition
@fast
@given(data=st.data())
def test_there_is_always_a_cell_until_the_sheet_is_complete(edition, data):
    card = data.draw(any_cards(edition))
    # No passing: an unfinished sheet always takes any roll somewhere.
    assert bool(card.cell_options(data.draw(dice_of(edition)))) != card.is_complete


@every_edition
@fast
@given(data=st.data())
def test_free_order_offers_every_open_cell_unless_a_joker_narrows_them(edition, data):
    card = data.draw(any_cards(edition))
    dice = data.draw(dice_of(edition))
    cells = card.cell_options(dice)
    if edition.order.forced:  # the first open box of each column
        firsts = set()
        for number, column in enumerate(card.columns, start=1):
            first = next(
                (key for key, points in zip(edition.box_keys, column.scores, strict=True) if points is None),
                None,
            )
            if first is not None:
                firsts.add(Cell(first, number))
        assert set(cells) == firsts
    elif not is_joker(card, dice):
        assert set(cells) == card.open_cells


@every_edition
@fast
@given(data=st.data())
def test_the_totals_add_up_column_by_column(edition, data):
    card = data.draw(any_cards(edition))
    bonus = edition.upper_bonus
    per_extra = edition.extra.bonus if edition.extra else 0
    for number, column in enumerate(card.columns, start=1):
        upper = [card.points(box.key, number) for box in edition.upper_boxes]
        lower = [card.points(box.key, number) for box in edition.lower_boxes]
        assert column.upper_subtotal == sum(points or 0 for points in upper)
        assert column.lower_subtotal == sum(points or 0 for points in lower)
        assert column.upper_bonus == (
            bonus.points if bonus and column.upper_subtotal >= bonus.threshold else 0
        )
        assert column.upper_total == column.upper_subtotal + column.upper_bonus
        assert column.yahtzee_bonus == per_extra * card.bonuses[number - 1]
        assert column.lower_total == column.lower_subtotal + column.yahtzee_bonus
        assert column.total == column.upper_total + column.lower_total
        assert column.multiplier == edition.columns[number - 1]
        assert column.score == column.total * column.multiplier
        assert column.upper_bonus_settled == (bonus is None or column.upper_bonus > 0 or None not in upper)
        assert column.figures() == {
            name: getattr(column, name)
            for name in ("upper_subtotal", "upper_bonus", "lower_subtotal", "yahtzee_bonus")
            + ("total", "multiplier", "score")
        }
    assert card.grand_total == sum(column.score for column in card.columns)
    assert card.yahtzee_bonus_count == sum(card.bonuses)
    # The section totals of the sheet: its column's, or summed over its columns.
    for name in (
        "upper_subtotal",
        "upper_bonus",
        "upper_total",
        "lower_subtotal",
        "yahtzee_bonus",
        "upper_pace",
    ):
        assert getattr(card, name) == sum(getattr(column, name) for column in card.columns)
    assert card.lower_total == card.lower_subtotal + card.yahtzee_bonus
    if len(edition.columns) == 1:
        assert card.grand_total == card.upper_total + card.lower_total
        assert card.grand_total == sum(points or 0 for points in card.scores) + card.upper_bonus + (
            card.yahtzee_bonus
        )


@every_edition
@fast
@given(data=st.data())
def test_the_bonus_comes_iff_the_box_holds_its_points_in_every_column_and_is_paid_where_the_roll_goes(
    edition, data
):
    card = data.draw(any_cards(edition, unfinished=True))
    dice, cell, rolls = data.draw(turns(card))
    after = card.fill(cell.box, dice, cell.column, rolls)
    extra = edition.extra
    due = (
        extra is not None
        and len(set(dice)) == 1
        and all(card.points(extra.box, number) == 50 for number in range(1, len(edition.columns) + 1))
    )
    assert card.bonus_due(dice) is due
    paid = [after.bonuses[i] - card.bonuses[i] for i in range(len(edition.columns))]
    assert paid == [int(due and number == cell.column) for number in range(1, len(edition.columns) + 1)]
    assert after.yahtzee_bonus == card.yahtzee_bonus + (100 if due else 0)


@every_edition
@fast
@given(data=st.data())
def test_a_filled_cell_never_changes_and_is_refused_by_its_name(edition, data):
    card = data.draw(any_cards(edition, unfinished=True))
    dice, cell, rolls = data.draw(turns(card))
    after = card.fill(cell.box, dice, cell.column, rolls)
    for other in edition.cells:
        if other != cell:
            assert after.points(other.box, other.column) == card.points(other.box, other.column)
        if card.points(other.box, other.column) is not None:
            name = edition.box(other.box).name
            expected = f"{name} is already filled" + (
                f" in column {other.column}." if len(edition.columns) > 1 else "."
            )
            assert why_not(card, other, dice, rolls) == expected


@every_edition
@fast
@given(data=st.data())
def test_a_final_figure_never_changes_again_and_everything_is_final_on_a_complete_sheet(edition, data):
    card = data.draw(any_cards(edition))
    final = {
        (name, number): card.figure(name, number)
        for name in FIGURES
        for number in range(1, len(edition.columns) + 1)
        if card.is_final(name, number)
    }
    later = card
    while not later.is_complete:
        later = later.fill(*reorder(data.draw(turns(later))))
        assert {key: later.figure(*key) for key in final} == final
    assert all(later.is_final(name, number) for name, number in final)
    assert all(
        later.is_final(name, number) for name in FIGURES for number in range(1, len(edition.columns) + 1)
    )


@pytest.mark.parametrize("edition", [e for e in EVERY_EDITION if len(e.columns) == 1], ids=str)
@fast
@given(data=st.data())
def test_on_a_one_column_sheet_a_figure_is_final_when_the_paper_sheet_writes_it(edition, data):
    # The rule the printed sheet follows (the web's _FINAL_WHEN until it asks the engine).
    card = data.draw(any_cards(edition))
    upper_done = all(card.points(box.key) is not None for box in edition.upper_boxes)
    lower_done = all(card.points(box.key) is not None for box in edition.lower_boxes)
    paper = {
        "upper_subtotal": upper_done,
        "upper_total": upper_done,
        "upper_bonus": card.upper_bonus_settled,
        "lower_subtotal": lower_done and (edition.extra is None or card.is_complete),
        "multiplier": True,
    }
    for name in FIGURES:
        assert card.is_final(name) == paper.get(name, card.is_complete), name


def reorder(turn: tuple[list[int], Cell, int | None]) -> tuple[str, list[int], int, int | None]:
    dice, cell, rolls = turn
    return cell.box, dice, cell.column, rolls


@every_edition
@fast
@given(data=st.data())
def test_the_bank_holds_what_the_turns_saved_and_refuses_a_claim_beyond_it(edition, data):
    card = Scorecard(edition)
    saved = 0
    for _ in range(data.draw(st.integers(0, edition.rounds - 1))):
        dice, cell, rolls = data.draw(turns(card))
        card = card.fill(cell.box, dice, cell.column, rolls)
        saved += 0 if rolls is None else 3 - rolls
        assert card.saved_rolls == saved
    dice, cell, _ = data.draw(turns(card))
    if not edition.bank.counted:
        assert card.most_rolls is None
        for rolls in (1, 3, 0):
            assert why_not(card, cell, dice, rolls) == "These rules do not count the rolls of a turn."
        return
    assert card.most_rolls == 3 + saved
    assert why_not(card, cell, dice, card.most_rolls) is None
    assert why_not(card, cell, dice, card.most_rolls + 1) == (
        f"Only {3 + saved} rolls this turn (3 plus {saved} saved), not {card.most_rolls + 1}."
    )
    for rolls in (0, -1, 2.0, "3", True):
        assert why_not(card, cell, dice, rolls) == f"A turn uses 1 to {3 + saved} rolls."
    assert why_not(card, cell, dice, None) == f"Say how many rolls this turn used: 1 to {3 + saved}."


@pytest.mark.parametrize("edition", [e for e in EVERY_EDITION if e.extra is not None], ids=str)
@fast
@given(data=st.data())
def test_an_extra_yahtzee_has_only_its_upper_box_while_that_is_empty_in_some_column(edition, data):
    card = Scorecard(edition)
    for number in range(1, len(edition.columns) + 1):  # the Yahtzee box first, 50 or 0, in every column
        card = card.fill("yahtzee", data.draw(dice_of(edition)), number)
    for _ in range(data.draw(st.integers(0, edition.rounds - len(edition.columns) - 1))):
        card = fill(card, data.draw(turns(card)))
    empty = [box for box in edition.upper_boxes if card.open_columns(box.key)]
    assume(empty)
    upper = data.draw(st.sampled_from(empty))
    dice = [upper.face] * edition.dice_count
    expected = {Cell(upper.key, number): 5 * upper.face for number in card.open_columns(upper.key)}
    assert card.cell_options(dice) == expected


@every_edition
@settings(max_examples=examples(25), deadline=None)
@given(data=st.data())
def test_one_fill_per_cell_completes_a_sheet_and_one_more_is_refused(edition, data):
    card = Scorecard(edition)
    for _ in range(edition.rounds):
        assert not card.is_complete
        card = fill(card, data.draw(turns(card)))
    assert card.is_complete
    assert card.open_cells == frozenset() and card.open_boxes == frozenset()
    dice = data.draw(dice_of(edition))
    for cell in edition.cells:
        with pytest.raises(RuleViolation, match=r"^This sheet is complete\.$"):
            card.fill(cell.box, dice, cell.column, card.most_rolls)


@every_edition
@settings(max_examples=examples(25), deadline=None)
@given(data=st.data(), players=st.integers(1, 3))
def test_replaying_the_turns_equals_playing_them_one_by_one(edition, data, players):
    game = Game([f"P{i}" for i in range(players)], edition)
    entries = []
    for _ in range(data.draw(st.integers(0, edition.rounds * players))):
        dice, cell, rolls = data.draw(turns(game.cards[game.current_player]))
        game = game.play(dice, cell.box, cell.column, rolls)
        entries.append((dice, cell.box, cell.column, rolls))
        assert game.last_turn.entry == (tuple(sorted(dice)), cell.box, cell.column, rolls)
    assert Game.replay(game.players, edition, entries) == game
    assert Game.replay(game.players, edition, [turn.entry for turn in game.turns]) == game
    multiplier = dict(enumerate(edition.columns, start=1))
    assert [card.grand_total for card in game.cards] == [
        sum((t.points + t.bonus) * multiplier[t.column] for t in game.turns if t.player == seat)
        + sum(column.upper_bonus * column.multiplier for column in card.columns)
        for seat, card in enumerate(game.cards)
    ]
