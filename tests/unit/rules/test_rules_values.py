"""The engine's values: the edition registry, a ruleset, Dice, Message and RuleViolation."""

from __future__ import annotations

import copy
import dataclasses
import gettext
import pickle

import pytest

from scorekeeper.rules import (
    DEFAULT_EDITION,
    BadDice,
    BoxSpec,
    Dice,
    Game,
    Message,
    Ruleset,
    RuleViolation,
    Scorecard,
    UpperBonus,
    all_rolls,
    find_edition,
)
from scorekeeper.rules import (
    EDITIONS as REGISTRY,
)
from scorekeeper.rules.dice import typed_digits
from scorekeeper.rules.ruleset import register
from tests.support.rule_sheets import EDITIONS, PLAIN

IDS = ["hasbro-1996", "hasbro-2016", "yatzy", "yatzy-forced"]
VALID = "the editions are hasbro-1996, hasbro-2016, yatzy, yatzy-forced, maxi-yatzy, triple-yahtzee, yacht"


def roundtrips(value: object) -> list[object]:
    """The value through pickle (every protocol), copy and deepcopy."""
    pickled = [pickle.loads(pickle.dumps(value, protocol)) for protocol in range(pickle.HIGHEST_PROTOCOL + 1)]
    return pickled + [copy.copy(value), copy.deepcopy(value)]


# -- the registry -------------------------------------------------------------------


def test_the_registry_holds_the_four_editions_in_order_under_their_ids():
    assert list(REGISTRY) == IDS
    assert [edition.id for edition in EDITIONS] == IDS
    assert len(EDITIONS) == 4
    assert all(REGISTRY[id] is find_edition(id) for id in IDS)
    assert Ruleset.default() is REGISTRY[DEFAULT_EDITION] is find_edition("hasbro-1996")


def test_a_ruleset_is_a_value_found_by_its_id_and_stored_as_its_id():
    yatzy = find_edition("yatzy")
    assert not isinstance(yatzy, str) and yatzy != "yatzy"  # the id is stored, not the ruleset
    assert type(yatzy.id) is str and yatzy.id == str(yatzy) == "yatzy"
    assert repr(find_edition("yatzy-forced")) == "Ruleset('yatzy-forced')"
    assert {yatzy: 1}[find_edition("yatzy")] == 1  # hashed as the one registered object


@pytest.mark.parametrize("name", ["x", "", "Hasbro-1996", "hasbro_1996", "yatzy "])
def test_an_unknown_id_raises_a_value_error_naming_the_valid_ids(name):
    with pytest.raises(ValueError) as error:
        find_edition(name)
    assert str(error.value) == f"{name!r} is not a rules edition; {VALID}"
    assert not isinstance(error.value, RuleViolation)  # a programming error, not a player's


@pytest.mark.parametrize("value", [None, 1996, ["yatzy"]])
def test_a_value_that_is_no_id_at_all_raises_the_same_value_error(value):
    with pytest.raises(ValueError, match=f"^{value!r} is not a rules edition; {VALID}$".replace("[", r"\[")):
        find_edition(value)


def test_an_edition_passed_where_an_id_is_expected_is_returned_as_it_is():
    assert find_edition(find_edition("yatzy")) is find_edition("yatzy")


def test_the_registry_refuses_a_second_edition_with_a_taken_id():
    clone = Ruleset(
        "yatzy",
        name="Clone",
        description="",
        boxes=find_edition("yatzy").boxes,
        upper_bonus=UpperBonus(63, 50),
        upper_totals=(),
        lower_totals=(),
    )
    with pytest.raises(ValueError, match=r"^two rulesets are called yatzy$"):
        register(clone)
    assert find_edition("yatzy") is not clone and list(REGISTRY) == IDS


def test_a_ruleset_whose_boxes_share_a_key_is_refused():
    boxes = find_edition("yatzy").boxes + (find_edition("yatzy").boxes[0],)
    with pytest.raises(ValueError, match=r"^twice: two boxes share a key$"):
        Ruleset(
            "twice",
            name="",
            description="",
            boxes=boxes,
            upper_bonus=UpperBonus(63, 50),
            upper_totals=(),
            lower_totals=(),
        )


def test_a_new_ruleset_defaults_to_no_extra_bonus_free_order_and_a_coach():
    rules = Ruleset(
        "mini",
        name="Mini",
        description="",
        boxes=find_edition("yatzy").boxes[:2],
        upper_bonus=UpperBonus(3, 1),
        upper_totals=(),
        lower_totals=(),
    )
    assert (rules.extra, rules.order.forced, rules.has_coach, rules.rounds) == (None, False, True, 2)
    assert "mini" not in REGISTRY  # made, not registered


