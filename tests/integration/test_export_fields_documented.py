"""The README's Export table documents every field a game's export has, in every edition, and no other."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import pytest

from scorekeeper.rules import every_edition
from scorekeeper.services.interchange import export_game
from tests.support.paths import ROOT
from tests.support.shaped_games import random_game


def documented_fields() -> set[str]:
    """The field names in the first cell of each row of the table under "## Export"."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## Export\n", 1)[1].split("\n### ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    return {name for row in rows for name in re.findall(r"`([^`]+)`", row.split(" | ", 1)[0])}


def paths(value: Any, prefix: str = "") -> set[str]:
    """Every field of a JSON value as a path: "turns[].dice", "totals[].columns[].score"."""
    if isinstance(value, dict):
        found = set()
        for key, item in value.items():
            path = f"{prefix}.{key}" if prefix else key
            inner = paths(item, path)
            found |= inner or {path}
        return found
    if isinstance(value, list) and value and isinstance(value[0], dict):
        return set().union(*(paths(item, f"{prefix}[]") for item in value))
    return set()


def exported(edition) -> dict[str, Any]:
    game = random_game(["Ann", "Bo"], edition, seed=5, turns=2 * edition.rounds - 1)
    loaded = SimpleNamespace(title="", created_at=datetime(2026, 12, 1, tzinfo=UTC), game=game)
    return export_game(loaded)


@pytest.mark.parametrize("edition", every_edition(), ids=lambda edition: edition.id)
def test_every_field_of_an_export_is_in_the_readmes_table(edition):
    undocumented = paths(exported(edition)) - documented_fields()
    assert not undocumented, f"{edition.id}: add these to the README's Export table: {sorted(undocumented)}"


def test_every_field_the_readme_documents_is_in_some_export():
    seen = set().union(*(paths(exported(edition)) for edition in every_edition()))
    assert documented_fields() - seen == set()
    assert {"turns[].column", "turns[].rolls", "totals[].columns[].score"} <= documented_fields()
