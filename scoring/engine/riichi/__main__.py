"""``python -m scoring.engine.riichi``: one JSON request a line, one answer a line.

See ``protocol`` for the requests. Answers come in order, flushed after each
line so a pipe gets its answer at once; a bad line answers
``{"error": "field: what is wrong"}`` and the command goes on. Exit status 0.
"""

from __future__ import annotations

import sys
from typing import TextIO

from scoring.engine import lines
from scoring.engine.error_words import english
from scoring.engine.errors import EngineError
from scoring.engine.riichi.protocol import answer
from scoring.engine.riichi.words import ERRORS


def answer_line(line: str) -> dict[str, object]:
    """The answer for one input line; never raises."""
    return lines.answer_line(line, answer, _failure)


def _failure(error: EngineError) -> dict[str, object]:
    return {"error": english(error, ERRORS, name_field=True)}


def main(stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Answer every line of ``stdin`` on ``stdout`` (the process's by default)."""
    return lines.serve(answer_line, stdin, stdout)


if __name__ == "__main__":
    sys.exit(main())
