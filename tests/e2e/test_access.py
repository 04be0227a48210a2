"""Phone header, keyboard focus and screen-reader names in a real browser."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scoring.api import EXAMPLE_HAND
from tests.factories import UserFactory, seated_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}
TABLET = {"width": 768, "height": 1024}


def log_in(page: Page, url: str) -> None:
    user = UserFactory(username="organiser-with-a-long-name")
    user.set_password("mahjong-e2e")
    user.save()
    page.goto(f"{url}/accounts/login/")
    page.fill("input[name='username']", user.username)
    page.fill("input[name='password']", "mahjong-e2e")
    page.locator("main").get_by_role("button", name="Log in").click()
    page.wait_for_url(lambda address: "/accounts/login/" not in address)


def header_height(page: Page) -> float:
    return page.locator("header.topbar").bounding_box()["height"]


def test_phone_header_is_one_short_line(live_server, page: Page):
    """At 360x740, signed in, the header takes at most 15% of the screen and
    its links are one tap away behind the menu, without JavaScript."""
    page.set_viewport_size(PHONE)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/")
    assert header_height(page) <= 0.15 * PHONE["height"]
    nav = page.get_by_role("navigation", name="Main")
    expect(nav.get_by_role("link", name="My tournaments")).to_be_hidden()
    page.locator("header summary").click()
    expect(nav.get_by_role("link", name="My tournaments")).to_be_visible()
    expect(nav.get_by_role("button", name="Français (FR)", exact=True)).to_be_visible()


def test_tablet_header_shows_the_links_inline(live_server, page: Page):
    """At 768x1024 no menu to open: the links sit in the top bar."""
    page.set_viewport_size(TABLET)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/")
    nav = page.get_by_role("navigation", name="Main")
    expect(nav.get_by_role("link", name="Fan calculator")).to_be_visible()
    expect(page.locator("header summary")).to_be_hidden()
    assert header_height(page) <= 0.15 * TABLET["height"]


def test_tabbed_to_input_shows_a_focus_ring(live_server, page: Page):
    """Tabbing into a field draws a 3px outline in the focus colour."""
    page.set_viewport_size(TABLET)
    page.goto(f"{live_server.url}/accounts/login/")
    username = page.locator("input[name='username']")
    for _ in range(20):
        page.keyboard.press("Tab")
        if username.evaluate("element => element === document.activeElement"):
            break
    style = username.evaluate(
        "element => { const s = getComputedStyle(element);"
        " return [s.outlineStyle, s.outlineWidth, s.outlineColor]; }"
    )
    assert style[0] == "solid"
    assert float(style[1].removesuffix("px")) >= 3
    assert style[2] == "rgb(26, 95, 180)"


def test_stepper_buttons_name_their_field(live_server, page: Page):
    """Each + / - button on the tablet says which number it changes."""
    table = seated_table()
    page.set_viewport_size(TABLET)
    page.goto(f"{live_server.url}/table/{table.token}/")
    form = page.locator("form.hand-form").first
    names = [
        button.get_attribute("aria-label")
        for button in form.locator("button.step").all()
    ]
    assert len(names) == len(set(names)) >= 4
    fan_total = form.locator("label[for$='fan_total']").first.inner_text().strip()
    form.locator("input[name='kind'][value='self_draw']").check(force=True)
    increase = form.get_by_role("button", name=f"Increase {fan_total}", exact=True)
    expect(increase).to_be_visible()
    field = form.locator("input[name='fan_total']")
    before = int(field.input_value() or 0)
    increase.click()
    assert int(field.input_value()) == before + 1


def test_every_button_has_a_name(live_server, page: Page):
    """The browser's accessibility tree names each button and link of the
    tablet page (top bar, choices, steppers), as a screen reader reads them."""
    table = seated_table()
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/table/{table.token}/")
    page.locator("header summary").click()
    cdp = page.context.new_cdp_session(page)
    nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    controls = [
        node
        for node in nodes
        if not node.get("ignored")
        and node.get("role", {}).get("value")
        in {"button", "link", "DisclosureTriangle"}
    ]
    names = [node.get("name", {}).get("value", "").strip() for node in controls]
    assert len(controls) >= 10
    assert all(names), names


def content_past_a_card(page: Page) -> list[str]:
    """The elements whose right edge passes their card's."""
    return page.evaluate(
        """() => Array.from(document.querySelectorAll('main .card')).flatMap(card => {
            const edge = card.getBoundingClientRect().right;
            return Array.from(card.querySelectorAll('*'))
              .filter(child => child.getBoundingClientRect().right > edge + 0.5)
              .map(child => child.tagName + '.' + child.className);
        })"""
    )


@pytest.mark.parametrize("language", ["en", "fr"])
def test_fan_calculator_fits_a_phone(live_server, page: Page, language):
    """At 360x740 the calculator's cards hold their content, empty and with
    a scored hand, in both languages: no sideways scroll, no picker, palette
    or breakdown past a card's right edge, and the palette's tiles stay a
    fingertip wide (34px)."""
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url}]
    )
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/mcr/fans/")
    width = page.evaluate("document.documentElement.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert content_past_a_card(page) == []
    tiles = page.locator(".palette .tile-btn")
    assert tiles.count() == 34
    assert min(tile.bounding_box()["width"] for tile in tiles.all()) >= 34
    # A plain form POST (as without JavaScript) shows the hand and its fans.
    page.evaluate(
        "hand => { const form = document.querySelector('.calculator-form');"
        " form.elements.tiles.value = JSON.stringify(hand); form.submit(); }",
        {**EXAMPLE_HAND, "flowers": 1},
    )
    expect(page.locator(".fan-total")).to_be_visible()
    expect(page.locator(".picker-hand .meld").first).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert content_past_a_card(page) == []
