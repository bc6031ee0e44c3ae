"""`flask advisor build`: build the coach's tables in the app's table folder, with a progress bar.

The app builds an edition's tables by itself, in the background, when a game first needs them
(background.py); this command builds them ahead, under the same lock, for operators who want the
coach ready from the first game.
"""

from __future__ import annotations

from pathlib import Path

import click
from flask import current_app
from flask.cli import AppGroup
from tqdm import tqdm

from scorekeeper.rules import EDITIONS, Ruleset, find_edition

from . import background, storage
from .advisor import Advisor
from .background import CHANCES, COACH
from .storage import default_directory

advisor_cli = AppGroup("advisor", help="Build the coach's optimal-play and chance-to-win tables.")

_WHAT = {
    COACH: ("the coach's optimal-play table", "a few seconds"),
    CHANCES: ("the chance-to-win table", "a minute or two"),
}


@advisor_cli.command("build")
@click.option(
    "--edition",
    type=click.Choice([e.id for e in EDITIONS.values() if e.has_coach]),
    help="Build only this edition (default: every edition with a coach).",
)
@click.option("--if-missing", is_flag=True, help="Skip tables that are already built.")
@click.option(
    "--chances",
    is_flag=True,
    help="Also build the chance-to-win table beside each coach table (a minute or two each).",
)
def build_command(edition: str | None, if_missing: bool, chances: bool) -> None:
    """Build (always rebuild, unless --if-missing) the coach's tables; a bar shows each one's progress."""
    directory = default_directory(current_app)
    for ed in [find_edition(edition)] if edition else [e for e in EDITIONS.values() if e.has_coach]:
        if not _stages(ed, directory, chances, if_missing):
            click.echo(f"Tables for {ed}: ready ({directory}).")
            # Saving a table removes the older ones; tables built before that still leave theirs.
            if removed := storage.remove_older_formats(ed, directory):
                click.echo(f"  removed {len(removed)} file(s) of earlier formats")
            continue
        with background.build_lock(ed, directory, wait=False) as held:
            if held:
                _build(ed, directory, chances, if_missing)
                continue
        click.echo(f"Another process is building the tables for {ed}; waiting for it to finish...")
        with background.build_lock(ed, directory, wait=True):
            _build(ed, directory, chances, if_missing)


def _stages(edition: Ruleset, directory: Path, chances: bool, if_missing: bool) -> list[str]:
    """The tables to build for this edition (a forced order needs no chance table)."""
    wanted = [COACH] + ([CHANCES] if chances and not edition.order.forced else [])
    if not if_missing:
        return wanted
    todo = background.missing(edition, directory)
    return [stage for stage in wanted if stage in todo]


def _build(edition: Ruleset, directory: Path, chances: bool, if_missing: bool) -> None:
    """Build this edition's tables; the build lock is held."""
    stages = _stages(edition, directory, chances, if_missing)  # again: another build may have made them
    if not stages:
        click.echo(f"Tables for {edition}: ready ({directory}).")
        return
    for stage in stages:
        what, how_long = _WHAT[stage]
        click.echo(f"Building {what} for {edition} ({how_long})...")
        background.build_tables(edition, directory, [stage], bars=_bar, echo=click.echo)
    if COACH in stages:
        expected = Advisor.for_edition(edition, directory).expected_score()
        click.echo(f"  expected score of a new game {expected:.4f} -> {directory}")


class _Bar(background.Bar):
    """tqdm's bar on the terminal (states done, rate, time left); nothing where output is no terminal."""

    def __init__(self, label: str, total: int) -> None:
        self.bar = tqdm(
            total=total,
            desc=f"  {label}",
            unit=" states",
            unit_scale=total >= 10_000,  # 360k/360k, but 148/148
            dynamic_ncols=True,
            disable=None,
        )

    def update(self, count: int) -> None:
        self.bar.update(count)

    def close(self) -> None:
        self.bar.close()


def _bar(label: str, total: int) -> background.Bar:
    return _Bar(label, total)
