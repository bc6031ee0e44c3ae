"""The run's Debian Chromium, one per test process: launched again after it died, logging to a file.

A browser that dies (a crash, the kernel's OOM killer, a stray signal, or Playwright's driver process
ending, which takes the browser with it) costs the test that was using it, not every browser test after
it: the next test that asks for the browser gets a new one. The test that saw it die fails with the
end of Chromium's own log (tests/e2e/browser/conftest.py attaches it).
"""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
LOG_TAIL_LINES = 40  # the last messages before a death; the report names the whole file
# Chromium's complaints that a test machine has no D-Bus: every launch logs them, they never matter.
NOISE = re.compile(r"dbus/|bluez_dbus|idle_linux")
# Debian's Chromium with everything it writes to stderr (its log, a crash's stack) appended to a file.
WRAPPER = """#!/bin/sh
exec {chromium} "$@" 2>>"$SCOREKEEPER_CHROMIUM_LOG"
"""


def missing_chromium() -> str | None:
    """Why Debian's Chromium cannot be used here, or None."""
    if os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK):
        return None
    return (
        f"{CHROMIUM} is missing: the browser tests need Debian's Chromium. "
        "Run `make system-deps` (or `sudo apt-get install chromium`); never download a browser."
    )


def started(pid: int) -> int | None:
    """When process `pid` started (clock ticks since boot), or None if it is not running (a zombie
    has stopped running). With the id, it names one process even after the id is reused."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return None if fields[0] == "Z" else int(fields[19])


class Process:
    """One process, by id and start time (so a reused id is never taken for it)."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.start = started(pid)

    @property
    def running(self) -> bool:
        return self.start is not None and started(self.pid) == self.start


def _driver() -> Process | None:
    """This process's Playwright driver (the node child it talks to), if it runs one."""
    for task in Path(f"/proc/{os.getpid()}/task").iterdir():
        with contextlib.suppress(OSError):
            for child in (task / "children").read_text().split():
                if b"playwright/driver" in Path(f"/proc/{child}/cmdline").read_bytes():
                    return Process(int(child))
    return None


