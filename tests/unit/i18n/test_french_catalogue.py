"""The French catalogue is complete and compiled: no empty, fuzzy or stale text."""

from __future__ import annotations

import ast
import gettext
from pathlib import Path

LOCALE = Path(__file__).resolve().parents[3] / "locale" / "fr" / "LC_MESSAGES"


def _entries() -> list[dict[str, object]]:
    """The .po entries: msgid, msgid_plural, msgstr forms and flags."""
    entries: list[dict[str, object]] = []
    entry: dict[str, object] = {}
    key = ""
    for line in (LOCALE / "django.po").read_text(encoding="utf-8").splitlines():
        if not line.strip():
            if entry:
                entries.append(entry)
            entry, key = {}, ""
        elif line.startswith("#,"):
            entry["flags"] = line[2:].replace(" ", "").split(",")
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            entry[key] = str(entry[key]) + ast.literal_eval(line)
        else:
            key, _, text = line.partition(" ")
            entry[key] = ast.literal_eval(text)
    if entry:
        entries.append(entry)
    return [e for e in entries if e.get("msgid")]


ENTRIES = _entries()


def _texts(entry: dict[str, object]) -> list[str]:
    return [str(v) for k, v in entry.items() if k.startswith("msgstr")]


def test_every_text_is_translated():
    """No empty translation and no fuzzy guess left for a person to review."""
    assert len(ENTRIES) > 500
    missing = [
        e["msgid"]
        for e in ENTRIES
        if "fuzzy" in e.get("flags", []) or not all(_texts(e))  # type: ignore[operator]
    ]
    assert missing == []


def test_plural_texts_have_both_french_forms():
    plurals = [e for e in ENTRIES if "msgid_plural" in e]
    assert plurals
    for entry in plurals:
        assert entry.get("msgstr[0]") and entry.get("msgstr[1]"), entry["msgid"]


def test_compiled_catalogue_matches_the_source():
    """django.mo is what the server reads: it must hold every .po text."""
    with (LOCALE / "django.mo").open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    for entry in ENTRIES:
        msgid = str(entry["msgid"])
        if "msgid_plural" in entry:
            plural = str(entry["msgid_plural"])
            assert compiled.ngettext(msgid, plural, 1) == entry["msgstr[0]"], msgid
            assert compiled.ngettext(msgid, plural, 2) == entry["msgstr[1]"], msgid
        elif "msgctxt" in entry:
            assert compiled.pgettext(str(entry["msgctxt"]), msgid) == entry["msgstr"]
        else:
            assert compiled.gettext(msgid) == entry["msgstr"], msgid
