"""A full name split into first and last name: the one rule for every way in.

The pasted list, the file import's full-name column and the club night's
typed names all store a player's first and last name from one string, and
the EMA results sheet prints them apart: "Zoë Van der Ært" must stay "Zoë"
and "Van der Ært", as entered, not "Zoë Van der" and "Ært".

* "Last, First" (a comma in the name) is read as written: "Van der Ært,
  Zoë". A pasted line whose fields are separated by semicolons or tabs may
  use it (see ``tournaments.imports.players.split_pasted_line``).
* Otherwise the last word is the last name, together with the particles
  just before it ("van", "van der", "de la", "von", "di", "dos", "ten",
  "ter"...), case kept: "Anna van der Berg" gives "Anna" and "van der
  Berg". The first word always stays a first name ("Van Damme" is "Van" and
  "Damme"), since a particle alone is no first name either way.
* One word is a last name alone.

Names are compared by the keys below, never by hand-written casefolds: the
same person typed "Zoe van der aert" or stored before particles stayed with
the last name ("Zoë Van der" "Ært") is still found.

Pure: no Django, strings in and out.
"""

from __future__ import annotations

import unicodedata

_PARTICLE_WORDS = (
    "van von vom zu der den des de del della dello dei degli da das do dos du "
    "la le les lo di dal ten ter te op het 't bin ibn al el mac st. saint"
)
PARTICLES = frozenset(_PARTICLE_WORDS.split())
"""Lower-case words that belong to the last name when they come before it."""


def split_full_name(name: str) -> tuple[str, str]:
    """``(first_name, last_name)`` of a full name; spaces are collapsed.

    See the module docstring for the rules. An empty name gives two empty
    strings; "Last, First" with nothing after the comma is a last name alone.
    """
    if "," in name:
        last, _, first = name.partition(",")
        return _collapse(first), _collapse(last)
    words = name.split()
    if len(words) < 2:
        return "", " ".join(words)
    start = len(words) - 1
    while start > 1 and words[start - 1].casefold() in PARTICLES:
        start -= 1
    return " ".join(words[:start]), " ".join(words[start:])


def join_name(first_name: str, last_name: str) -> str:
    """The display name, first name first ("Zoë Van der Ært")."""
    return " ".join(part for part in (first_name.strip(), last_name.strip()) if part)


def name_key(name: str) -> str:
    """A name compared without case, accents or spacing differences."""
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(plain.casefold().split())


def full_name_key(first_name: str, last_name: str) -> str:
    """``name_key`` of the display name: how a typed or imported name finds a
    stored player, whichever way the full name was once split."""
    return name_key(join_name(first_name, last_name))


def likeness_key(first_name: str, last_name: str) -> tuple[str, ...]:
    """The name's words without accents, case or hyphens, in alphabetical
    order: two rows that may be one person whose names were entered in
    another order ("Martin Anna", "Anna Martin") or hyphenated differently
    (the duplicates list and the player merge)."""
    return tuple(
        sorted(name_key(join_name(first_name, last_name).replace("-", " ")).split())
    )


def _collapse(text: str) -> str:
    return " ".join(text.split())