def test_a_misspelt_ruleset_keyword_is_refused_rather_than_silently_ignored():
    with pytest.raises(TypeError, match=r"unexpected keyword argument 'forced_oder'$"):
        Ruleset("mini", name="Mini", boxes=find_edition("yatzy").boxes[:2], forced_oder=True)


def test_a_ruleset_without_a_name_or_boxes_is_refused():
    with pytest.raises(TypeError, match=r"missing 2 required keyword-only arguments: 'name' and 'boxes'$"):
        Ruleset("mini", description="no name, no boxes")


def test_a_ruleset_without_an_upper_bonus_never_awards_one_and_it_is_settled_from_the_start():
    rules = Ruleset("mini", name="Mini", boxes=find_edition("yatzy").boxes[:6])
    assert rules.upper_bonus is None and rules.upper_totals == () and rules.description == ""
    card = Scorecard(rules)
    assert card.upper_bonus == 0 and card.upper_bonus_settled
    for face in range(1, 7):
        card = card.fill(rules.boxes[face - 1].key, [face] * 5)
    assert card.upper_subtotal == 105 and card.upper_bonus == 0 and card.grand_total == 105


@pytest.mark.parametrize("edition", EDITIONS, ids=str)
def test_a_ruleset_is_immutable(edition):
    with pytest.raises(dataclasses.FrozenInstanceError):
        edition.has_coach = False  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        edition.boxes[0].key = "aces"  # type: ignore[misc]


@pytest.mark.parametrize("edition", EDITIONS, ids=str)
def test_pickling_or_copying_a_ruleset_gives_the_registered_ruleset_itself(edition):
    assert all(copied is edition for copied in roundtrips(edition))


@pytest.mark.parametrize("edition", EDITIONS, ids=str)
def test_sheets_and_games_of_every_edition_survive_pickling_and_copying(edition):
    game = Game(["Ann", "Bo"], edition).play(PLAIN, edition.box_keys[0])
    for copied in roundtrips(game):
        assert copied == game and copied.edition is edition
        assert copied.cards[0].edition is edition
        assert type(copied.turns[0].dice) is Dice


@pytest.mark.parametrize("edition", EDITIONS, ids=str)
def test_the_total_rows_name_scorecard_figures_and_their_templates_take_the_documented_values(edition):
    card = Scorecard(edition)
    values = {"threshold": 63, "points": 35, "bonus": 100, "check": "✓"}
    rows = edition.upper_totals + edition.lower_totals
    assert rows and rows[-1].figure == "grand_total"
    for row in rows:
        assert isinstance(getattr(card, row.figure), int)
        assert row.label
        for template in (row.how, row.score):
            assert "%(" not in template % values  # every placeholder is a documented one


def test_the_paper_sheets_print_the_total_rows_of_their_editions():
    figures = {
        edition.id: [row.figure for row in edition.upper_totals + edition.lower_totals]
        for edition in EDITIONS
    }
    hasbro = [
        "upper_subtotal",
        "upper_bonus",
        "upper_total",
        "yahtzee_bonus",
        "lower_total",
        "upper_total",
        "grand_total",
    ]
    yatzy = ["upper_subtotal", "upper_bonus", "grand_total"]
    assert figures == {"hasbro-1996": hasbro, "hasbro-2016": hasbro, "yatzy": yatzy, "yatzy-forced": yatzy}
    assert [row.label for row in find_edition("yatzy").upper_totals + find_edition("yatzy").lower_totals] == [
        "Sum",
        "Bonus",
        "Total",
    ]


@pytest.mark.parametrize("edition", EDITIONS, ids=str)
def test_every_box_spec_has_a_key_names_a_label_and_its_key_as_its_text(edition):
    for box in edition.boxes:
        assert isinstance(box, BoxSpec)
        assert box.name and box.short and box.label and str(box) == box.key
        assert box.is_upper == (box.face is not None) == (box.section == "upper")


# -- Dice -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "22456",
        "65422",
        "2 2 4 5 6",
        "2,2,4,5,6",
        "6 2,4 2 5",
        "2, 2, 4, 5, 6",
        " 22456 ",
        "2\t2\n4 5 6",
        "2;2;4;5;6",
        "2.2.4.5.6",
        "2-2-4-5-6",
        "2/2/4/5/6",
        "2+2+4+5+6",
        "2 ,;2.-/+4  5 6",
    ],
)
def test_parse_accepts_five_faces_with_any_separators_in_any_order(text):
    dice = Dice.parse(text)
    assert dice == (2, 2, 4, 5, 6) == Dice.of([6, 5, 4, 2, 2])
    assert type(dice) is Dice
    assert str(dice) == "22456"
    assert repr(dice) == "Dice('22456')"


