"""``python -m scoring.engine.riichi``: one JSON request a line, one answer a line.

See ``protocol`` for the requests. Answers come in order, flushed after each
line so a pipe gets its answer at once; a bad line answers
``{"error": "field: what is wrong"}`` and the command goes on. Exit status 0.
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Mapping
from typing import TextIO

from scoring.engine.errors import EngineError
from scoring.engine.riichi.messages import message
from scoring.engine.riichi.protocol import answer


def read_request(line: str) -> Mapping[str, object]:
    """The JSON object on ``line``, or ``EngineError("malformed_json")``."""
    try:
        data = json.loads(line) if line.strip() else None
    except ValueError as error:
        raise EngineError("malformed_json", detail=str(error)) from None
    if not isinstance(data, Mapping):
        detail = "expected an object" if line.strip() else "empty line"
        raise EngineError("malformed_json", detail=detail)
    return data


def answer_line(line: str) -> dict[str, object]:
    """The answer for one input line; never raises."""
    try:
        return answer(read_request(line))
    except EngineError as error:
        return _failure(error)
    except Exception:  # one bad line must not stop the batch
        traceback.print_exc(file=sys.stderr)
        return _failure(EngineError("internal_error"))


def _failure(error: EngineError) -> dict[str, object]:
    return {"error": message(error)}


def main(stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Answer every line of ``stdin`` on ``stdout`` (the process's by default)."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    for line in stdin:
        stdout.write(json.dumps(answer_line(line)) + "\n")
        stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
