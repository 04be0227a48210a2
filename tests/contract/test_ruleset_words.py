"""Every rule set's words are complete and spoken in French (issue 28).

Parametrised over the registry: a new rule set passes here once its words
label every input, setting and preset and the French catalogue has them.
Also: error codes are constants, so the catalogue scan cannot miss one.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from django.utils import translation

from scoring.engine.contract import result_forms
from scoring.engine.rulesets import get_ruleset, ruleset_problems
from scoring.messages import option_label, result_label, ruleset_label

ROOT = Path(__file__).resolve().parents[2]
SNAKE = re.compile(r"^[a-z]+(_[a-z0-9]+)+$")


def shown_labels(code: str) -> list[str]:
    """Every label the pages show for rule set ``code``, in the active language."""
    ruleset = get_ruleset(code)
    labels = [ruleset_label(code)]
    for form in result_forms(ruleset):
        names = [*form.kinds, *(field.name for field in form.fields)]
        labels += [result_label(name, code) for name in names]
    for option in ruleset.option_form():
        labels.append(option_label(option.name, code))
        labels += [option_label(f"{option.name}.{c}", code) for c in option.choices]
    return labels


def test_the_rule_set_is_complete(ruleset_code):
    code = ruleset_code
    assert ruleset_problems(get_ruleset(code)) == []


def test_no_label_is_a_raw_code_in_either_language(ruleset_code):
    code = ruleset_code
    for language in ("en", "fr"):
        with translation.override(language):
            raw = [label for label in shown_labels(code) if SNAKE.match(label)]
        assert raw == [], language


def test_the_french_pages_show_no_english_label(ruleset_code):
    code = ruleset_code
    """A label left untranslated reads the same in both languages; names
    that are the same word in French (Chombo, Fu, Han...) are allowed only
    where the catalogue says so (msgstr equal to msgid)."""
    with translation.override("en"):
        english = shown_labels(code)
    with translation.override("fr"):
        french = shown_labels(code)
    catalogue = (ROOT / "locale/fr/LC_MESSAGES/django.po").read_text("utf-8")
    untranslated = [
        en
        for en, fr in zip(english, french, strict=True)
        if en == fr and f'msgid "{en}"\nmsgstr "{en}"' not in catalogue
    ]
    assert untranslated == []


def test_error_codes_are_constants():
    """An f-string code passed the catalogue's scan and reached the page raw."""
    computed = []
    for package in ("scoring", "tournaments", "leagues"):
        for path in (ROOT / package).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call) or not node.args:
                    continue
                func = node.func
                name = func.id if isinstance(func, ast.Name) else ""
                if isinstance(func, ast.Attribute):
                    name = func.attr
                # A code built from parts; re-raising ``error.code`` is fine.
                built = isinstance(node.args[0], ast.JoinedStr | ast.BinOp)
                if name in {"EngineError", "ServiceError", "ConflictError"} and built:
                    computed.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert computed == []
