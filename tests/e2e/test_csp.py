"""The Content-Security-Policy: every page carries it, and the pages, the
tile picker, htmx, Chart.js and the tablet's service worker live with it.

The browser reports a blocked script, style or request twice: a
``securitypolicyviolation`` event on the document and a console message
("Refused to ..."). Both are collected; a page passes when neither came.

Run: .venv/bin/pytest -q -p no:cacheprovider -m e2e tests/e2e/test_csp.py
"""

from __future__ import annotations

from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.db import OperationalError
from django.test import Client
from playwright.sync_api import Page, expect

from tests.e2e.site_checks import Violations
from tests.e2e.site_pages import build_event, sign_in
from tests.factories import seated_table

# The header --------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path", ["/", "/mcr/fans/", "/accounts/login/", "/api/tournaments/"]
)
def test_pages_and_api_answers_carry_the_policy(client: Client, path: str):
    response = client.get(path)
    policy = response.headers["Content-Security-Policy"]
    directives = dict(part.partition(" ")[::2] for part in policy.split("; "))
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self'"
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy
    assert directives["frame-ancestors"] == "'none'"
    assert directives["form-action"] == "'self'"
    assert directives["base-uri"] == "'self'"
    assert directives["img-src"] == "'self' data:"
    assert directives["connect-src"] == "'self'"


@pytest.mark.django_db
def test_the_tablet_page_and_its_service_worker_carry_the_policy(client: Client):
    table = seated_table()
    page = client.get(f"/table/{table.token}/")
    worker = client.get("/table/sw.js")
    assert "script-src 'self'" in page.headers["Content-Security-Policy"]
    assert "connect-src 'self'" in worker.headers["Content-Security-Policy"]


@pytest.mark.django_db
def test_no_page_has_a_nonce_so_its_etag_can_hold(client: Client):
    """A nonce would make two answers of the same page differ."""
    first = client.get("/mcr/fans/").headers["Content-Security-Policy"]
    second = client.get("/mcr/fans/").headers["Content-Security-Policy"]
    assert first == second and "nonce-" not in first


@pytest.mark.django_db
def test_the_503_page_carries_the_policy_and_no_inline_style(client: Client):
    """The "back in a moment" page, shown while the database is down, links
    the site's stylesheet instead of an inline <style> the policy refuses."""
    with mock.patch(
        "django.db.backends.base.base.BaseDatabaseWrapper.ensure_connection",
        side_effect=OperationalError("connection refused"),
    ):
        response = client.get("/")
    assert response.status_code == 503
    assert "style-src 'self'" in response.headers["Content-Security-Policy"]
    html = response.content.decode()
    assert "<style" not in html and 'rel="stylesheet"' in html


# In a browser ------------------------------------------------------------


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_the_admin_and_the_api_docs_run_without_a_policy_violation(
    live_server, page: Page
):
    """The pages the site tour does not open (tests/e2e/test_site_tour.py
    checks the policy on every page of its own)."""
    violations = Violations(page)
    found: dict[str, list[str]] = {}
    sign_in(page, live_server.url, _superuser())
    for path in ["/admin/", "/admin/tournaments/tournament/", "/api/docs/"]:
        response = page.goto(live_server.url + path)
        assert response is not None and response.status == 200, path
        page.wait_for_load_state("networkidle")
        if reported := violations.collect():
            found[path] = reported
        violations.console.clear()
    assert found == {}


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_the_tile_picker_and_htmx_work_under_the_policy(live_server, page: Page):
    """The picker builds a hand, htmx counts its fans and the hand is sent:
    scripts, the fan preview's request and the swap all ran."""
    table = seated_table()
    violations = Violations(page)
    page.set_viewport_size({"width": 768, "height": 1024})
    page.goto(f"{live_server.url}/table/{table.token}/")
    form = page.locator("form[data-new-hand]")
    form.locator("label:has(input[name='kind'][value='discard'])").click()
    form.locator("label:has(input[name='winner'])", has_text="South").first.click()
    form.locator("label:has(input[name='discarder'])", has_text="West").first.click()
    form.locator("details.tiles-entry summary").click()
    picker = page.locator("[data-tile-picker]")
    picker.locator("[data-mode='pung']").click()
    picker.locator("[data-palette] [data-tile='2z']").click()
    picker.locator("[data-mode='hand']").click()
    for tile in ["1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "5z", "5z", "9p"]:
        picker.locator(f"[data-palette] [data-tile='{tile}']").click()
    expect(page.locator("#tiles-preview [data-fill='fan_total']")).to_be_attached()
    form.locator("button[type='submit']").click()
    expect(page.locator("#hand-1")).to_be_visible()
    page.wait_for_function(
        "() => navigator.serviceWorker && navigator.serviceWorker.controller"
        " || navigator.serviceWorker.getRegistrations().then(r => r.length > 0)"
    )
    assert violations.collect() == []


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_the_player_chart_draws_under_the_policy(live_server, page: Page):
    event = build_event()
    violations = Violations(page)
    page.goto(f"{live_server.url}/t/{event.slug}/players/1/")
    page.wait_for_function(
        "() => window.Chart && Chart.getChart(document.getElementById('player-chart'))"
    )
    assert violations.collect() == []


def _superuser():
    return get_user_model().objects.create_superuser("csp-admin", "a@example.org", "x")
