"""The tests of one ``xdist_group`` run on one worker (``--dist loadgroup``),
as the venue's two modules need: pytest 9 ignored the group (see
tests/xdist_groups.py) and each worker built the venue template."""

from __future__ import annotations

import os
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
    # The probe has the suite's hook and xdist, nothing else: the suite's
    # other plugins (Django, Hypothesis, Faker, schemathesis) would cost
    # each of its three processes seconds to import.
    (tmp_path / "conftest.py").write_text(
        "from tests.xdist_groups import pytest_collection_modifyitems  # noqa: F401\n"
    )
    for name in ("test_first.py", "test_second.py"):
        (tmp_path / name).write_text(textwrap.dedent(GROUPED))
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "xdist.plugin",
            "-p",
            "no:cacheprovider",
            "-c",
            os.devnull,
            "--rootdir",
            str(tmp_path),
            "-v",
            "-n",
            "2",
            "--dist",
            "loadgroup",
            str(tmp_path),
        ],
        cwd=tmp_path,
        env={
            **os.environ,
            "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1",
            "PYTHONPATH": str(ROOT),
        },
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout[-2000:]
    workers = set(re.findall(r"\[(gw\d)\] .*PASSED", run.stdout))
    assert len(re.findall(r"PASSED", run.stdout)) == 8, run.stdout[-2000:]
    assert len(workers) == 1, run.stdout[-2000:]
