"""The line protocol every engine command speaks (``python -m
scoring.engine.mcr``, ``.riichi``, ``.french``, ``.encyclopaedia``): one JSON
object a line in, one answer a line out, in order, in UTF-8, flushed after
each line so that a pipe gets its answer at once. A bad line gets an error
answer and the command goes on with the next one."""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Callable, Mapping
from typing import TextIO

from scoring.engine.errors import EngineError

Answer = dict[str, object]


def read_request(line: str) -> Mapping[str, object]:
    """The JSON object on ``line``, or ``EngineError("malformed_json")``."""
    if not line.strip():
        raise EngineError("malformed_json", detail="empty line")
    try:
        data = json.loads(line)
    except ValueError as error:
        raise EngineError("malformed_json", detail=str(error)) from None
    if not isinstance(data, Mapping):
        raise EngineError("malformed_json", detail="expected an object")
    return data


def answer_line(
    line: str,
    answer: Callable[[Mapping[str, object]], Answer],
    failure: Callable[[EngineError], Answer],
) -> Answer:
    """``answer`` of the line's request, or ``failure`` of what went wrong;
    never raises (one bad line must not stop the batch)."""
    try:
        return answer(read_request(line))
    except EngineError as error:
        return failure(error)
    except Exception:
        traceback.print_exc(file=sys.stderr)
        return failure(EngineError("internal_error"))


def serve(
    answer_one: Callable[[str], Answer],
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    *,
    skip_blank: bool = False,
) -> int:
    """Answer every line of ``stdin`` on ``stdout`` (the process's by
    default); ``skip_blank`` leaves blank lines unanswered. Exit status 0."""
    if stdin is None:
        stdin = sys.stdin
        sys.stdin.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    if stdout is None:
        stdout = sys.stdout
        sys.stdout.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    for line in stdin:
        if skip_blank and not line.strip():
            continue
        stdout.write(json.dumps(answer_one(line), ensure_ascii=False) + "\n")
        stdout.flush()
    return 0
