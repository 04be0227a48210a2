"""The fan calculator compiled (mypyc) or as Python: the same answers.

``scripts/compile_fans.py`` may compile the calculator in place; the
package loads the build only while its stamp matches the sources. This
process runs whichever is there (``IMPLEMENTATION``; the whole frozen corpus
is checked in it by test_fans_corpus.py); a child process with
``MURAILLE_PURE_PYTHON=1`` always runs the Python sources, and a plain child
loads what the stamp allows. The children answer a sample of the corpus
(every ``step``-th hand, every kind of hand among them): the same sources
answer it all in this process, so a whole second pass would prove nothing
more for its cost (the pure-Python pass over 20,000 hands was the slowest
test of the suite). ``FANS_CORPUS_STEP=1`` checks every hand in the
children too.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scoring.engine.mcr import __main__ as command
from scoring.engine.mcr.fans import IMPLEMENTATION, answer, native
from scoring.engine.mcr.fans.calculator import answer_text
from tests.commands import ROOT
from tests.unit.scoring.fan_hands import BASE, hand

#: The children's sample: every STEP-th hand of the corpus.
STEP = int(os.environ.get("FANS_CORPUS_STEP", "5"))

_CHECK_CORPUS = """
import json, sys
from scoring.engine.mcr.fans import IMPLEMENTATION, answer
from scoring.engine.mcr.fans.calculator import answer_text
from tests.unit.scoring.fans_corpus import compact, load
rows = load()[:: int(sys.argv[1])]
wrong = sum(compact(answer(data)) != frozen for data, frozen in rows)
text = sum(
    answer_text(data) != json.dumps(answer(data), ensure_ascii=False)
    for data, _ in rows
)
print(json.dumps([IMPLEMENTATION, len(rows), wrong, text]))
"""


def _run_corpus(pure: bool) -> list[object]:
    env = {k: v for k, v in os.environ.items() if k != native.PURE_PYTHON_VARIABLE}
    if pure:
        env[native.PURE_PYTHON_VARIABLE] = "1"
    completed = subprocess.run(
        [sys.executable, "-c", _CHECK_CORPUS, str(STEP)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=300,
        check=True,
    )
    result: list[object] = json.loads(completed.stdout)
    return result


SAMPLE = len(range(0, 20_000, STEP))


def test_the_python_sources_give_the_frozen_answers() -> None:
    """Forced to Python, the calculator answers the corpus as frozen."""
    assert _run_corpus(pure=True) == ["python", SAMPLE, 0, 0]


def test_the_default_process_gives_the_frozen_answers() -> None:
    """A plain process (compiled when a current build is there) answers the same."""
    expected = "compiled" if _build_is_current() else "python"
    assert _run_corpus(pure=False) == [expected, SAMPLE, 0, 0]


def _build_is_current() -> bool:
    """A build of the current sources is there (whatever this process's env)."""
    if (
        not any(native.PACKAGE_DIR.glob("calculator.*.so"))
        or not native.STAMP.is_file()
    ):
        return False
    return native.STAMP.read_text(encoding="ascii").strip() == native.sources_digest()


def test_this_process_loaded_what_the_stamp_allows() -> None:
    """Compiled exactly when a build of the current sources is present."""
    forced = bool(os.environ.get(native.PURE_PYTHON_VARIABLE))
    current = not forced and _build_is_current()
    expected = "compiled" if current else "python"
    assert expected == IMPLEMENTATION


def test_a_stale_or_missing_stamp_keeps_the_build_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An edited source is never shadowed by an older build."""
    stamp = tmp_path / "native.stamp"
    monkeypatch.setattr(native, "STAMP", stamp)
    monkeypatch.delenv(native.PURE_PYTHON_VARIABLE, raising=False)
    assert not native.compiled_allowed()
    stamp.write_text("0" * 64 + "\n", encoding="ascii")
    assert not native.compiled_allowed()
    stamp.write_text(native.sources_digest() + "\n", encoding="ascii")
    assert native.compiled_allowed()
    monkeypatch.setenv(native.PURE_PYTHON_VARIABLE, "1")
    assert not native.compiled_allowed()


def test_the_source_finder_serves_only_the_package_sources() -> None:
    """The finder gives a package module's .py and leaves every other name."""
    finder = native.SourceOnlyFinder()
    spec = finder.find_spec(f"{native.PACKAGE}.calculator")
    assert spec is not None and spec.origin is not None
    assert spec.origin.endswith("calculator.py")
    assert finder.find_spec(f"{native.PACKAGE}.build__mypyc") is None
    assert finder.find_spec("json") is None
    assert finder.find_spec("scoring.engine.mcr.calculator") is None


def test_the_digest_covers_every_compiled_module() -> None:
    """Every module but __init__ and native is compiled and in the digest."""
    names = {path.name for path in native.compiled_sources()}
    assert "calculator.py" in names and "reading.py" in names
    assert not names & {"__init__.py", "native.py"}
    assert len(native.sources_digest()) == 64


@pytest.mark.parametrize(
    "data",
    [
        BASE,
        {**BASE, "flowers": 3},
        {**BASE, "winning_tile": "6s"},
        hand("234567s234567p5z", "5z"),
        hand("123m123p123s456m5p", "5p"),
        {**BASE, "concealed": 12},
        {**BASE, "seat_wind": "X"},
        {"concealed": "1m"},
    ],
)
def test_the_command_text_is_the_answer_as_json(data: dict[str, object]) -> None:
    """Wins, flowers, below the minimum, not a win and field errors."""
    expected = json.dumps(answer(data), ensure_ascii=False)
    assert answer_text(data) == expected
    assert command.answer_line_text(json.dumps(data)) == expected


@pytest.mark.parametrize("line", ["{not json", "", "[1, 2]", "null"])
def test_the_command_text_of_a_bad_line(line: str) -> None:
    """A line that is not a JSON object: the same error answer as before."""
    expected = json.dumps(command.answer_line(line), ensure_ascii=False)
    assert command.answer_line_text(line) == expected
