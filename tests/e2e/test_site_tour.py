"""The browser's tour of the whole site, once in French and once in English,
at a phone's width (360x740): every page of ``tests.e2e.site_pages.PAGES``
over one small event, each checked for all that a page must hold:

- its words: in French no English word; in both languages counts choose
  their plural ("1 players", "player(s)") and no riichi word stands for an
  MCR one (its visible text, <title>, aria-label, title, alt and
  placeholder, the builder's names removed first);
- its width: nothing scrolls sideways on a phone (the players' pages, the
  calculator, the organiser's pages, the projector boards and the tablet
  sheet: players may enter their own table on a phone);
- its Content-Security-Policy: no script, style or request refused.

One visit a page runs every check (a page costs its load and the wait for
the network to settle, not the checks). A failure names every page and
every line at fault at once.

Run: .venv/bin/pytest -q -p no:cacheprovider -m e2e tests/e2e/test_site_tour.py
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.site_checks import (
    english_words,
    page_texts,
    riichi_words,
    rule_set_names,
    wider_than_the_screen,
    wrong_plurals,
)
from tests.e2e.site_pages import report, tour

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_page_speaks_its_language_fits_a_phone_and_keeps_the_policy(
    live_server, browser: Browser, language: str
):
    found = {}
    for visit in tour(browser, live_server.url, language=language, viewport=PHONE):
        expect(visit.page.locator("html")).to_have_attribute("lang", language)
        lines = page_texts(visit.page, visit.event.names + rule_set_names(language))
        bad = riichi_words(lines) + wrong_plurals(lines)
        if language == "fr":
            bad = english_words(lines) + bad
        bad += [f"wider than a phone: {e}" for e in wider_than_the_screen(visit.page)]
        bad += [f"refused by the policy: {v}" for v in visit.violations.collect()]
        if bad:
            found[visit.site.name] = bad
    assert found == {}, report(found, f"({language}, 360 px)")


def test_language_form_switches_to_french(live_server, page: Page):
    """The top bar's language button leaves the cookie the tour sets."""
    page.goto(f"{live_server.url}/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.get_by_role("button", name="Français (FR)", exact=True).click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    cookies = {cookie["name"]: cookie["value"] for cookie in page.context.cookies()}
    assert cookies.get("django_language") == "fr"


def test_the_word_checks_catch_english_and_wrong_plurals():
    """The detectors themselves: English words and "1 ...s" / "(s)" are
    caught, French sentences and singular words in s are not."""
    lines = [
        ("text", "Classement après la manche 2"),
        ("text", "Standings after round 2"),
        ("aria-label", "1 joueurs"),
        ("title", "16 joueur(s)"),
        ("text", "1 fois, 11 points, -1 points, 1\tpoints, 1 Bambous"),
        ("text", "1 table points"),
        ("text", "1 hand was played, 1 joueur sans pénalité"),
        ("text", "Tirée seule (tsumo)"),
    ]
    assert english_words(lines) == [
        "text: 'Standings after round 2' (after, round, Standings)",
        "text: '1 hand was played, 1 joueur sans pénalité' (hand, played, was)",
    ]
    assert riichi_words(lines) == ["text: 'Tirée seule (tsumo)' (tsumo)"]
    assert wrong_plurals(lines) == [
        "aria-label: '1 joueurs'",
        "title: '16 joueur(s)'",
        "text: '1 table points'",
    ]
