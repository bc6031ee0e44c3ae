"""The print view in a phone's browser: the log checkbox works at once with JavaScript, CSP holds."""

from __future__ import annotations

import pytest

from .conftest import ORIGIN, _serve_from


@pytest.fixture
def phone(chromium, app):
    """A phone-sized page whose requests the app answers in-process; collects console errors."""
    context = chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2)
    page = context.new_page()
    page.route("**/*", _serve_from(app.test_client()))
    page.errors = []
    page.on("console", lambda message: message.type == "error" and page.errors.append(message.text))
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    yield page
    context.close()


@pytest.mark.browser
def test_ticking_the_log_shows_it_and_carries_it_into_the_pdf_links(phone, store_game, output_dir):
    created = store_game(["Ann", "Bo"], title="Tuesday")
    phone.goto(f"{ORIGIN}/g/{created.edit_token}/print")
    log = phone.locator("#turn-log")
    assert log.is_hidden()
    assert phone.locator(".print-apply").is_hidden()  # JavaScript makes Update unnecessary
    assert phone.locator(".print-now").is_visible()
    phone.screenshot(path=str(output_dir / "print-view-phone.png"), full_page=False)
    phone.locator("#print-log").check()
    assert log.is_visible()
    assert phone.url.endswith("/print?log=1")
    hrefs = phone.locator("a.print-pdf").evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert hrefs == [
        f"/g/{created.edit_token}/scoresheet.pdf?log=1",
        f"/g/{created.edit_token}/scoresheet.pdf?paper=letter&log=1",
    ]
    phone.locator("#print-log").uncheck()
    assert log.is_hidden() and phone.url.endswith("/print")
    assert phone.errors == []  # no CSP violation, no script error


@pytest.mark.browser
def test_without_javascript_the_update_button_reloads_with_the_log(chromium, app, store_game):
    created = store_game(["Ann", "Bo"])
    context = chromium.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.route("**/*", _serve_from(app.test_client()))
        page.goto(f"{ORIGIN}/g/{created.edit_token}/print")
        assert page.locator("#turn-log").is_hidden()
        page.locator("#print-log").check()
        page.locator(".print-apply").click()
        page.wait_for_url("**/print?log=1")
        assert page.locator("#turn-log").is_visible()
    finally:
        context.close()
