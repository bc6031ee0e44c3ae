"""Where an edition's table lives on disk: a float64 .npy (memory-mapped) and a small JSON note."""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import IO, Any, Protocol

import numpy as np
import numpy.typing as npt

from scorekeeper.rules import Ruleset, find_edition

from .spectrum import Spectra

FORMAT = 2  # bump when the table's layout or meaning changes: old files are then ignored (1: float32)
DIRECTORY_ENV = "SCOREKEEPER_ADVISOR_DIR"
_REPO = Path(__file__).resolve().parents[2]

Folder = str | os.PathLike[str] | None
Note = dict[str, Any]


class AppLike(Protocol):
    """What the table folder is read from in a Flask app (no Flask import here)."""

    @property
    def config(self) -> Mapping[str, Any]: ...

    @property
    def instance_path(self) -> str: ...


def default_directory(app: AppLike | None = None) -> Path:
    """The one default table folder: the app's ADVISOR_DIR (the SCOREKEEPER_ADVISOR_DIR setting), else
    <instance>/advisor; without an app $SCOREKEEPER_ADVISOR_DIR, else <repo>/instance/advisor.

    `flask advisor build` writes there and the web coach reads there.
    """
    if app is not None:
        return Path(app.config.get("ADVISOR_DIR") or Path(app.instance_path) / "advisor")
    return Path(os.environ.get(DIRECTORY_ENV) or _REPO / "instance" / "advisor")


def paths(edition: str | Ruleset, directory: Folder = None) -> tuple[Path, Path]:
    """The table file and its note for an edition."""
    base = Path(directory) if directory is not None else default_directory()
    stem = f"{find_edition(edition).id}.v{FORMAT}"
    return base / f"{stem}.npy", base / f"{stem}.json"


def exists(edition: str | Ruleset, directory: Folder = None) -> bool:
    """Both files are there (the note is written last, so a half-written build does not count)."""
    table, note = paths(edition, directory)
    return note.is_file() and table.is_file()


def save(edition: str | Ruleset, directory: Folder, table: npt.NDArray[np.floating], note: Note) -> None:
    """Write the table as float64, then the note; each file appears whole or not at all.

    float64, not float32: 8-16 MB by ruleset instead of half that, and a sheet's expected
    score is then the policy's to 1e-12, not rounded to ~1e-5 (the chance curves' means agree to 1e-6).
    """
    table_path, note_path = paths(edition, directory)
    table_path.parent.mkdir(parents=True, exist_ok=True)
    _atomic(table_path, lambda handle: np.save(handle, table.astype(np.float64)))
    write_whole(note_path, json.dumps(note, indent=1).encode())
    remove_older_formats(edition, directory)


_VERSIONED = re.compile(r"^(?P<edition>[a-z0-9-]+)\.(?:(?P<kind>[a-z-]+)\.)?v(?P<version>\d+)\.(?:npy|json)$")


def remove_older_formats(edition: str | Ruleset, directory: Folder = None) -> list[Path]:
    """Delete an edition's files of earlier formats (no reader opens them again); the ones deleted.

    A process that still maps one keeps reading it: the file goes once the last one closes it.
    """
    base = Path(directory) if directory is not None else default_directory()
    removed = []
    for path in base.glob(f"{find_edition(edition).id}.*"):
        found = _VERSIONED.match(path.name)
        if not found or found["edition"] != find_edition(edition).id:
            continue
        current = FORMAT if found["kind"] is None else SPECTRA_FORMAT  # the chance table's parts, or
        if int(found["version"]) < current:  # its forerunners ("shape", "opening", format 1)
            path.unlink(missing_ok=True)
            removed.append(path)
    return removed


def load(edition: str | Ruleset, directory: Folder = None) -> tuple[npt.NDArray[np.float64], Note]:
    """The memory-mapped float64 table and its note."""
    table_path, note_path = paths(edition, directory)
    note: Note = json.loads(note_path.read_text())
    table: npt.NDArray[np.float64] = np.load(table_path, mmap_mode="r")
    return table, note


# The chance table (spectrum.py): bump when its layout or meaning changes, or the value table's
# (its decisions are the value table's): 1 was moments, 2 spectra from a float32 value table,
# 3 float16 throughout.
SPECTRA_FORMAT = 4
_SPECTRA_PARTS = ("head", "tail", "scale", "blocks")  # Spectra's arrays, beside the index (row_of)


def _side_path(edition: str | Ruleset, directory: Folder, kind: str) -> Path:
    """An array stored beside the value table: one of the chance table's (spectrum.py)."""
    base = Path(directory) if directory is not None else default_directory()
    return base / f"{find_edition(edition).id}.{kind}.v{SPECTRA_FORMAT}.npy"


def spectra_path(edition: str | Ruleset, directory: Folder = None) -> Path:
    """An edition's chance table: each state's row of spectra (written last: it marks the table whole)."""
    return _side_path(edition, directory, "spectra-index")


def save_spectra(edition: str | Ruleset, directory: Folder, spectra: Spectra) -> None:
    """Write the chance table (after the value table it is built from): its parts, then their index."""
    index_path, *part_paths = _spectra_paths(edition, directory)
    index_path.parent.mkdir(parents=True, exist_ok=True)
    for path, part in zip(part_paths, _SPECTRA_PARTS, strict=True):
        _save_array(path, np.asarray(getattr(spectra, part)))
    _save_array(index_path, np.asarray(spectra.row_of, dtype=np.int32))
    remove_older_formats(edition, directory)


def _save_array(path: Path, array: npt.NDArray[Any]) -> None:
    _atomic(path, lambda handle: np.save(handle, array))


def _spectra_paths(edition: str | Ruleset, directory: Folder) -> list[Path]:
    """The chance table's files: the index, then Spectra's parts."""
    parts = [_side_path(edition, directory, f"spectra-{part}") for part in _SPECTRA_PARTS]
    return [spectra_path(edition, directory), *parts]


def spectra_ready(edition: str | Ruleset, directory: Folder = None) -> bool:
    """Whether the chance table is built (every file of it there)."""
    return all(path.is_file() for path in _spectra_paths(edition, directory))


def load_spectra(edition: str | Ruleset, directory: Folder, grid: int) -> Spectra | None:
    """The memory-mapped chance table (its points wrapped at `grid`), or None if it is not built."""
    if not spectra_ready(edition, directory):
        return None
    row_of, head, tail, scale, blocks = (
        np.load(path, mmap_mode="r") for path in _spectra_paths(edition, directory)
    )
    return Spectra(head, tail, scale, blocks, row_of, grid)


def write_whole(path: Path, data: bytes) -> None:
    """Write a small file so that readers see the old one or the new one, never half of it."""
    _atomic(path, lambda handle: handle.write(data))


def remove_leftovers(edition: str | Ruleset, directory: Folder = None) -> list[Path]:
    """Delete the half-written files a build of this edition left when it was killed; the ones deleted.

    Call it holding the edition's build lock (background.py): no one else is writing them then.
    """
    base = Path(directory) if directory is not None else default_directory()
    removed = sorted(base.glob(f"{find_edition(edition).id}.*.tmp"))
    for path in removed:
        path.unlink(missing_ok=True)
    return removed


def _atomic(path: Path, write: Callable[[IO[bytes]], object]) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            write(handle)
        os.chmod(tmp, 0o644)  # mkstemp makes it private; the app's other processes read it too
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
