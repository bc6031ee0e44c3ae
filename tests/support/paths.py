"""Where things are: the repository, the test data, and the git-ignored output a person looks at."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
TEST_OUTPUT = ROOT / "test-output"


def output_folder(name: str) -> Path:
    """test-output/<name>/, made if missing: screenshots and PDFs for a person to look at."""
    folder = TEST_OUTPUT / name
    folder.mkdir(parents=True, exist_ok=True)
    return folder
