"""The line protocol every engine command speaks (``python -m
scoring.engine.mcr``, ``.riichi``, ``.french``, ``.encyclopaedia``): one JSON
object a line in, one answer a line out, in order, in UTF-8, flushed after
each line so that a pipe gets its answer at once. A bad line gets an error
answer and the command goes on with the next one."""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Callable, Iterable, Mapping
from typing import TextIO, TypeVar

from scoring.engine.errors import EngineError

Answer = dict[str, object]
Reply = TypeVar("Reply")
# json.dumps(answer, ensure_ascii=False) without building an encoder a line.
encode = json.JSONEncoder(ensure_ascii=False).encode


def require(data: Mapping[str, object], keys: Iterable[str], prefix: str = "") -> None:
    """Every key of ``keys`` is on the line (its value may be ``null``): a
    key left out is an error naming it (with ``prefix``, e.g. ``"sets[2]."``),
    never read as a default."""
    for key in keys:
        if key not in data:
            raise EngineError("missing_field", field=prefix + key)


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
    answer: Callable[[Mapping[str, object]], Reply],
    failure: Callable[[EngineError], Reply],
) -> Reply:
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
    return serve_text(
        lambda line: encode(answer_one(line)), stdin, stdout, skip_blank=skip_blank
    )


def serve_text(
    answer_one: Callable[[str], str],
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    *,
    skip_blank: bool = False,
) -> int:
    """``serve`` for an ``answer_one`` that writes its answer's JSON itself
    (the same text as ``encode`` of the answer)."""
    if stdin is None:
        stdin = sys.stdin
        sys.stdin.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    if stdout is None:
        stdout = sys.stdout
        sys.stdout.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    write = stdout.write
    flush = stdout.flush
    for line in stdin:
        if skip_blank and not line.strip():
            continue
        write(answer_one(line) + "\n")
        flush()
    return 0
