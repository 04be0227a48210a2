"""The calculator's answers are frozen: 20,000 hands answer as they did.

The corpus (``tests/data/mcr_fans_corpus.jsonl.gz``, see ``fans_corpus``)
was written by the calculator before its table-driven core; every answer
(ok, total, each fan number and count, error sentence) must stay the same.
"""

from __future__ import annotations

import json

from scoring.engine.mcr.fans import answer
from scoring.engine.mcr.fans.calculator import answer_text
from tests.unit.scoring.fans_corpus import compact, load


def test_every_frozen_answer_is_unchanged() -> None:
    """All 20,000 hands give their frozen answer, fans and totals included,
    and the command's text of each is ``json.dumps`` of that answer."""
    rows = load()
    assert len(rows) == 20_000
    wrong, text = [], []
    for data, frozen in rows:
        given = answer(data)
        if compact(given) != frozen:
            wrong.append(f"{data}\n  frozen {frozen}\n  now    {compact(given)}")
        if answer_text(data) != json.dumps(given, ensure_ascii=False):
            text.append(data)
    assert not wrong, f"{len(wrong)} answers changed:\n" + "\n".join(wrong[:5])
    assert not text, text[:3]


def test_the_corpus_holds_the_costly_kinds() -> None:
    """The corpus covers the readings that cost most and the rare rules."""
    seen = {number for _, frozen in load() for number, _ in frozen[2]}
    costly = {4, 5, 6, 7, 14, 16, 17, 20, 34, 35, 48, 81}
    assert costly <= seen
