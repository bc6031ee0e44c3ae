"""The shared live fragments on disk, so one render serves every worker process of a host.

A table's phones land on any of the server's worker processes; with the fragment kept only in the
memory of the process that rendered it, each other process rendered it again (measured: a turn's
render, ~15 ms of CPU, done twice for 4 phones and 2 processes). Here a render is also written to a
directory beside the database's change stamps, one per server run (a game's version numbers are
only sure within a run: a backup restored between two runs may reach the same number with other
turns), shared by that run's processes (other hosts render their own): per link, ``<hash>.json``
(the version and what a request needs before choosing a language) and ``<hash>.<locale>.html``
(the fragment of that version, its first line the version and the writing process's placeholder,
which the reader swaps for its own). Files are replaced whole
(written aside, then renamed): a reader sees the old file or the new one, never half of one. The
directory is the server's own (mode 0700; one owned by another user is not used); files and runs
untouched for a day are removed now and then.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import re
import shutil
import stat
import tempfile
import time
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)
PRUNE_EVERY = 500  # writes between two sweeps of old files
MAX_AGE_S = 24 * 3600  # a file untouched this long belongs to a game nobody watches any more
_LOCALE = re.compile(r"[A-Za-z_]{1,20}")


@dataclass(frozen=True)
class Marks:
    """The placeholder a process renders where the recording phone's line goes."""

    confirm: str


class FragmentFiles:
    """Read and write a host's shared fragments; every OSError means "not shared" (render instead)."""

    def __init__(self, root: str, run: str) -> None:
        self.root = root
        self.directory = os.path.join(root, re.sub(r"[^A-Za-z0-9_-]", "_", run)[:32])
        self.usable = _own_directory(root) and _own_directory(self.directory)
        self._writes = 0
        if self.usable:
            _prune_runs(root, keep=self.directory)

    def _base(self, token: str) -> str:
        return os.path.join(self.directory, hashlib.sha256(token.encode()).hexdigest()[:32])

    def read_meta(self, token: str) -> dict[str, Any] | None:
        """The link's latest version and its details, as written by `write`."""
        if not self.usable:
            return None
        try:
            with open(self._base(token) + ".json", encoding="utf-8") as file:
                meta = json.load(file)
        except (OSError, ValueError):
            return None
        return meta if isinstance(meta, dict) else None

    def read_body(self, token: str, version: int, locale: str, marks: Marks) -> str | None:
        """The fragment of exactly this version in this language, with this process's marks."""
        if not self.usable or not _LOCALE.fullmatch(locale):
            return None
        try:
            with open(f"{self._base(token)}.{locale}.html", encoding="utf-8") as file:
                head = json.loads(file.readline())
                if head.get("version") != version:
                    return None
                body = file.read()
        except (OSError, ValueError, AttributeError):
            return None
        return body.replace(head["confirm"], marks.confirm)

    def write(self, token: str, meta: dict[str, Any], locale: str, body: str, marks: Marks) -> None:
        """Share a fragment (and the link's details, if this version is newer than the file's)."""
        if not self.usable or not _LOCALE.fullmatch(locale):
            return
        base = self._base(token)
        head = json.dumps({"version": meta["version"], "confirm": marks.confirm})
        try:
            known = self.read_meta(token)
            if known is None or known.get("version", -1) <= meta["version"]:
                _replace(base + ".json", json.dumps(meta))
            _replace(f"{base}.{locale}.html", head + "\n" + body)
        except OSError as error:
            log.warning("Live fragments not shared between processes: %s", error)
            self.usable = False
            return
        self._writes += 1
        if self._writes % PRUNE_EVERY == 0:
            self.prune()

    def prune(self, now: float | None = None) -> int:
        """Remove files untouched for MAX_AGE_S; how many went."""
        cutoff = (time.time() if now is None else now) - MAX_AGE_S
        removed = 0
        try:
            with os.scandir(self.directory) as entries:
                for entry in entries:
                    try:
                        if entry.stat().st_mtime < cutoff:
                            os.unlink(entry.path)
                            removed += 1
                    except OSError:
                        continue
        except OSError:
            return removed
        return removed


def _prune_runs(root: str, keep: str) -> None:
    """Remove the folders of runs untouched for MAX_AGE_S (a server stopped long ago)."""
    cutoff = time.time() - MAX_AGE_S
    try:
        with os.scandir(root) as entries:
            for entry in entries:
                if (
                    entry.path != keep
                    and entry.is_dir(follow_symlinks=False)
                    and entry.stat().st_mtime < cutoff
                ):
                    shutil.rmtree(entry.path, ignore_errors=True)
    except OSError:
        return


def _replace(path: str, text: str) -> None:
    """Write a file whole: aside first, then renamed over the old one."""
    folder = os.path.dirname(path)
    fd, aside = tempfile.mkstemp(dir=folder, prefix=".w-")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(aside, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(aside)
        raise


def _own_directory(directory: str) -> bool:
    """Make the directory (0700) if missing; usable only if it is ours and private."""
    try:
        os.makedirs(directory, mode=0o700, exist_ok=True)
        status = os.stat(directory)
    except OSError as error:
        log.warning("Live fragments not shared between processes (%s): %s", directory, error)
        return False
    if status.st_uid != os.getuid() or status.st_mode & (stat.S_IRWXG | stat.S_IRWXO):
        log.warning("Live fragments not shared between processes: %s is not this server's own", directory)
        return False
    return True


__all__ = ["FragmentFiles", "Marks"]
