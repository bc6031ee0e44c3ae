"""Where an edition's table lives on disk: a float32 .npy (memory-mapped) and a small JSON note."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import numpy as np

from scorekeeper.rules import Edition

FORMAT = 1  # bump when the table's layout or meaning changes: old files are then ignored
DIRECTORY_ENV = "SCOREKEEPER_ADVISOR_DIR"
_REPO = Path(__file__).resolve().parents[2]


def default_directory() -> Path:
    """$SCOREKEEPER_ADVISOR_DIR, else <repo>/instance/advisor (where `flask advisor build` writes)."""
    return Path(os.environ.get(DIRECTORY_ENV) or _REPO / "instance" / "advisor")


def paths(edition: Edition, directory: str | os.PathLike | None = None) -> tuple[Path, Path]:
    """The table file and its note for an edition."""
    base = Path(directory) if directory is not None else default_directory()
    stem = f"{Edition(edition).value}.v{FORMAT}"
    return base / f"{stem}.npy", base / f"{stem}.json"


def exists(edition: Edition, directory: str | os.PathLike | None = None) -> bool:
    """Both files are there (the note is written last, so a half-written build does not count)."""
    table, note = paths(edition, directory)
    return note.is_file() and table.is_file()


def save(edition: Edition, directory, table: np.ndarray, note: dict) -> None:
    """Write the table as float32, then the note; each file appears whole or not at all."""
    table_path, note_path = paths(edition, directory)
    table_path.parent.mkdir(parents=True, exist_ok=True)
    _atomic(table_path, lambda handle: np.save(handle, table.astype(np.float32)))
    _atomic(note_path, lambda handle: handle.write(json.dumps(note, indent=1).encode()))


def load(edition: Edition, directory=None) -> tuple[np.ndarray, dict]:
    """The memory-mapped float32 table and its note."""
    table_path, note_path = paths(edition, directory)
    note = json.loads(note_path.read_text())
    return np.load(table_path, mmap_mode="r"), note


def _atomic(path: Path, write) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            write(handle)
        os.chmod(tmp, 0o644)  # mkstemp makes it private; the app's other processes read it too
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
