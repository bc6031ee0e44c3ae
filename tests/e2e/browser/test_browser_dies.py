"""A Chromium that dies mid-run costs one test, not every browser test after it.

A run of its own (pytester, in a subprocess: Playwright's sync API allows one per thread) kills its
browser by process id in the middle of a test: that test fails with Chromium's log attached, and the
next browser test gets a new browser and passes. A browser killed at the very end of a test that
then passes still fails that test: a death is never silent. Killing Playwright's driver process
(which ends the browser too, with the same TargetClosedError) costs one test as well.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

CONFTEST = """
import pytest
from tests.e2e.browser.conftest import browser, pytest_runtest_makereport  # the fixture and hook under test
from tests.support.chromium import CHROMIUM_KEY, SessionChromium


@pytest.fixture(scope="session")
def chromium(request, tmp_path_factory):
    keeper = SessionChromium(tmp_path_factory.mktemp("logs"))
    request.config.stash[CHROMIUM_KEY] = keeper
    yield keeper
    keeper.close()
"""

TESTS = """
import os
import signal

PIDS = []


def show(browser, text):
    page = browser.new_context().new_page()
    page.goto(f"data:text/html,<p id=text>{text}</p>")
    return page


def test_1_the_browser_is_killed_mid_test(chromium, browser):
    page = show(browser, "before")
    PIDS.append(chromium.pid)
    os.kill(chromium.pid, signal.SIGKILL)
    page.goto("data:text/html,<p>after</p>")


def test_2_the_next_test_has_a_new_browser(chromium, browser):
    assert show(browser, "fresh").inner_text("#text") == "fresh"
    assert chromium.launches == 2 and chromium.pid not in PIDS
    PIDS.append(chromium.pid)


def test_3_a_browser_killed_as_a_test_ends_fails_that_test(chromium, browser):
    assert show(browser, "still here").inner_text("#text") == "still here"
    os.kill(chromium.pid, signal.SIGKILL)


def test_4_and_the_one_after_passes(chromium, browser):
    assert show(browser, "fresh again").inner_text("#text") == "fresh again"
    assert chromium.launches == 3 and chromium.pid not in PIDS


def test_5_a_test_without_the_browser_is_not_blamed():
    pass


def test_6_playwrights_driver_is_killed_mid_test(chromium, browser):
    page = show(browser, "before")
    os.kill(chromium.driver_pid, signal.SIGKILL)
    page.goto("data:text/html,<p>after</p>")


def test_7_the_next_test_has_a_new_driver_and_browser(chromium, browser):
    assert show(browser, "fresh once more").inner_text("#text") == "fresh once more"
    assert chromium.launches == 4
"""


def test_a_browser_killed_mid_run_fails_the_test_that_saw_it_and_the_next_gets_a_new_one(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.support.paths import ROOT

    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(test_dies=TESTS)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-p", "no:xdist", "-W", "error")
    result.assert_outcomes(passed=4, failed=3)
    output = result.stdout.str()
    assert "FAILED test_dies.py::test_1_the_browser_is_killed_mid_test" in output
    assert "TargetClosedError: Page.goto: Target page, context or browser has been closed" in output
    assert "FAILED test_dies.py::test_3_a_browser_killed_as_a_test_ends_fails_that_test" in output
    assert "FAILED test_dies.py::test_6_playwrights_driver_is_killed_mid_test" in output
    said = r"Chromium \(pid (\d+), launch (\d) of this test process\) died.*\nIts log: (\S+)"
    failures = output.split("short test summary info")[0]  # in CI the summary repeats whole reports
    reports = re.findall(said, failures)
    assert [launch for _, launch, _ in reports] == ["1", "2", "3"]
    assert "Its process: gone; Playwright's driver: gone." in output  # the driver took the browser along
    for pid, _, log in reports:
        assert f"[{pid}:" in Path(log).read_text()  # Chromium's own lines, from the browser process
