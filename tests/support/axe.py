"""axe-core and tap-target checks in the browser tests: axe installed once from npm into test-output/.

The version is pinned so a new axe release cannot turn a green run red overnight; raise it on purpose.
"""

from __future__ import annotations

import fcntl
import subprocess
from pathlib import Path

from tests.support.paths import TEST_OUTPUT

AXE_VERSION = "4.14.1"
FOLDER = TEST_OUTPUT / "tools" / f"axe-core-{AXE_VERSION}"
SCRIPT = FOLDER / "node_modules" / "axe-core" / "axe.min.js"


def axe_script() -> Path:
    """axe.min.js, npm-installed on first use (under a file lock: test workers may ask at once)."""
    FOLDER.mkdir(parents=True, exist_ok=True)
    with open(FOLDER / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not SCRIPT.is_file():
            subprocess.run(
                [
                    "npm",
                    "install",
                    "--prefix",
                    str(FOLDER),
                    "--no-save",
                    "--no-audit",
                    "--no-fund",
                    "--ignore-scripts",
                    f"axe-core@{AXE_VERSION}",
                ],
                check=True,
                capture_output=True,
                timeout=300,
            )
    return SCRIPT


def inject(page) -> None:
    """Put axe into the page, under the app's real CSP.

    page.add_script_tag adds an inline <script>, which the app's CSP (default-src 'self') refuses;
    Playwright's evaluate runs through the DevTools protocol, outside the CSP, so the pages are
    checked exactly as served (no bypass_csp). Fails loudly if axe did not arrive.
    """
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_script().read_text() + "\n;undefined")
    assert page.evaluate("() => typeof window.axe === 'object' && typeof window.axe.run === 'function'")


def violations(page) -> list[dict]:
    """axe's violations of every impact on the page as it is now (rule id, impact, offending nodes),
    with axe's default rules: WCAG 2 A/AA and best practices."""
    inject(page)
    return page.evaluate(
        """async () => {
            const result = await window.axe.run(document, {resultTypes: ["violations"]});
            return result.violations.map(v => ({
                id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.slice(0, 5).map(
                    n => ({target: n.target.join(" "), summary: n.failureSummary})),
            }));
        }"""
    )


# Every element a finger may aim at. A radio or checkbox counts as its label (tapping either works);
# an element parked off-screen (the skip link until focused), clipped to 1 px (screen-reader text)
# or inside the paper-only sheet (never on screen) is no target.
SMALL_TARGETS = """(minimum) => {
    const seen = new Set(), small = [];
    const selector = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button]';
    for (let el of document.querySelectorAll(selector)) {
        if (el.matches('input[type=radio], input[type=checkbox]')) {
            el = el.closest('label') || (el.id && document.querySelector(`label[for="${el.id}"]`)) || el;
        }
        if (seen.has(el) || !el.getClientRects().length || el.closest('.paper-only')) continue;
        seen.add(el);
        if (getComputedStyle(el).visibility === 'hidden') continue;
        const r = el.getBoundingClientRect();
        if ((r.width <= 1 && r.height <= 1) || r.right <= 0 || r.bottom <= 0) continue;
        if (r.width < minimum || r.height < minimum) {
            const text = (el.textContent || el.value || el.name || '').trim().replace(/\\s+/g, ' ');
            small.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${text.slice(0, 30)}" `
                       + `${Math.round(r.width)}x${Math.round(r.height)}`);
        }
    }
    return small;
}"""


def small_tap_targets(page, minimum: int = 44) -> list[str]:
    """Every tap target on the page smaller than minimum × minimum CSS px, described for a person."""
    return page.evaluate(SMALL_TARGETS, minimum)
