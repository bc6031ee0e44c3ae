"""What a new user sees when setting up: the address `make run` prints, and a clean package build."""

from __future__ import annotations

import re
import subprocess
import tomllib

import pytest

from tests.support.paths import ROOT

SCRIPT = ROOT / "scripts" / "print-address.sh"
URL = re.compile(r"http://(\[[^\]]+\]|[^/:]+):(\d+)/")


def printed_addresses(*args: str) -> list[tuple[str, str]]:
    """(host, port) of every URL the script prints when run as `make run` runs it."""
    out = subprocess.run(["bash", str(SCRIPT), *args], capture_output=True, text=True, check=True).stdout
    return URL.findall(out)


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "127.0.1.1"])
def test_a_loopback_host_prints_only_its_own_address(host: str) -> None:
    # A server bound to loopback cannot be reached by phones: no Wi-Fi address may be offered.
    assert printed_addresses("8123", host) == [(host, "8123")]


def test_one_interface_prints_that_address() -> None:
    assert printed_addresses("5000", "192.0.2.7") == [("192.0.2.7", "5000")]


def test_every_interface_prints_this_computer_first() -> None:
    found = printed_addresses("5001", "0.0.0.0")
    assert found[0] == ("127.0.0.1", "5001")
    assert all(port == "5001" for _, port in found)


def test_the_makefile_passes_host_to_the_script() -> None:
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"print-address\.sh \$\(PORT\) \$\(HOST\)", makefile)


def test_the_license_is_an_spdx_expression() -> None:
    # PEP 639: `license = "MIT"`. The table form ({ text = … }) and License :: classifiers make
    # setuptools print deprecation warnings on every install.
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert isinstance(project["license"], str) and re.fullmatch(r"[A-Za-z0-9.+-]+", project["license"])
    assert not [c for c in project.get("classifiers", []) if c.startswith("License ::")]
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]["requires"]
    assert any(re.fullmatch(r"setuptools>=(\d+)", r) and int(r.split(">=")[1]) >= 77 for r in requires)
