"""In French, the main pages show no English word; in both languages, counts
choose their plural form and no riichi word stands for an MCR one.

Each page of ``tests.e2e.site_pages.PAGES`` is opened in a real browser over
one small event, and its visible text (``document.body.innerText``), its
<title> and its aria-label, title, alt and placeholder attributes are read.
The names the builder chose are removed first. A failure names the page and
quotes each offending line.

Run: .venv/bin/pytest -q -p no:cacheprovider -m e2e tests/e2e/test_french_pages.py
"""

from __future__ import annotations

import re

import pytest
from django.utils import translation
from playwright.sync_api import Browser, Page, expect

from scoring.forms import preset_choices, ruleset_choices
from tests.e2e.site_pages import report, tour

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

#: English words that are never French (nor MCR terms used in French):
#: "on", "or", "an", "a", "as", "but", "do", "four", "file", "date", "plan",
#: "public", "session", "table", "page", "menu", "score", "export", "points",
#: "total", "fan", "chow", "pung", "kong" and "club" are French too, so they
#: are not listed; "English" names the language in the language menu.
ENGLISH_ONLY = frozenset(
    """
    the and of with without to from by for at in into after before about over
    under between one two three this that these those
    is are was were be been being has have had not yes if then than when
    which who what where your you my our their they it its there here
    will would should can cannot could must may does did done each other
    others all any some only still more less first last next previous new
    back home hand hands round rounds player players standings seat seats
    seating wind winds east south west north dealer closed open played
    playing winner discarder discard self drawn washout penalty penalties
    tile tiles count subtotal payments tournament tournaments rank status
    name country settings rules import upload download
    save delete edit add remove cancel confirm reopen finish finished start
    started publish published private log login logout sign password
    username forgot clock time hour hours called sheet review progress
    request swap draw shuffle results result
    """.split()  # noqa: SIM905 (a word list reads better as words)
)
#: Riichi words, wrong in MCR whatever the language ("Tirée seule (tsumo)").
RIICHI = frozenset("tsumo ron riichi tenpai yaku dora".split())  # noqa: SIM905

#: Words that may end "1 ...s" without a wrong plural: singulars and small
#: words that end in "s", and the suits in the tiles' names ("1 Characters").
NOT_A_COUNT = frozenset(
    """
    fois mois pays temps bonus status sans dans sous vers après depuis puis
    plus moins mais alors très pas jamais toujours
    is was has this its as us yes does always unless less across
    characters circles dots bamboos caractères cercles bambous
    """.split()  # noqa: SIM905
)

WORD = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿœŒ]+")
#: Addresses shown in full (a tablet link with its random token, where
#: "iN" once read as English) are not words to translate.
ADDRESS = re.compile(r"https?://\S+")
#: "1 points", "1 hands", "1 table points", "1 joueurs": a 1 alone (not 11,
#: 2.1, -1, +1, 1/4) before a word in the plural, maybe after one lowercase
#: word; a space, not a tab (table cells).
ONE_PLURAL = re.compile(r"(?<![\d.,/+\-−])\b1 ((?:[a-zà-ÿ]+ )?[A-Za-zÀ-ÿ]+s)\b")

#: Text marked as not to be translated (translate="no", e.g. the column
#: titles an import accepts) or as another language is left out.
READ_PAGE = """() => {
  const language = document.documentElement.lang;
  const foreign = `[translate="no"], body [lang]:not([lang|="${language}"])`;
  for (const element of document.querySelectorAll(foreign)) element.remove();
  const found = [["title", document.title], ["text", document.body.innerText]];
  for (const element of document.querySelectorAll(
      "[aria-label], [title], [alt], [placeholder]")) {
    for (const name of ["aria-label", "title", "alt", "placeholder"]) {
      const value = element.getAttribute(name);
      if (value) found.push([name, value]);
    }
  }
  return found;
}"""


def page_texts(page: Page, names: list[str]) -> list[tuple[str, str]]:
    """(where, line) for each non-empty line the page shows or speaks, with
    the chosen names removed."""
    lines = []
    for where, text in page.evaluate(READ_PAGE):
        for name in names:
            text = text.replace(name, " ")
        lines += [(where, line.strip()) for line in text.splitlines() if line.strip()]
    return lines


def words_from(vocabulary: frozenset[str], lines: list[tuple[str, str]]) -> list[str]:
    found = []
    for where, line in lines:
        words = {
            w for w in WORD.findall(ADDRESS.sub(" ", line)) if w.lower() in vocabulary
        }
        if words:
            found.append(
                f"{where}: {line!r} ({', '.join(sorted(words, key=str.lower))})"
            )
    return found


def english_words(lines: list[tuple[str, str]]) -> list[str]:
    return words_from(ENGLISH_ONLY, lines)


def riichi_words(lines: list[tuple[str, str]]) -> list[str]:
    return words_from(RIICHI, lines)


def wrong_plurals(lines: list[tuple[str, str]]) -> list[str]:
    found = []
    for where, line in lines:
        bad = "(s)" in line or any(
            words.split()[-1].lower() not in NOT_A_COUNT
            for words in ONE_PLURAL.findall(line)
        )
        if bad:
            found.append(f"{where}: {line!r}")
    return found


def rule_set_names(language: str) -> list[str]:
    """The rule sets' own names, as the creation form offers them ("Riichi
    (Japanese): EMA riichi rules (2016)"): a riichi word there names the
    rule set, it does not stand for an MCR term. Longest first, so that a
    preset's label goes before the rule set's name inside it."""
    with translation.override(language):
        labels = [str(label) for _code, label in preset_choices()]
        labels += [str(label) for _code, label in ruleset_choices()]
    return sorted(labels, key=len, reverse=True)


def test_french_pages_have_no_english_word(live_server, browser: Browser):
    found = {}
    for site, page, event in tour(browser, live_server.url, language="fr"):
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        lines = page_texts(page, event.names + rule_set_names("fr"))
        if bad := english_words(lines) + riichi_words(lines) + wrong_plurals(lines):
            found[site.name] = bad
    assert found == {}, report(found, "in French")


def test_english_counts_choose_their_plural(live_server, browser: Browser):
    """No "1 players" and no "player(s)": ngettext picks the form; and no
    riichi word."""
    found = {}
    for site, page, event in tour(browser, live_server.url, language="en"):
        expect(page.locator("html")).to_have_attribute("lang", "en")
        lines = page_texts(page, event.names + rule_set_names("en"))
        if bad := riichi_words(lines) + wrong_plurals(lines):
            found[site.name] = bad
    assert found == {}, report(found, "in English")


def test_language_form_switches_to_french(live_server, page: Page):
    """The top bar's language button leaves the cookie the checks above set."""
    page.goto(f"{live_server.url}/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.get_by_role("button", name="Français (FR)", exact=True).click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    cookies = {cookie["name"]: cookie["value"] for cookie in page.context.cookies()}
    assert cookies.get("django_language") == "fr"


def test_checks_catch_english_and_wrong_plurals():
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
