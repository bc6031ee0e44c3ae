"""Change stamps: a small file every process of the host maps, and Redis news from other hosts.

A committed write puts a fresh random value in its game's slots (a game's two links hash to two of
the slots). A reader takes the slot's value before reading a version, so a write committed after
that read always changes what it compares against later; a collision only costs a read. With
``REDIS_URL`` every write is published and each process copies what it hears into its host's
stamps; without Redis, a process trusts what it read for at most a second (other hosts' writes).
"""

from __future__ import annotations

import hashlib
import logging
import mmap
import os
import struct
import tempfile
import threading
import time
from collections.abc import Iterable
from typing import Any

SLOTS = 4096
SLOT = struct.Struct("=Q")
CHANNEL = "scorekeeper:changed"
# How long a remembered version is trusted with unchanged stamps: long while every writer stamps
# (SQLite on this host; Redis connected), short when other hosts may write unseen.
TRUST_ALL_WRITERS_S = 10.0
TRUST_LOCAL_ONLY_S = 1.0
REDIS_RETRY_S = 1.0
PUBLISH_PAUSE_S = 5.0

log = logging.getLogger("scorekeeper.changes")


def slot_of(token_hash: str) -> int:
    """The stamp slot of a token's sha256 hex digest."""
    return int(token_hash[:8], 16) % SLOTS


def stamps_path(url: Any) -> str:
    """Next to a SQLite file (every writer of it is on this host); else in the temp dir, per database."""
    if url.get_backend_name() == "sqlite" and url.database and url.database != ":memory:":
        return os.path.abspath(url.database) + "-live"
    safe = url.render_as_string(hide_password=True).encode()
    return os.path.join(tempfile.gettempdir(), "scorekeeper-live-" + hashlib.sha256(safe).hexdigest()[:16])


class Changes:
    """Whether a game may have changed: the host's stamps, plus Redis when configured."""

    def __init__(self, url: Any, redis_url: str | None = None) -> None:
        self.local_only = url.get_backend_name() != "sqlite"  # other hosts may write unseen
        self.epoch = 0  # bumped when a Redis subscription (re)starts: everything may have changed
        self.relay = RedisRelay(redis_url, self) if redis_url else None
        self._map: mmap.mmap | None = None
        try:
            fd = os.open(stamps_path(url), os.O_RDWR | os.O_CREAT, 0o600)
            try:
                if os.fstat(fd).st_size < SLOTS * SLOT.size:
                    os.ftruncate(fd, SLOTS * SLOT.size)  # zeros; two processes doing it agree
                self._map = mmap.mmap(fd, SLOTS * SLOT.size, mmap.MAP_SHARED)
            finally:
                os.close(fd)
        except (OSError, ValueError) as error:
            log.warning("live-update stamps off (every poll reads the database): %s", error)

    def bump(self, slots: Iterable[int]) -> None:
        """Give each slot a value it never had: random, so no increment is lost between processes."""
        if self._map is not None:
            for slot in set(slots):
                SLOT.pack_into(self._map, slot * SLOT.size, int.from_bytes(os.urandom(8), "little") | 1)

    def written(self, token_hashes: set[str]) -> None:
        """After a committed write: stamp its games here and tell the other hosts."""
        slots = [slot_of(digest) for digest in token_hashes]
        self.bump(slots)
        if self.relay is not None:
            self.relay.publish(slots)

    def trust_for(self) -> float:
        """Seconds a remembered version stays trusted with unchanged stamps (0: never)."""
        if self._map is None:
            return 0.0
        if self.relay is not None:
            return TRUST_ALL_WRITERS_S if self.relay.listening() else 0.0
        return TRUST_LOCAL_ONLY_S if self.local_only else TRUST_ALL_WRITERS_S

    def mark(self, slot: int) -> tuple[int, int]:
        """What to compare later: the slot's stamp and the epoch (taken before reading the version)."""
        stamp = SLOT.unpack_from(self._map, slot * SLOT.size)[0] if self._map is not None else 0
        return (stamp, self.epoch)


class RedisRelay:
    """Publishes this process's writes on Redis; a thread copies every host's writes into the stamps."""

    def __init__(self, url: str, changes: Changes) -> None:
        import redis  # only when configured

        # redis-py's pool notices a fork and opens new connections in the child.
        self._client = redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=1)
        self._changes = changes
        self._pid = 0
        self._ready = threading.Event()
        self._lock = threading.Lock()
        self._paused_until = 0.0

    def publish(self, slots: list[int]) -> None:
        """Best effort (a lost message only delays a poll), paused a while after a failure."""
        if time.monotonic() < self._paused_until:
            return
        try:
            self._client.publish(CHANNEL, ",".join(map(str, slots)))
        except Exception as error:  # Redis down: the write is stored, only news is late
            self._paused_until = time.monotonic() + PUBLISH_PAUSE_S
            log.warning("could not publish a change on Redis: %s", error)

    def listening(self) -> bool:
        """Whether this process's subscriber is connected (started here on first use, after any fork)."""
        if self._pid != os.getpid():
            with self._lock:
                if self._pid != os.getpid():
                    self._pid = os.getpid()
                    self._ready = threading.Event()
                    threading.Thread(target=self._listen, name="scorekeeper-redis", daemon=True).start()
        return self._ready.is_set()

    def _listen(self) -> None:
        ready = self._ready
        while True:
            try:
                pubsub = self._client.pubsub()
                pubsub.subscribe(CHANNEL)
                while pubsub.get_message(timeout=REDIS_RETRY_S) is None:  # the confirmation
                    pass
                self._changes.epoch += 1  # whatever was published before now is unknown
                ready.set()
                while True:
                    message = pubsub.get_message(ignore_subscribe_messages=True, timeout=REDIS_RETRY_S)
                    if message and message.get("type") == "message":
                        data = message["data"]
                        text = data.decode() if isinstance(data, bytes) else str(data)
                        self._changes.bump(int(slot) for slot in text.split(",") if slot)
            except Exception as error:
                ready.clear()
                log.warning("Redis subscription lost, polls read the database until it is back: %s", error)
                time.sleep(REDIS_RETRY_S)
