"""Every engine command reads bytes: a line that is not UTF-8, or whose JSON
holds a lone surrogate escape, gets an error line in the tool's own shape,
and the command goes on with the next line (exit status 0, as for any other
bad line)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.commands import ROOT
from tests.unit.scoring.fan_hands import BASE

# Each command, a line it answers without an error, and the key its error
# answers carry (MCR: ``ok: false`` with an ``error``; the others ``error``).
GOOD_LINES = {
    "scoring.engine.mcr": json.dumps(BASE).encode(),
    "scoring.engine.riichi": json.dumps(
        {"kind": "end", "points": [21300, 8700, 33600, 36400], "start": 25000}
        | {"return": 30000, "uma": None}
    ).encode(),
    "scoring.engine.french": json.dumps(
        {"kind": "settle", "mahjong": "E"}
        | {"scores": {"E": 10, "S": 0, "W": 0, "N": 0}}
    ).encode(),
    "scoring.engine.encyclopaedia": json.dumps(
        {"kind": "hand", "finish": None, "sets": [], "flowers": 0}
        | {"announced": False}
    ).encode(),
}
NOT_UTF8 = b'{"kind": "caf\xe9"}'
SURROGATE = b'{"kind": "\\ud800"}'
SURROGATE_KEY = b'{"\\udfff": 1}'


def run_bytes(module: str, stdin: bytes) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", module],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        timeout=60,
    )


def is_error(module: str, answer: dict[str, object]) -> bool:
    if module == "scoring.engine.mcr":
        return answer.get("ok") is False and bool(answer.get("error"))
    return set(answer) == {"error"}


@pytest.mark.parametrize("module", sorted(GOOD_LINES))
def test_a_line_not_utf8_or_with_a_lone_surrogate_is_an_error_line(module):
    """Bad bytes and lone surrogates: one error line each, in order, then the
    next good line is answered; nothing on stderr, exit status 0."""
    good = GOOD_LINES[module]
    stdin = b"\n".join([good, NOT_UTF8, SURROGATE, SURROGATE_KEY, good]) + b"\n"
    completed = run_bytes(module, stdin)
    assert completed.returncode == 0, completed.stderr.decode()
    assert completed.stderr == b""
    answers = [json.loads(line) for line in completed.stdout.decode().splitlines()]
    assert len(answers) == 5
    assert not is_error(module, answers[0])
    assert answers[4] == answers[0]
    for answer in answers[1:4]:
        assert is_error(module, answer), answer
    assert "UTF-8" in str(answers[1])
    assert "surrogate" in str(answers[2])
    assert "surrogate" in str(answers[3])


@pytest.mark.parametrize("module", sorted(GOOD_LINES))
def test_a_valid_surrogate_pair_and_non_ascii_text_are_read(module):
    """A surrogate pair escape is one character, not an error: the line is
    answered as it would be without the escape (an unknown kind here)."""
    line = b'{"kind": "\\ud83c\\udc04 caf\xc3\xa9"}\n'
    completed = run_bytes(module, line)
    assert completed.returncode == 0
    answer = json.loads(completed.stdout.decode())
    assert "surrogate" not in str(answer)
    assert "UTF-8" not in str(answer)
