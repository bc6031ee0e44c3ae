"""`flask advisor build` (placeholder)."""

import click

advisor_cli = click.Group("advisor", help="Build the coach's optimal-play tables.")
