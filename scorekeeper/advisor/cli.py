"""`flask advisor build`: build the coach's tables in the app's table folder."""

from __future__ import annotations

from pathlib import Path

import click
from flask import current_app
from flask.cli import AppGroup

from scorekeeper.rules import EDITIONS, Ruleset, find_edition

from . import storage
from .advisor import Advisor
from .storage import default_directory

advisor_cli = AppGroup("advisor", help="Build the coach's optimal-play tables.")


@advisor_cli.command("build")
@click.option(
    "--edition",
    type=click.Choice([e.id for e in EDITIONS.values() if e.has_coach]),
    help="Build only this edition (default: every edition with a coach).",
)
@click.option("--if-missing", is_flag=True, help="Skip editions whose table is already built.")
@click.option(
    "--chances",
    is_flag=True,
    help="Also build the chance-to-win table beside each coach table (minutes each).",
)
def build_command(edition: str | None, if_missing: bool, chances: bool) -> None:
    """Build (always rebuild, unless --if-missing) the coach's tables: a few seconds each."""
    directory = default_directory(current_app)
    for ed in [find_edition(edition)] if edition else [e for e in EDITIONS.values() if e.has_coach]:
        if if_missing and Advisor.is_ready(ed, directory):
            click.echo(f"Coach table for {ed}: ready ({directory}).")
            if chances:
                _chances(ed, directory, if_missing)
            # Saving a table removes the older ones; tables built before that still leave theirs.
            if removed := storage.remove_older_formats(ed, directory):
                click.echo(f"  removed {len(removed)} file(s) of earlier formats")
            continue
        click.echo(f"Building the coach's optimal-play table for {ed} (once; a few seconds)...")
        with click.progressbar(
            length=Advisor.state_count(ed), label=f"  {ed}", show_eta=False, width=30
        ) as bar:
            seconds = Advisor.build(ed, directory, progress=bar.update)
        expected = Advisor.for_edition(ed, directory).expected_score()
        click.echo(f"  built in {seconds:.1f} s: expected score of a new game {expected:.4f} -> {directory}")
        if chances:
            _chances(ed, directory, if_missing)


def _chances(edition: Ruleset, directory: Path, if_missing: bool) -> None:
    """The chance-to-win table beside the value table (a forced order needs none)."""
    if Advisor.for_edition(edition, directory).points.forced:
        return
    if if_missing and storage.spectra_ready(edition, directory):
        click.echo(f"Chance table for {edition}: ready.")
        return
    click.echo(f"Building the chance-to-win table for {edition} (once; a few minutes)...")
    seconds = Advisor.build_spectra(edition, directory)
    click.echo(f"  built in {seconds:.1f} s")
