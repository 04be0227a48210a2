"""The tests of one ``xdist_group`` run on one worker (``--dist loadgroup``),
as the venue's two modules need: pytest 9 ignored the group (see
tests/xdist_groups.py) and each worker built the venue template."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from pathlib import Path

from tests.commands import ROOT

GROUPED = """
import os
import pytest

pytestmark = pytest.mark.xdist_group("together")

@pytest.mark.parametrize("n", range(4))
def test_where(n):
    print(os.environ["PYTEST_XDIST_WORKER"])
"""


def test_a_group_spread_over_two_modules_runs_on_one_worker(tmp_path: Path):
    folder = ROOT / "tests" / "unit" / f"xdist_probe_{tmp_path.name}"
    folder.mkdir()
    try:
        (folder / "__init__.py").write_text("")
        for name in ("test_first.py", "test_second.py"):
            (folder / name).write_text(textwrap.dedent(GROUPED))
        run = subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "-p",
                "no:cacheprovider",
                "-v",
                "-n",
                "2",
                "--dist",
                "loadgroup",
                str(folder),
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
        )
    finally:
        for path in sorted(folder.rglob("*"), reverse=True):
            path.rmdir() if path.is_dir() else path.unlink()
        folder.rmdir()
    assert run.returncode == 0, run.stdout[-2000:]
    workers = set(re.findall(r"\[(gw\d)\] .*PASSED", run.stdout))
    assert len(re.findall(r"PASSED", run.stdout)) == 8, run.stdout[-2000:]
    assert len(workers) == 1, run.stdout[-2000:]
