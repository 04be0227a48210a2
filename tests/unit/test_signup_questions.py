"""The organiser's questions: keys kept across edits, so answers stay with
their question; bad questions named by their row."""

from __future__ import annotations

import pytest

from tournaments.services.errors import ServiceError
from tournaments.services.signups import MAX_QUESTIONS, clean_questions


def test_new_questions_get_fresh_keys_and_kept_ones_keep_theirs():
    questions = clean_questions(
        [
            {"label": "Allergies", "kind": "text"},
            {"key": "q1", "label": "Vegetarian meal?", "kind": "yes_no"},
        ]
    )
    assert questions == [
        {"key": "q2", "label": "Allergies", "kind": "text"},
        {"key": "q1", "label": "Vegetarian meal?", "kind": "yes_no"},
    ]


@pytest.mark.parametrize(
    ("questions", "code"),
    [
        ([{"label": " "}], "bad_question_label"),
        ([{"label": "x" * 201}], "bad_question_label"),
        ([{"label": "Meal", "kind": "colour"}], "bad_question_kind"),
        ([{"key": "a", "label": "A"}, {"key": "a", "label": "B"}], "bad_question_key"),
        ([{"label": f"Q{n}"} for n in range(MAX_QUESTIONS + 1)], "too_many_questions"),
    ],
)
def test_bad_questions_are_refused(questions, code):
    with pytest.raises(ServiceError) as refused:
        clean_questions(questions)
    assert refused.value.code == code
