"""A throwaway PostgreSQL cluster for tests: initdb in a temp dir, pg_ctl on a free loopback port.

Debian's server binaries live in /usr/lib/postgresql/<major>/bin (not on PATH). initdb refuses
to run as root, so as root every server command runs as the `postgres` system user, in a temp
dir that user owns. Nothing is started as a system service and nothing outside the temp dir
is touched.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import psycopg
from psycopg import sql

SUPERUSER = "scorekeeper"
SERVER_USER = "postgres"
START_ATTEMPTS = 3
# Durability is pointless in a cluster deleted at the end: skip every fsync.
SERVER_OPTIONS = "-F -c synchronous_commit=off -c full_page_writes=off -c max_connections=60"

MISSING = (
    "PostgreSQL is not installed: no /usr/lib/postgresql/*/bin/pg_ctl. "
    "`make test` installs it (scripts/system-deps.sh); by hand: "
    "sudo apt-get install -y postgresql"
)


class ClusterUnavailable(RuntimeError):
    """The PostgreSQL server cannot be found or started here."""


@dataclass(frozen=True)
class Cluster:
    """A running cluster on 127.0.0.1:port with a trusted superuser."""

    port: int
    directory: Path

    def url(self, database: str) -> str:
        """The SQLAlchemy URL of one database in this cluster."""
        return f"postgresql+psycopg://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def connect(self) -> psycopg.Connection:
        """An autocommit connection to the maintenance database (CREATE/DROP DATABASE need one)."""
        return psycopg.connect(
            host="127.0.0.1", port=self.port, user=SUPERUSER, dbname="postgres", autocommit=True
        )

    def execute(self, statement: sql.SQL | sql.Composed) -> None:
        """Run one statement outside a transaction."""
        with self.connect() as connection:
            connection.execute(statement)

    def create_database(self, name: str, template: str | None = None) -> str:
        """Create an empty database (or a copy of `template`); returns its URL."""
        statement = sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name))
        with self.connect() as connection:
            if template is not None:
                statement += sql.SQL(" TEMPLATE {}").format(sql.Identifier(template))
                if connection.info.server_version >= 150000:
                    # Copying the files is several times faster than WAL-logging a tiny database.
                    statement += sql.SQL(" STRATEGY FILE_COPY")
            connection.execute(statement)
        return self.url(name)

    def drop_database(self, name: str) -> None:
        """Drop a database, closing any connection still open on it."""
        statement = sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)")
        self.execute(statement.format(sql.Identifier(name)))


def server_bin_dir() -> Path:
    """The newest installed server's bin directory; ClusterUnavailable when there is none."""
    found = glob.glob("/usr/lib/postgresql/*/bin/pg_ctl")
    if not found:
        raise ClusterUnavailable(MISSING)
    newest = max(found, key=lambda path: int(Path(path).parts[-3]))
    return Path(newest).parent


def _as_server_user() -> list[str]:
    """The command prefix that drops root to the postgres user (nothing when not root)."""
    if os.geteuid() != 0:
        return []
    try:
        pwd.getpwnam(SERVER_USER)
    except KeyError:
        raise ClusterUnavailable(f"Running as root without a '{SERVER_USER}' user. {MISSING}") from None
    return ["runuser", "-u", SERVER_USER, "--"]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _run(command: list[str]) -> None:
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise ClusterUnavailable(
            f"{' '.join(command)} failed ({result.returncode}):\n{result.stdout}{result.stderr}"
        )


@contextmanager
def temporary_cluster() -> Iterator[Cluster]:
    """Create, start, yield, then stop and delete a cluster."""
    bin_dir = server_bin_dir()
    prefix = _as_server_user()
    directory = Path(tempfile.mkdtemp(prefix="scorekeeper-pg-"))
    data, log = directory / "data", directory / "server.log"
    try:
        if prefix:
            account = pwd.getpwnam(SERVER_USER)
            os.chown(directory, account.pw_uid, account.pw_gid)
        _run(
            prefix
            + [
                str(bin_dir / "initdb"),
                "-D",
                str(data),
                "-U",
                SUPERUSER,
                "-A",
                "trust",
                "-E",
                "UTF8",
                "--locale=C",
                "--no-sync",
            ]
        )
        port = _start(prefix, bin_dir, data, log, directory)
        try:
            yield Cluster(port=port, directory=directory)
        finally:
            # Immediate: nothing in this cluster needs a clean shutdown.
            _run(prefix + [str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"])
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def _start(prefix: list[str], bin_dir: Path, data: Path, log: Path, sockets: Path) -> int:
    """Start the server on a free port (retrying if another process took it first)."""
    failure: ClusterUnavailable | None = None
    for _ in range(START_ATTEMPTS):
        port = _free_port()
        options = f"-h 127.0.0.1 -p {port} -k {sockets} {SERVER_OPTIONS}"
        try:
            _run(
                prefix
                + [
                    str(bin_dir / "pg_ctl"),
                    "-D",
                    str(data),
                    "-l",
                    str(log),
                    "-o",
                    options,
                    "-w",
                    "-t",
                    "30",
                    "start",
                ]
            )
            return port
        except ClusterUnavailable as error:
            failure = error
    log_text = log.read_text(errors="replace") if log.exists() else ""
    raise ClusterUnavailable(f"{failure}\nserver log:\n{log_text}")
