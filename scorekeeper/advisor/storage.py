"""Where an edition's table lives on disk: a float32 .npy (memory-mapped) and a small JSON note."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import IO, Any, Protocol

import numpy as np
import numpy.typing as npt

from scorekeeper.rules import Edition

FORMAT = 1  # bump when the table's layout or meaning changes: old files are then ignored
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


def paths(edition: str, directory: Folder = None) -> tuple[Path, Path]:
    """The table file and its note for an edition."""
    base = Path(directory) if directory is not None else default_directory()
    stem = f"{Edition(edition).id}.v{FORMAT}"
    return base / f"{stem}.npy", base / f"{stem}.json"


def exists(edition: str, directory: Folder = None) -> bool:
    """Both files are there (the note is written last, so a half-written build does not count)."""
    table, note = paths(edition, directory)
    return note.is_file() and table.is_file()


def save(edition: str, directory: Folder, table: npt.NDArray[np.floating], note: Note) -> None:
    """Write the table as float32, then the note; each file appears whole or not at all."""
    table_path, note_path = paths(edition, directory)
    table_path.parent.mkdir(parents=True, exist_ok=True)
    _atomic(table_path, lambda handle: np.save(handle, table.astype(np.float32)))
    _atomic(note_path, lambda handle: handle.write(json.dumps(note, indent=1).encode()))


def load(edition: str, directory: Folder = None) -> tuple[npt.NDArray[np.float32], Note]:
    """The memory-mapped float32 table and its note."""
    table_path, note_path = paths(edition, directory)
    note: Note = json.loads(note_path.read_text())
    table: npt.NDArray[np.float32] = np.load(table_path, mmap_mode="r")
    return table, note


SHAPE_FORMAT = 1  # the shape table (distribution.py): bump when its layout or meaning changes


def _side_path(edition: str, directory: Folder, kind: str) -> Path:
    """An array stored beside the value table: the shape table ("shape") or a new game's curve ("opening")."""
    base = Path(directory) if directory is not None else default_directory()
    return base / f"{Edition(edition).id}.{kind}.v{SHAPE_FORMAT}.npy"


def _save_side(path: Path, array: npt.NDArray[np.floating]) -> None:
    """Write an array beside the value table; it appears whole or not at all."""
    path.parent.mkdir(parents=True, exist_ok=True)
    _atomic(path, lambda handle: np.save(handle, array))


def _load_side(path: Path, mmap: bool) -> npt.NDArray[Any] | None:
    """An array stored beside the value table (memory-mapped if asked), or None if it is not built."""
    if not path.is_file():
        return None
    array: npt.NDArray[Any] = np.load(path, mmap_mode="r" if mmap else None)
    return array


def shape_path(edition: str, directory: Folder = None) -> Path:
    """The shape table of an edition: per state, the parts of the points still to come (float16)."""
    return _side_path(edition, directory, "shape")


def save_shape(edition: str, directory: Folder, shape: npt.NDArray[np.floating]) -> None:
    """Write the shape table (after the value table it is built from)."""
    _save_side(shape_path(edition, directory), shape.astype(np.float16))


def load_shape(edition: str, directory: Folder = None) -> npt.NDArray[np.float16] | None:
    """The memory-mapped shape table, or None if it is not built."""
    return _load_side(shape_path(edition, directory), mmap=True)


def opening_path(edition: str, directory: Folder = None) -> Path:
    """A new game's final-score curve from the coach's games played on (refine.py), beside the shape table."""
    return _side_path(edition, directory, "opening")


def save_opening(edition: str, directory: Folder, pmf: npt.NDArray[np.floating]) -> None:
    """Write a new game's curve: P(final = 0, 1, …)."""
    _save_side(opening_path(edition, directory), pmf.astype(np.float64))


def load_opening(edition: str, directory: Folder = None) -> npt.NDArray[np.float64] | None:
    """A new game's stored curve, or None if it is not built."""
    return _load_side(opening_path(edition, directory), mmap=False)


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
