"""A rule set's own words: English, marked for translation, keyed by the rule set.

The engine never translates (it has no Django). A rule set carries the
English labels of its inputs, settings, result kinds and error codes in a
``RuleSetWords``; the web layer looks them up by the rule set and only
translates them (``gettext(label)``). ``N_`` marks a string for
``makemessages`` (the project's ``makemessages`` command adds
``--keyword=N_``) and returns it unchanged, like ``gettext_noop``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


def N_(text: str) -> str:
    """``text`` itself, marked for translation."""
    return text


@dataclass(frozen=True)
class RuleSetWords:
    """Every word a rule set shows, in English marked with ``N_``.

    ``name``: the rule set in words (the creation form, its pages).
    ``results``: its result kinds and the inputs of a hand result, by name
    (``ResultForm.kinds`` and ``ResultField.name``).
    ``options``: its settings by name, and each choice as ``name.value``.
    ``presets``: its named settings (``option_presets``).
    ``errors``: a sentence for every error code it can raise, with the
    error's params as ``%(name)s`` placeholders (``%(field)s``: the input at
    fault, in words).
    ``scores``: what the standings call their two figures
    (``table_points``, ``score``), when not the usual "Table points" and
    "Score".
    ``counters``: the deal counters players follow at the table (riichi's
    honba); counters without words are bookkeeping and are not shown.
    ``units``: the units of ``hand_value`` (the first is the column's
    own), and ``hand_value`` the heading of the hand value column.
    ``sheet``: the workbook's column headings in the rule set's own words,
    by the exports' label keys (``tournaments.exports.labels``: riichi's
    ``"fans"`` column is its yaku).
    ``stats``: the statistics' labels in the rule set's own words, by figure
    key: every key of its ``stats_figures``, ``"items"`` (what its
    breakdown's lines are: fans, yaku) where hands carry one, and any common
    figure it names its own way (the French "Mah-Jong rate" for
    ``win_rate``).
    """

    name: str
    hand_value: str
    results: Mapping[str, str] = field(default_factory=dict)
    options: Mapping[str, str] = field(default_factory=dict)
    presets: Mapping[str, str] = field(default_factory=dict)
    errors: Mapping[str, str] = field(default_factory=dict)
    scores: Mapping[str, str] = field(default_factory=dict)
    counters: Mapping[str, str] = field(default_factory=dict)
    units: tuple[str, ...] = field(default=())
    sheet: Mapping[str, str] = field(default_factory=dict)
    stats: Mapping[str, str] = field(default_factory=dict)
