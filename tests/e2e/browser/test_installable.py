"""Installable on a phone: Chromium reads the manifest, the service worker registers for the whole
app, and a page that cannot be loaded offline shows the offline page instead of the browser's error."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.support.browser_pages import open_context
from tests.support.paths import output_folder


def test_the_manifest_is_linked_and_the_service_worker_registers_and_serves_the_offline_page(
    browser, live_app, make_game
):
    token = make_game(["Ann", "Bo"]).edit_token
    context = open_context(browser)
    try:
        page = context.new_page()
        page.goto(f"{live_app.url}/")
        manifest = page.evaluate(
            """async () => {
                const link = document.querySelector('link[rel=manifest]');
                return (await fetch(link.href)).json();
            }"""
        )
        assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
        registration = page.evaluate(
            """async () => {
                const late = new Promise(resolve => setTimeout(() => resolve(null), 10000));
                const ready = await Promise.race([navigator.serviceWorker.ready, late]);
                return ready && {scope: ready.scope, script: ready.active.scriptURL};
            }"""
        )
        assert registration == {"scope": f"{live_app.url}/", "script": f"{live_app.url}/sw.js"}
        assert page.errors == []

        page.goto(f"{live_app.url}/g/{token}")  # now under the worker: the static files get cached
        expect(page.locator("#play")).to_be_visible()
        assert page.evaluate("() => navigator.serviceWorker.controller !== null")
        context.set_offline(True)
        page.goto(f"{live_app.url}/new")
        expect(page.locator("h1")).to_have_text("No connection")
        # The offline page is styled: its stylesheet came from the worker's cache.
        assert page.evaluate("() => getComputedStyle(document.body).fontFamily") != "Times New Roman"
        page.screenshot(path=str(output_folder("screenshots") / "offline-390.png"))
        context.set_offline(False)
        page.goto(f"{live_app.url}/g/{token}")  # back online: the game itself, never a cached copy
        expect(page.locator("#play")).to_be_visible()
    finally:
        context.close()


def test_print_pages_have_an_icon_and_favicon_ico_is_no_404(browser, live_app, make_game):
    token = make_game(["Ann"]).edit_token
    context = open_context(browser)
    try:
        page = context.new_page()
        missing = []
        page.on("response", lambda r: r.status >= 400 and missing.append(f"{r.status} {r.url}"))
        for path in (f"/g/{token}/print", "/blank-sheet", f"/g/{token}/blank-sheet"):
            page.goto(live_app.url + path)
            icons = page.locator('link[rel="icon"]').evaluate_all("links => links.map(l => l.href)")
            assert f"{live_app.url}/favicon.ico" in icons
        assert page.request.get(f"{live_app.url}/favicon.ico").ok
        assert missing == []
    finally:
        context.close()
