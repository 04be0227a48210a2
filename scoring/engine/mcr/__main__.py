"""``python -m scoring.engine.mcr``: score JSON hands read from standard input.

One hand per line (hand-format.md), one answer per line, in order, flushed
after each line so a pipe gets its answer at once. A line that is not a JSON
object, or that names an impossible hand, gets ``ok: false`` with an English
``error``; the command then goes on with the next line. Exit status 0.
"""

from __future__ import annotations

import sys
from typing import TextIO

from scoring.engine import lines
from scoring.engine.errors import EngineError
from scoring.engine.mcr.fans import answer
from scoring.engine.mcr.fans.calculator import answer_text, message


def answer_line(line: str) -> dict[str, object]:
    """The answer for one input line; never raises."""
    return lines.answer_line(line, answer, _failure)


def answer_line_text(line: str) -> str:
    """``answer_line`` as the JSON text the command writes; never raises."""
    return lines.answer_line(line, answer_text, _failure_text)


def _failure(error: EngineError) -> dict[str, object]:
    return {"ok": False, "total": 0, "fans": [], "error": message(error)}


def _failure_text(error: EngineError) -> str:
    return lines.encode(_failure(error))


def main(stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Answer every line of ``stdin`` on ``stdout`` (the process's by default)."""
    return lines.serve_text(answer_line_text, stdin, stdout)


if __name__ == "__main__":
    sys.exit(main())