NO_DICE = "Enter the five dice, for example 22456."
NOT_NUMBERS = "Dice are numbers from 1 to 6, like 22456."
FIVE = Message("five")  # the count, as a word the web layer translates
ASK = {"count": FIVE, "example": "22456"}
LIKE = {"example": "22456"}


@pytest.mark.parametrize(
    ("text", "message", "params"),
    [
        pytest.param("", NO_DICE, ASK, id="empty"),
        pytest.param("  , ", NO_DICE, ASK, id="only separators"),
        pytest.param(None, NO_DICE, ASK, id="None"),
        pytest.param(22456, NO_DICE, ASK, id="an int"),
        pytest.param(b"22456", NO_DICE, ASK, id="bytes"),
        pytest.param(["2", "2", "4", "5", "6"], NO_DICE, ASK, id="a list"),
        pytest.param("abcde", NOT_NUMBERS, LIKE, id="letters"),
        pytest.param("2245x", NOT_NUMBERS, LIKE, id="a letter among digits"),
        pytest.param("\uff12\uff12\uff14\uff15\uff16", NOT_NUMBERS, LIKE, id="fullwidth digits"),
        pytest.param("\u0662\u0662\u0664\u0665\u0666", NOT_NUMBERS, LIKE, id="Arabic-Indic digits"),
        pytest.param("2" * 21, NOT_NUMBERS, LIKE, id="21 digits"),
        pytest.param("1" * 21 + "9", NOT_NUMBERS, LIKE, id="too long even with a non-face"),
        pytest.param("22457", "A die shows 1 to 6; 7 is not a face.", {"face": "7"}, id="a 7"),
        pytest.param("02456", "A die shows 1 to 6; 0 is not a face.", {"face": "0"}, id="a 0"),
        pytest.param("97 0", "A die shows 1 to 6; 0 is not a face.", {"face": "0"}, id="the lowest bad face"),
        pytest.param("8", "A die shows 1 to 6; 8 is not a face.", {"face": "8"}, id="one bad die"),
        pytest.param(
            "2" * 20, "That is 20 dice; enter exactly five.", {"num": 20, "count": FIVE}, id="20 digits"
        ),
        pytest.param("2245", "That is 4 dice; enter exactly five.", {"num": 4, "count": FIVE}, id="four"),
        pytest.param("224566", "That is 6 dice; enter exactly five.", {"num": 6, "count": FIVE}, id="six"),
        pytest.param("4", "That is 1 die; enter all five.", {"num": 1, "count": FIVE}, id="one"),
    ],
)
def test_parse_refuses_anything_else_with_the_players_message(text, message, params):
    with pytest.raises(BadDice) as refusal:
        Dice.parse(text)
    assert isinstance(refusal.value, RuleViolation)
    assert str(refusal.value) == message
    assert refusal.value.params == params


def test_the_wrong_count_message_is_a_plural_message_on_num_that_names_the_count_in_words():
    with pytest.raises(BadDice) as refusal:
        Dice.parse("22")
    message = refusal.value.message
    assert (message.template, message.plural) == (
        "That is %(num)d die; enter all %(count)s.",
        "That is %(num)d dice; enter exactly %(count)s.",
    )
    assert dict(message.params) == {"num": 2, "count": FIVE}


def test_typed_digits_only_drops_separators():
    assert typed_digits(" 6 2,4;2.5-1/3+ ") == "6242513"
    assert typed_digits("2a b") == "2ab"
    assert typed_digits("") == ""


def test_dice_equal_and_hash_as_the_sorted_tuple_and_count_their_faces():
    dice = Dice.of([5, 2, 2, 6, 4])
    assert dice == (2, 2, 4, 5, 6) and hash(dice) == hash((2, 2, 4, 5, 6))
    assert {(2, 2, 4, 5, 6): "found"}[dice] == "found"
    assert dice.counts == (0, 2, 0, 1, 1, 1)
    assert not dice.all_equal and Dice.of([3] * 5).all_equal
    assert Dice(dice) is dice and Dice.of(dice) is dice and Dice.of(dice) is dice
    assert Dice([6, 1, 1, 1, 1]) == (1, 1, 1, 1, 6)
    assert Dice.parse(str(dice)) == dice


def test_dice_are_frozen():
    dice = Dice.of([1, 2, 3, 4, 5])
    with pytest.raises(AttributeError):
        dice.extra = 1  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        dice[0] = 6  # type: ignore[index]


