"""Every rule set's statistics hook (issue 29): ``hand_facts`` reads its
example hand, its own figures are figures the statistics know, and each has
its label in the rule set's words."""

from __future__ import annotations

from scoring.engine.facts import HandFacts
from scoring.engine.rulesets import get_ruleset
from scoring.engine.stats import COUNTS, RULESET_FIGURES


def test_hand_facts_read_the_example_hand(ruleset_code):
    ruleset = get_ruleset(ruleset_code)
    options = ruleset.clean_options({})
    example = ruleset.example_result(options)
    stored = ruleset.parse_result(example, options).to_dict() if example else {}
    facts = ruleset.hand_facts(stored, None)
    assert isinstance(facts, HandFacts)
    for seats in (facts.winners, facts.declared):
        assert seats is None or all(0 <= seat < 4 for seat in seats)


def test_its_own_figures_are_known_and_worded(ruleset_code):
    ruleset = get_ruleset(ruleset_code)
    assert set(ruleset.stats_figures) <= set(RULESET_FIGURES)
    assert set(ruleset.stats_unknown) <= set(COUNTS)
    assert all(ruleset.words.stats.get(key) for key in ruleset.stats_figures)
