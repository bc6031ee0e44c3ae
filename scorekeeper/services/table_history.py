"""A table's history: renames, merges, moves and deletions, as Messages the web layer translates."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from ..rules import N_, Message
from ..storage import table_records

RENAME_SUMMARY = N_("Renamed %(before)s to %(after)s in %(num)d game.")
RENAME_SUMMARY_PLURAL = N_("Renamed %(before)s to %(after)s in %(num)d games.")
MERGE_SUMMARY = N_("Merged %(merged)s into %(kept)s in %(num)d game.")
MERGE_SUMMARY_PLURAL = N_("Merged %(merged)s into %(kept)s in %(num)d games.")
MOVE_SUMMARY = N_("A game of %(players)s was moved to this table.")
DELETE_SUMMARY = N_("Deleted the game of %(date)s (%(players)s).")


@dataclass(frozen=True)
class TableEvent:
    """A rename, merge, move or deletion, as a Message the web layer translates."""

    at: datetime
    kind: table_records.TableHistoryKind
    message: Message


def table_event(event: table_records.TableHistoryRecord) -> TableEvent:
    """A stored event told as a Message."""
    details = event.details
    if event.kind == "rename":
        message = Message(
            RENAME_SUMMARY,
            {"before": ", ".join(details["before"]), "after": details["after"], "num": details["games"]},
            plural=RENAME_SUMMARY_PLURAL,
        )
    elif event.kind == "merge":
        message = Message(
            MERGE_SUMMARY,
            {"merged": ", ".join(details["merged"]), "kept": details["kept"], "num": details["games"]},
            plural=MERGE_SUMMARY_PLURAL,
        )
    elif event.kind == "move":
        message = Message(MOVE_SUMMARY, {"players": ", ".join(details["players"])})
    else:
        message = Message(DELETE_SUMMARY, {"date": details["date"], "players": ", ".join(details["players"])})
    return TableEvent(at=event.at, kind=event.kind, message=message)
