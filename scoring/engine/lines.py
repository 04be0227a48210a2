"""The line protocol every engine command speaks (``python -m
scoring.engine.mcr``, ``.riichi``, ``.french``, ``.encyclopaedia``): one JSON
object a line in, one answer a line out, in order, in UTF-8, flushed after
each line so that a pipe gets its answer at once. A bad line gets an error
answer and the command goes on with the next one.

Standard input is read as bytes and each line decoded on its own: a text
reader would raise on the first byte that is not UTF-8 and lose every
later line. Undecodable bytes become lone surrogates (``surrogateescape``)
and ``read_request`` refuses them, as it refuses a lone surrogate escape
("\\ud800") inside the JSON, which no UTF-8 answer could echo."""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Callable, Iterable, Mapping
from typing import IO, TypeVar

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
    _check_utf8(line)
    try:
        data = json.loads(line)
    except ValueError as error:
        raise EngineError("malformed_json", detail=str(error)) from None
    if not isinstance(data, Mapping):
        raise EngineError("malformed_json", detail="expected an object")
    # Only a \u escape can bring a lone surrogate into a decoded line.
    if "\\u" in line:
        _check_no_surrogate(data)
    return data


def _check_utf8(line: str) -> None:
    """A line read with ``surrogateescape`` holds a lone surrogate where its
    bytes were not UTF-8; the error names the first such byte."""
    if line.isascii():
        return
    try:
        line.encode("utf-8")
    except UnicodeEncodeError as error:
        code = ord(line[error.start])
        byte = code - 0xDC00 if 0xDC80 <= code <= 0xDCFF else code
        raise EngineError(
            "malformed_json",
            detail=f"not UTF-8 text (0x{byte:02x} at character {error.start + 1})",
        ) from None


def _check_no_surrogate(value: object) -> None:
    """No string (key or value) of ``value`` holds a lone surrogate: the
    JSON escape of half a pair is no character, and no answer could say it."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as error:
            half = f"\\u{ord(value[error.start]):04x}"
            raise EngineError(
                "malformed_json",
                detail=f"a lone surrogate escape ({half}) is not a character",
            ) from None
    elif isinstance(value, Mapping):
        for key, item in value.items():
            _check_no_surrogate(key)
            _check_no_surrogate(item)
    elif isinstance(value, list):
        for item in value:
            _check_no_surrogate(item)


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
    stdin: IO[str] | IO[bytes] | None = None,
    stdout: IO[str] | None = None,
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
    stdin: IO[str] | IO[bytes] | None = None,
    stdout: IO[str] | None = None,
    *,
    skip_blank: bool = False,
) -> int:
    """``serve`` for an ``answer_one`` that writes its answer's JSON itself
    (the same text as ``encode`` of the answer). ``stdin`` yields bytes (the
    process's binary stdin by default) or text lines."""
    if stdin is None:
        stdin = sys.stdin.buffer
    if stdout is None:
        stdout = sys.stdout
        sys.stdout.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    write = stdout.write
    flush = stdout.flush
    for raw in stdin:
        line = raw.decode("utf-8", "surrogateescape") if isinstance(raw, bytes) else raw
        if skip_blank and not line.strip():
            continue
        write(answer_one(line) + "\n")
        flush()
    return 0