@pytest.mark.parametrize("dice", [Dice.of([6, 2, 4, 2, 5]), Dice.of([1] * 5), all_rolls(5)[100]])
def test_pickling_or_copying_dice_gives_equal_dice(dice):
    for copied in roundtrips(dice):
        assert copied == dice and type(copied) is Dice and str(copied) == str(dice)


# -- Message and RuleViolation ---------------------------------------------------------

LATER = "That change would make turn %(turn)d (round %(round)d, %(player)s) illegal: %(reason)s"
FILLED = "%(box)s is already filled."
COUNT = ("That is %(num)d die; enter all five.", "That is %(num)d dice; enter exactly five.")
FRENCH = {
    LATER: "Ce changement rendrait le tour %(turn)d (manche %(round)d, %(player)s) illégal : %(reason)s",
    FILLED: "%(box)s est déjà rempli.",
    "Fours": "Quatre",
    "There is no turn to undo.": "Aucun tour à annuler.",
}
PLURAL_FRENCH = ("C'est %(num)d dé ; entrez les cinq.", "Ce sont %(num)d dés ; entrez-en cinq.")


def to_french(message: Message) -> str:
    """A translate function as the web layer writes one: a catalogue look-up, plural by num."""
    if message.plural is not None:
        singular, plural = (
            PLURAL_FRENCH if message.template == COUNT[0] else (message.template, message.plural)
        )
        return gettext.NullTranslations().ngettext(singular, plural, message.params["num"])
    return FRENCH.get(message.template, message.template)


def nested() -> Message:
    reason = Message(FILLED, {"box": Message("Fours")})
    return Message(LATER, {"turn": 4, "round": 2, "player": "Bo", "reason": reason})


def test_a_message_renders_in_english_by_default_with_its_nested_messages():
    assert (
        str(nested())
        == nested().render()
        == ("That change would make turn 4 (round 2, Bo) illegal: Fours is already filled.")
    )


def test_a_message_is_translated_through_every_level_of_nesting():
    assert nested().render(to_french) == (
        "Ce changement rendrait le tour 4 (manche 2, Bo) illégal : Quatre est déjà rempli."
    )


def test_a_translate_function_is_asked_for_each_message_once():
    asked = []

    def spy(message: Message) -> str:
        asked.append(message.template)
        return message.template

    nested().render(spy)
    assert asked == [LATER, FILLED, "Fours"]


@pytest.mark.parametrize(
    ("num", "english", "french"),
    [
        (1, "That is 1 die; enter all five.", "C'est 1 dé ; entrez les cinq."),
        (0, "That is 0 dice; enter exactly five.", "Ce sont 0 dés ; entrez-en cinq."),
        (4, "That is 4 dice; enter exactly five.", "Ce sont 4 dés ; entrez-en cinq."),
    ],
)
def test_a_plural_message_picks_its_form_by_num(num, english, french):
    message = Message(COUNT[0], {"num": num}, plural=COUNT[1])
    assert str(message) == english
    assert message.render(to_french) == french


def test_a_message_without_params_is_its_template_even_with_a_percent_sign():
    assert str(Message("100% sure.")) == "100% sure."
    assert Message("There is no turn to undo.").render(to_french) == "Aucun tour à annuler."


def test_a_message_is_a_read_only_value():
    params = {"box": "Fours"}
    message = Message(FILLED, params)
    params["box"] = "Fives"
    assert str(message) == "Fours is already filled."  # a copy was kept
    with pytest.raises(TypeError):
        message.params["box"] = "Sixes"  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        message.template = "x"  # type: ignore[misc]
    assert message == Message(FILLED, {"box": "Fours"}) != Message(FILLED, {"box": "Fives"})


def test_a_message_and_a_rule_violation_survive_pickling_and_copying():
    for copied in roundtrips(nested()):
        assert copied == nested() and str(copied) == str(nested())
    error = RuleViolation(nested())
    for copied in roundtrips(error):
        assert type(copied) is RuleViolation
        assert copied.message == nested() and str(copied) == str(error)
    for copied in roundtrips(BadDice(COUNT[0], num=1)):
        assert type(copied) is BadDice and copied.params == {"num": 1}


def test_a_rule_violation_takes_a_template_with_params_or_a_message():
    by_template = RuleViolation(FILLED, box="Fours")
    by_message = RuleViolation(Message(FILLED, {"box": "Fours"}))
    for error in (by_template, by_message):
        assert str(error) == "Fours is already filled."
        assert (error.template, error.params) == (FILLED, {"box": "Fours"})
        assert isinstance(error, ValueError)
    assert by_template.message == by_message.message
    error = RuleViolation(FILLED, box="Fours")
    error.params["box"] = "Fives"  # params is a copy: the message cannot be changed through it
    assert str(error.message) == "Fours is already filled."
