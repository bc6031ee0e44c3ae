"""The JSON and CSV interchange of games and tables (documented in the README): exports read from the
engine, nothing recomputed; an import replays every turn through the engine before anything is stored."""

from __future__ import annotations

import csv
import io
import logging
import time
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from ..rules import (
    EDITIONS,
    N_,
    Game,
    Message,
    RuleViolation,
    Scorecard,
    find_edition,
    totals_record,
    turn_record,
)
from ..rules.column import EXPORTED_FIGURES
from ..storage import table_records
from ..storage.engine import writing
from .clock import now
from .games import Db, insert_game
from .names import check_players, check_title
from .tables import (
    CreatedTable,
    PlayedGame,
    TableContents,
    TableRefused,
    check_table_name,
    delete_table,
    insert_table,
)

EXPORT_KIND = "scorekeeper-table"  # what an export says it is, so an import can tell
EXPORT_FORMAT = 1
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # what spreadsheets read as the start of a formula
# What one import may add: years of a family's game nights (1,000 four-player games of 13 rounds
# are 52,000 turns). An 8 MB file of 211,120 turns took 20 s of a worker, 570 MB of its memory and
# 16.5 MB of database; these bounds hold an import to a quarter of that.
IMPORT_MAX_GAMES = 1000
IMPORT_MAX_TURNS = 52_000
# Turns written per transaction: the write lock is held for one batch at a time, a few tens of
# milliseconds (benchmarks/storm_bench.py), so other tables' turns wait for one batch, not the file.
IMPORT_BATCH_TURNS = 500
# Between two batches the lock is left free this long: a writer of another worker asks for it every
# millisecond, and one of this worker's is woken when it is released; without the pause the import
# took it back at once, batch after batch, and their turns waited out the busy timeout (503).
IMPORT_PAUSE_S = 0.01

IMPORT_NOT_A_TABLE = N_("This file is not a table exported by Scorekeeper.")
IMPORT_NEWER_FORMAT = N_(
    "This file was exported by a newer Scorekeeper (format %(format)d); this one reads format %(supported)d."
)
IMPORT_TOO_MANY = N_("This file holds more than %(max)d games.")
IMPORT_TOO_MANY_TURNS = N_("This file holds more than %(max)d turns.")
IMPORT_BAD_GAME = N_("Game %(game)d: %(reason)s")
IMPORT_BAD_FIELD = N_("the field “%(field)s” is missing or not what it should be.")
IMPORT_BAD_TURN = N_("Game %(game)d, turn %(turn)d: %(reason)s")
IMPORT_TURN_MISMATCH = N_("the file says %(field)s %(stated)s, the rules give %(computed)s.")
IMPORT_TOTAL_MISMATCH = N_("%(player)s's %(field)s: the file says %(stated)s, the rules give %(computed)s.")
IMPORT_UNKNOWN_EDITION = N_("unknown rules “%(edition)s”.")


log = logging.getLogger(__name__)


class ImportRefused(TableRefused):
    """The file cannot be imported; nothing was stored. The message names the game and turn."""


# -- export ----------------------------------------------------------------------


def export_game(loaded: Any) -> dict[str, Any]:
    """The edition and its boxes, players, every turn and every player's totals and rank."""
    game = loaded.game
    rules = game.edition
    ranks = {standing.player: standing.rank for standing in game.standings()}
    return {
        "title": loaded.title,
        "created_at": loaded.created_at.isoformat(),
        "edition": rules.id,
        # The sheet the turns' box keys refer to, in its order (names in English, as the engine has them).
        "boxes": [{"key": box.key, "section": box.section, "name": box.name} for box in rules.boxes],
        "players": list(game.players),
        "over": game.is_over,
        # Dice, box, the column and rolls where the sheet has them, points and bonus: the engine's record.
        "turns": [
            {
                "index": turn.index,
                "round": turn.round,
                "player": turn.player,
                "name": game.players[turn.player],
                **turn_record(rules, turn),
            }
            for turn in game.turns
        ],
        "totals": [
            {"player": seat, "name": name, **totals_record(card), "rank": ranks[seat]}
            for seat, (name, card) in enumerate(zip(game.players, game.cards, strict=True))
        ],
    }


def export_table(contents: TableContents) -> dict[str, Any]:
    """The table's JSON export: its name and every game as the game export has it, oldest first."""
    return {
        "kind": EXPORT_KIND,
        "format": EXPORT_FORMAT,
        "name": contents.table.name,
        "created_at": contents.table.created_at.isoformat(),
        "games": [export_game(played) for played in contents.games],
    }


