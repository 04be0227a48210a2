"""What the site tour checks on every page it opens (tests/e2e/test_site_tour.py):
words that are not in the page's language, a count with the wrong plural,
a riichi word standing for an MCR one, content wider than the screen, and
what the Content-Security-Policy refused.

Each detector reads one page and returns the offending lines, so that a
failure names every page and every line at fault at once.
"""

from __future__ import annotations

import re

from django.utils import translation
from playwright.sync_api import ConsoleMessage, Page

from scoring.forms import preset_choices, ruleset_choices

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


#: The first five elements past the screen's right edge.
WIDER_THAN = """width => Array.from(document.querySelectorAll('body *'))
    .filter(element => element.getBoundingClientRect().right > width + 0.5)
    .slice(0, 5).map(element => element.tagName + '.' + element.className)"""


def wider_than_the_screen(page: Page) -> list[str]:
    """The elements that make the page scroll sideways (none when it fits)."""
    width = page.evaluate("document.documentElement.clientWidth")
    if page.evaluate("document.documentElement.scrollWidth") <= width:
        return []
    return page.evaluate(WIDER_THAN, width)


#: Runs in every document before its own scripts (Playwright injects it
#: through the DevTools protocol, which the policy does not govern).
LISTEN = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(
    event.violatedDirective + " blocked " + (event.blockedURI || "inline")
    + " at " + event.sourceFile + ":" + event.lineNumber);
});
"""


class Violations:
    """What the browser refused on one page, from both of its reports."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.console: list[str] = []
        page.add_init_script(LISTEN)
        page.on("console", self._on_console)

    def _on_console(self, message: ConsoleMessage) -> None:
        text = message.text
        if "Content Security Policy" in text or text.startswith("Refused to"):
            self.console.append(text)

    def collect(self) -> list[str]:
        events = self.page.evaluate("() => window.__cspViolations || []")
        return [*events, *self.console]