class SessionChromium:
    """One test process's Chromium through Playwright's sync API, launched again whenever it died.

    `browser()` is the running browser (a new one if the last died); `pid` and `log` are the latest
    launch's; `death()` tells once, in words for a failure report, that a browser died.
    """

    def __init__(self, logs: Path) -> None:
        self.logs = logs
        self.launches = 0  # how many browsers this process launched
        self.log: Path | None = None  # the latest browser's log: everything it wrote to stderr
        self._process: Process | None = None  # the latest browser's process, as Chromium reports it
        self._driver: Process | None = None  # Playwright's driver process
        self._wrapper = logs / "chromium-logging-to-a-file"
        self._manager: Any = None
        self._playwright: Any = None
        self._browser: Any = None
        self._disconnected = False  # Playwright's 'disconnected' event came for the latest launch
        self._told = False  # death() has reported the latest launch's death
        self._untold: str | None = None  # a death found while launching again, not yet reported

    @property
    def pid(self) -> int | None:
        """The latest browser's process id."""
        return self._process.pid if self._process is not None else None

    @property
    def driver_pid(self) -> int | None:
        """Playwright's driver's process id."""
        return self._driver.pid if self._driver is not None else None

    def browser(self) -> Any:
        """The running browser; a new one if the last one died."""
        if self._browser is not None and self.answers():
            return self._browser
        if self._browser is not None:
            if not self._told:
                self._untold = self._words()
            with contextlib.suppress(Exception):
                self._browser.close()  # lets Playwright forget it
            self._browser = None
        if self._driver is not None and not self._driver.running:
            self._stop_playwright()  # the driver is gone: a new one, or every launch would fail
        return self._launch()

    @property
    def died(self) -> bool:
        """Whether the latest browser is gone: Playwright lost it, or its process has ended."""
        if self._browser is None:
            return False
        if self._disconnected or not self._browser.is_connected():
            return True
        return self._process is not None and not self._process.running

    def answers(self) -> bool:
        """Whether the latest browser is alive and answers: one round trip, which waits out a browser
        in the middle of dying (its pipe closes) rather than taking it for alive."""
        if self._browser is None or self.died:
            return False
        try:
            session = self._browser.new_browser_cdp_session()
            session.send("Browser.getVersion")
            session.detach()
        except Exception:
            return False
        return True

    def death(self) -> str | None:
        """What a failure report says of a browser that died and was not reported yet (once), or None."""
        if self._untold is not None:
            told, self._untold = self._untold, None
            return told
        if self._browser is not None and not self._told and not self.answers():
            self._told = True
            return self._words()
        return None

    def close_contexts(self) -> int:
        """Close the contexts a test left open (a failed assertion skips a test's own close); how many.

        Left open, each holds its pages' renderer, and their memory, for the rest of the run."""
        if self._browser is None or self.died:
            return 0
        left = list(self._browser.contexts)
        for context in left:
            with contextlib.suppress(Exception):
                context.close()
        return len(left)

    def close(self) -> None:
        """End the browser and Playwright (the end of the run); a log is kept only if its browser died."""
        if self._browser is not None and not self.died:
            with contextlib.suppress(Exception):
                self._browser.close()
            if self.log is not None:
                self.log.unlink(missing_ok=True)
        self._browser = None
        self._stop_playwright()

    def _launch(self) -> Any:
        if not self._wrapper.exists():
            self._wrapper.write_text(WRAPPER.format(chromium=CHROMIUM))
            self._wrapper.chmod(0o755)
        if self._playwright is None:
            from playwright.sync_api import sync_playwright

            self._manager = sync_playwright()
            self._playwright = self._manager.start()
            self._driver = _driver()
        self.launches += 1
        self.log = self.logs / f"chromium-{os.getpid()}-{self.launches}.log"
        browser = self._playwright.chromium.launch(
            executable_path=self._wrapper,
            args=[*CHROMIUM_ARGS, "--enable-logging=stderr", "--v=0"],
            env={**os.environ, "SCOREKEEPER_CHROMIUM_LOG": str(self.log)},
            headless=True,
        )
        self._browser, self._disconnected, self._told = browser, False, False
        browser.on("disconnected", lambda _: self._lost(browser))
        self._process = Process(_browser_pid(browser))
        return browser

    def _lost(self, browser: Any) -> None:
        if browser is self._browser:
            self._disconnected = True

    def _words(self) -> str:
        lines = []
        if self.log is not None and self.log.exists():
            written = self.log.read_text(errors="replace").splitlines()
            lines = [line for line in written if not NOISE.search(line)]
        tail = "\n".join(lines[-LOG_TAIL_LINES:]) or "(nothing but D-Bus warnings)"
        browser = "still running" if self._process is not None and self._process.running else "gone"
        driver = "still running" if self._driver is not None and self._driver.running else "gone"
        return (
            f"Chromium (pid {self.pid}, launch {self.launches} of this test process) died; the next "
            f"browser test gets a new one. Its process: {browser}; Playwright's driver: {driver}.\n"
            f"Its log: {self.log}\n--- the end of its log ---\n{tail}"
        )

    def _stop_playwright(self) -> None:
        if self._manager is not None:
            with contextlib.suppress(Exception):
                self._manager.__exit__(None, None, None)
        self._manager = self._playwright = self._driver = None


def _browser_pid(browser: Any) -> int:
    """The browser process's id, as Chromium itself reports it."""
    session = browser.new_browser_cdp_session()
    try:
        processes = session.send("SystemInfo.getProcessInfo")["processInfo"]
    finally:
        session.detach()
    return next(int(process["id"]) for process in processes if process["type"] == "browser")


CHROMIUM_KEY = pytest.StashKey[SessionChromium]()  # the run's SessionChromium, for the report hook