# The totals of a one-column sheet, in the CSV's order (a sheet of several has them per column).
SECTION_FIGURES = ("upper_subtotal", "upper_bonus", "lower_subtotal", "yahtzee_bonus")


def export_csv(contents: TableContents) -> str:
    """One row per game and player: every box's points and every total, as the engine has them.

    A column per box of every edition present ("ones"); a sheet of several columns has a column per
    box and column ("ones@2", as the engine writes a cell) and its totals per column ("score@2").
    A cell the game's edition has not got, or an open box, is empty.
    """
    cells: dict[str, None] = {}  # headers in order of first appearance
    column_figures: dict[str, None] = {}
    for played in contents.games:
        rules = played.game.edition
        cells.update(dict.fromkeys(_cell_headers(rules)))
        if len(rules.columns) > 1:
            numbers = range(1, len(rules.columns) + 1)
            column_figures.update(dict.fromkeys(f"{name}@{n}" for n in numbers for name in EXPORTED_FIGURES))
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        [
            "game",
            "date",
            "title",
            "edition",
            "over",
            "seat",
            "player",
            *cells,
            *SECTION_FIGURES,
            *column_figures,
            "grand_total",
            "rank",
        ]
    )
    for number, played in enumerate(contents.games, start=1):
        game = played.game
        ranks = {standing.player: standing.rank for standing in game.standings()}
        for seat, (name, card) in enumerate(zip(game.players, game.cards, strict=True)):
            values = _csv_values(card)
            writer.writerow(
                [
                    number,
                    played.created_at.isoformat(),
                    _cell_text(played.title),
                    game.edition.id,
                    "yes" if game.is_over else "no",
                    seat + 1,
                    _cell_text(name),
                    *(values.get(header, "") for header in cells),
                    *(values.get(header, "") for header in SECTION_FIGURES),
                    *(values.get(header, "") for header in column_figures),
                    card.grand_total,
                    ranks[seat],
                ]
            )
    return out.getvalue()


def _cell_headers(rules: Any) -> list[str]:
    """The CSV's header of each cell of a sheet: the box key, with "@column" where there are several."""
    if len(rules.columns) == 1:
        return list(rules.box_keys)
    return [str(cell) for cell in rules.cells]


def _csv_values(card: Scorecard) -> dict[str, int | str]:
    """A sheet's values by CSV header: its cells (empty while open) and its totals as the export has them."""
    rules = card.edition
    headers = _cell_headers(rules)
    values: dict[str, int | str] = {
        header: _blank_if_none(points) for header, points in zip(headers, card.scores, strict=True)
    }
    record = totals_record(card)
    for number, column in enumerate(record.pop("columns", []), start=1):
        values.update({f"{name}@{number}": value for name, value in column.items()})
    values.update(record)
    return values


def _cell_text(text: str) -> str:
    """Text a spreadsheet shows as text: a name typed as "=1+1" or "@x" is not run as a formula."""
    return "'" + text if text[:1] in FORMULA_STARTS else text


def _blank_if_none(points: int | None) -> int | str:
    """An open box is an empty cell, not a zero."""
    return "" if points is None else points


# -- import ----------------------------------------------------------------------


def import_table(db: Db, document: object) -> CreatedTable:
    """A new table holding the games of a table's JSON export, every turn replayed by the engine.

    Any broken structure, unknown edition or illegal turn refuses the whole file with
    ImportRefused naming the game and turn; nothing is stored then.
    """
    name, created_at, parsed = read_table(document)
    return store_table(db, name, created_at, parsed)


def store_table(db: Db, name: str, created_at: datetime | None, parsed: list[PlayedGame]) -> CreatedTable:
    """Store a new table with these replayed games, IMPORT_BATCH_TURNS turns per transaction.

    The table's links exist only here until it returns, so nobody sees it half written; if a batch
    fails (the database cannot save), what was written is deleted again and the error raised.
    """
    with writing(db) as session:
        created = insert_table(session, name, created_at or now())
    try:
        for number, batch in enumerate(_batches(parsed, IMPORT_BATCH_TURNS)):
            if number:
                time.sleep(IMPORT_PAUSE_S)
            with writing(db) as session:
                for game in batch:
                    game_id, _ = insert_game(
                        session,
                        game.game.players,
                        game.game.edition,
                        title=game.title,
                        created_at=game.created_at,
                        played=game.game,
                    )
                    table_records.set_game_table(session, game_id, created.table.id)
    except BaseException:
        _forget_unfinished(db, created.edit_token)
        raise
    return created


