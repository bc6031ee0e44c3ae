"""The print view in a phone's browser: the log checkbox works at once with JavaScript, CSP holds."""

from __future__ import annotations


def test_ticking_the_log_shows_it_and_carries_it_into_the_pdf_links(
    phone, live_app, store_game, print_output
):
    created = store_game(["Ann", "Bo"], title="Tuesday")
    phone.goto(f"{live_app.url}/g/{created.edit_token}/print")
    log = phone.locator("#turn-log")
    assert log.is_hidden()
    assert phone.locator(".print-apply").is_hidden()  # JavaScript makes Update unnecessary
    assert phone.locator(".print-now").is_visible()
    phone.screenshot(path=str(print_output / "print-view-phone.png"), full_page=False)
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


def test_without_javascript_the_update_button_reloads_with_the_log(browser, live_app, store_game):
    created = store_game(["Ann", "Bo"])
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"{live_app.url}/g/{created.edit_token}/print")
        assert page.locator("#turn-log").is_hidden()
        page.locator("#print-log").check()
        page.locator(".print-apply").click()
        page.wait_for_url("**/print?log=1")
        assert page.locator("#turn-log").is_visible()
    finally:
        context.close()
