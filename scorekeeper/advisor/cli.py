"""`flask advisor build`: build the coach's tables in the app's table folder."""

from __future__ import annotations

import time
from pathlib import Path

import click
from flask import current_app
from flask.cli import AppGroup

from scorekeeper.rules import Edition, Ruleset

from . import storage
from .advisor import Advisor
from .refine import played_on
from .storage import default_directory

advisor_cli = AppGroup("advisor", help="Build the coach's optimal-play tables.")


@advisor_cli.command("build")
@click.option(
    "--edition",
    type=click.Choice([e.id for e in Edition if e.has_coach]),
    help="Build only this edition (default: every edition with a coach).",
)
@click.option("--if-missing", is_flag=True, help="Skip editions whose table is already built.")
@click.option(
    "--chances",
    is_flag=True,
    help="Also build the chance-to-win shape table beside each coach table (minutes each).",
)
def build_command(edition: str | None, if_missing: bool, chances: bool) -> None:
    """Build (always rebuild, unless --if-missing) the coach's tables: a few seconds each."""
    directory = default_directory(current_app)
    for ed in [Edition(edition)] if edition else [e for e in Edition if e.has_coach]:
        if if_missing and Advisor.is_ready(ed, directory):
            click.echo(f"Coach table for {ed}: ready ({directory}).")
            if chances:
                _shape(ed, directory, if_missing)
            continue
        click.echo(f"Building the coach's optimal-play table for {ed} (once; a few seconds)...")
        with click.progressbar(
            length=Advisor.state_count(ed), label=f"  {ed}", show_eta=False, width=30
        ) as bar:
            seconds = Advisor.build(ed, directory, progress=bar.update)
        expected = Advisor.for_edition(ed, directory).expected_score()
        click.echo(f"  built in {seconds:.1f} s: expected score of a new game {expected:.4f} -> {directory}")
        if chances:
            _shape(ed, directory, if_missing)


OPENING_GAMES = 200_000  # a new game's curve: Kolmogorov distance ~0.002 to the policy's


def _shape(edition: Ruleset, directory: Path, if_missing: bool) -> None:
    """The chance-to-win shape table beside the value table (a forced order needs none)."""
    advisor = Advisor.for_edition(edition, directory)
    if advisor.points.forced:
        return
    if if_missing and storage.shape_path(edition, directory).is_file():
        click.echo(f"Chance table for {edition}: ready.")
    else:
        click.echo(f"Building the chance-to-win table for {edition} (once; a minute or a few)...")
        seconds = Advisor.build_shape(edition, directory)
        click.echo(f"  built in {seconds:.1f} s")
    if if_missing and storage.opening_path(edition, directory).is_file():
        return
    # Every game starts here: its curve is played on once now, not in each process's background thread.
    click.echo(f"Playing {OPENING_GAMES:,} games of the coach from a new {edition} game (a minute or so)...")
    started = time.perf_counter()
    start = int(advisor.points.index(0, 0, 0))
    storage.save_opening(edition, directory, played_on(advisor, start, edition.rounds, OPENING_GAMES))
    click.echo(f"  played in {time.perf_counter() - started:.1f} s")