def _batches(parsed: list[PlayedGame], turns: int) -> list[list[PlayedGame]]:
    """The games in order, cut into runs of about `turns` turns (a game is never cut)."""
    batches: list[list[PlayedGame]] = [[]]
    held = 0
    for game in parsed:
        if batches[-1] and held + len(game.game.turns) > turns:
            batches.append([])
            held = 0
        batches[-1].append(game)
        held += len(game.game.turns)
    return [batch for batch in batches if batch]


def _forget_unfinished(db: Db, edit_token: str) -> None:
    """Delete a table whose import failed half way (best effort: its links were never given out)."""
    try:
        delete_table(db, edit_token)
    except Exception as error:  # the database that failed the batch may fail this too: nobody can open it
        log.warning("an import that failed half way left rows nobody can open: %s", type(error).__name__)


def read_table(document: object) -> tuple[str, datetime | None, list[PlayedGame]]:
    """The table's name, creation time and games of an export, replayed; ImportRefused otherwise."""
    if not isinstance(document, Mapping) or not isinstance(document.get("games"), list):
        raise ImportRefused(Message(IMPORT_NOT_A_TABLE))
    _check_kind_and_format(document)
    name, reason = check_table_name(document.get("name", ""))
    if reason is not None or not isinstance(document.get("name", ""), str):
        raise ImportRefused(Message(IMPORT_NOT_A_TABLE))
    created_at = _timestamp(document.get("created_at"))
    items = document["games"]
    _check_bounds(items)
    return name, created_at, [_read_game(number, item) for number, item in enumerate(items, start=1)]


def _check_kind_and_format(document: Mapping[str, Any]) -> None:
    """Only a table's export, of a format this code reads; a newer one is named as such."""
    kind, version = document.get("kind"), document.get("format")
    if kind != EXPORT_KIND or type(version) is not int or version < 1:
        raise ImportRefused(Message(IMPORT_NOT_A_TABLE))
    if version > EXPORT_FORMAT:
        raise ImportRefused(Message(IMPORT_NEWER_FORMAT, {"format": version, "supported": EXPORT_FORMAT}))


def _check_bounds(items: list[Any]) -> None:
    """At most IMPORT_MAX_GAMES games and IMPORT_MAX_TURNS turns, counted before anything is replayed."""
    if len(items) > IMPORT_MAX_GAMES:
        raise ImportRefused(Message(IMPORT_TOO_MANY, {"max": IMPORT_MAX_GAMES}))
    turns = sum(
        len(item["turns"])
        for item in items
        if isinstance(item, Mapping) and isinstance(item.get("turns"), list)
    )
    if turns > IMPORT_MAX_TURNS:
        raise ImportRefused(Message(IMPORT_TOO_MANY_TURNS, {"max": IMPORT_MAX_TURNS}))


def _read_game(number: int, item: object) -> PlayedGame:
    """One exported game replayed turn by turn; ImportRefused naming the game (and turn)."""

    def refuse(reason: Message) -> ImportRefused:
        return ImportRefused(Message(IMPORT_BAD_GAME, {"game": number, "reason": reason}))

    if not isinstance(item, Mapping):
        raise refuse(Message(IMPORT_BAD_FIELD, {"field": "game"}))
    for key, kind in (("edition", str), ("players", list), ("turns", list)):
        if not isinstance(item.get(key), kind):
            raise refuse(Message(IMPORT_BAD_FIELD, {"field": key}))
    if item["edition"] not in EDITIONS:
        raise refuse(Message(IMPORT_UNKNOWN_EDITION, {"edition": item["edition"][:40]}))
    title, title_reason = check_title(item.get("title", ""))
    created_at = _timestamp(item.get("created_at"))
    if title_reason is not None or not isinstance(item.get("title", ""), str):
        raise refuse(Message(IMPORT_BAD_FIELD, {"field": "title"}))
    if created_at is None:
        raise refuse(Message(IMPORT_BAD_FIELD, {"field": "created_at"}))
    checked = check_players(item["players"])
    if checked.first is not None or list(checked.names) != item["players"]:
        raise refuse(checked.first or Message(IMPORT_BAD_FIELD, {"field": "players"}))
    game = Game(checked.names, find_edition(item["edition"]))
    for index, turn in enumerate(item["turns"]):
        game = _replay_turn(number, index, game, turn)
    reason = _totals_refusal(game, item.get("totals"))
    if reason is not None:
        raise refuse(reason)
    return PlayedGame(id=0, title=title, created_at=created_at, game=game)


