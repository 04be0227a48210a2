"""``python -m scoring.engine.mcr``: score JSON hands read from standard input.

One hand per line (hand-format.md), one answer per line, in order, flushed
after each line so a pipe gets its answer at once. A line that is not a JSON
object, or that names an impossible hand, gets ``ok: false`` with an English
``error``; the command then goes on with the next line. Exit status 0.
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Mapping
from typing import TextIO

from scoring.engine.errors import EngineError
from scoring.engine.mcr.fans import answer
from scoring.engine.mcr.fans.messages import message


def answer_line(line: str) -> dict[str, object]:
    """The answer for one input line; never raises."""
    if not line.strip():
        return _failure(EngineError("malformed_json", detail="empty line"))
    try:
        data = json.loads(line)
    except ValueError as error:
        return _failure(EngineError("malformed_json", detail=str(error)))
    if not isinstance(data, Mapping):
        return _failure(EngineError("malformed_json", detail="expected an object"))
    try:
        return answer(data)
    except Exception:  # one bad hand must not stop the batch
        traceback.print_exc(file=sys.stderr)
        return _failure(EngineError("internal_error"))


def _failure(error: EngineError) -> dict[str, object]:
    return {"ok": False, "total": 0, "fans": [], "error": message(error)}


def main(stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Answer every line of ``stdin`` on ``stdout`` (the process's by default)."""
    if stdin is None:
        stdin = sys.stdin
        sys.stdin.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    if stdout is None:
        stdout = sys.stdout
        sys.stdout.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    for line in stdin:
        stdout.write(json.dumps(answer_line(line), ensure_ascii=False) + "\n")
        stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
