"""What a registered rule set must still give beyond its methods: its words.

``missing_words`` names every result kind, input, setting, choice, preset
and hand-value unit the rule set shows without words of its own; the
start-up check (``scoring.checks``) and the contract test read it, so a rule
set never reaches a page with a raw code for a label.
"""

from __future__ import annotations

from scoring.engine.base import AnyRuleSet
from scoring.engine.errors import EngineError
from scoring.engine.types import ResultForm
from scoring.engine.words import RuleSetWords


def result_forms(ruleset: AnyRuleSet) -> list[ResultForm]:
    """The rule set's result inputs under its defaults and each preset
    (riichi's triple ron adds inputs)."""
    settings: list[object] = [{}, *ruleset.option_presets().values()]
    forms = []
    for raw in settings:
        try:
            options = ruleset.clean_options(raw)  # type: ignore[arg-type]
        except EngineError:
            continue  # a preset the rule set refuses: its own tests say so
        form = ruleset.result_form(options)
        if form is not None:
            forms.append(form)
    return forms


def missing_words(ruleset: AnyRuleSet) -> list[str]:
    """Each label the rule set shows and has no words for, in words."""
    words = ruleset.words
    if not isinstance(words, RuleSetWords):
        return ["its words are not a RuleSetWords"]
    missing = []
    if not words.name:
        missing.append("no name in its words")
    if not words.hand_value:
        missing.append("no hand value heading in its words")
    for form in result_forms(ruleset):
        names = [*form.kinds, *(field.name for field in form.fields)]
        missing += [
            f"no words for the result kind or input {name!r}"
            for name in names
            if name not in words.results
        ]
    for option in ruleset.option_form():
        names = [option.name, *(f"{option.name}.{c}" for c in option.choices)]
        missing += [
            f"no words for the setting {name!r}"
            for name in names
            if name not in words.options
        ]
    missing += [
        f"no words for the preset {name!r}"
        for name in ruleset.option_presets()
        if name not in words.presets
    ]
    if not words.units:
        missing.append("no hand value unit in its words")
    missing += [
        f"no words for the statistics' figure {name!r}"
        for name in ruleset.stats_figures
        if name not in words.stats
    ]
    return list(dict.fromkeys(missing))