def _totals_refusal(game: Game, stated: object) -> Message | None:
    """Why the totals the file states are not the ones the rules give, or None (a file may leave them out).

    A figure the rules do not give this sheet (an extra bonus in Yatzy, a column of a one-column
    sheet) may only be stated as 0, as older exports of Yatzy wrote the extra bonus.
    """
    if stated is None:
        return None
    if (
        not isinstance(stated, list)
        or len(stated) != len(game.players)
        or not all(isinstance(totals, Mapping) for totals in stated)
    ):
        return Message(IMPORT_BAD_FIELD, {"field": "totals"})
    ranks = {standing.player: standing.rank for standing in game.standings()}
    for seat, (card, totals) in enumerate(zip(game.cards, stated, strict=True)):
        name = game.players[seat]
        computed = _flat({"player": seat, "name": name, **totals_record(card), "rank": ranks[seat]}) or {}
        given = _flat(totals)
        if given is None:
            return Message(IMPORT_BAD_FIELD, {"field": "totals"})
        for field, value in given.items():
            if field in computed:
                expected = computed[field]
            elif field in SECTION_FIGURES or field.startswith("column "):
                expected = 0
            else:
                continue  # not a figure of the rules: nothing to check
            if not _same(value, expected):
                stated_text, computed_text = str(value)[:40], str(expected)
                params = {"player": name, "field": field, "stated": stated_text, "computed": computed_text}
                return Message(IMPORT_TOTAL_MISMATCH, params)
    return None


def _flat(totals: Mapping[str, Any]) -> dict[str, Any] | None:
    """Totals with each column's figures named "column 2 score"; None if the columns are malformed."""
    flat = {key: value for key, value in totals.items() if key != "columns"}
    columns = totals.get("columns", [])
    if not isinstance(columns, list) or not all(isinstance(column, Mapping) for column in columns):
        return None
    for number, column in enumerate(columns, start=1):
        flat.update({f"column {number} {figure}": value for figure, value in column.items()})
    return flat


def _same(stated: object, computed: object) -> bool:
    """The file states exactly this value: 1 is not true, "50" is not 50."""
    return type(stated) is type(computed) and stated == computed


def _replay_turn(number: int, index: int, game: Game, turn: object) -> Game:
    """The game with this exported turn played; ImportRefused naming the game and turn otherwise."""

    def refuse(reason: Message) -> ImportRefused:
        return ImportRefused(Message(IMPORT_BAD_TURN, {"game": number, "turn": index + 1, "reason": reason}))

    if not isinstance(turn, Mapping):
        raise refuse(Message(IMPORT_BAD_FIELD, {"field": "turn"}))
    dice, box = turn.get("dice"), turn.get("box")
    if not isinstance(box, str):
        raise refuse(Message(IMPORT_BAD_FIELD, {"field": "box"}))
    if not isinstance(dice, list) or not all(type(face) is int for face in dice):
        raise refuse(Message(IMPORT_BAD_FIELD, {"field": "dice"}))
    # The column and rolls where the sheet has them; the engine refuses one missing, impossible or
    # given where the sheet has none, more rolls than the player's bank holds, and a die too many.
    column, rolls = turn.get("column"), turn.get("rolls")
    try:
        played = game.play(dice, box, column, rolls)
    except (RuleViolation, ValueError, TypeError) as refusal:
        reason = (
            refusal.message
            if isinstance(refusal, RuleViolation)
            else Message(IMPORT_BAD_FIELD, {"field": "dice"})
        )
        raise refuse(reason) from None
    # What the file states beside the dice and box must be what the rules give.
    made = played.turns[-1]
    stated: dict[str, object] = {
        "index": made.index,
        "round": made.round,
        "player": made.player,
        "name": game.players[made.player],
        "points": made.points,
        "bonus": made.bonus,
    }
    for key, computed in stated.items():
        if key in turn and not _same(turn[key], computed):
            raise refuse(
                Message(
                    IMPORT_TURN_MISMATCH,
                    {"field": key, "stated": str(turn[key])[:40], "computed": str(computed)},
                )
            )
    return played


def _timestamp(value: object) -> datetime | None:
    """A time zone-aware ISO timestamp from the file, in UTC; None if it is not one."""
    if not isinstance(value, str) or len(value) > 40:
        return None
    try:
        parsed = datetime.fromisoformat(value)
        return None if parsed.tzinfo is None else parsed.astimezone(UTC)
    except (ValueError, OverflowError):  # year 1 or 9999 moved past the calendar's end by its offset
        return None
