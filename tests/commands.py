"""Run the project's commands (``python -m ...``) the way a user does."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_module(
    module: str, stdin: str, *, timeout: int = 60, check: bool = False
) -> subprocess.CompletedProcess[str]:
    """``python -m module`` in the project root, ``stdin`` in, text out."""
    return subprocess.run(
        [sys.executable, "-m", module],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        timeout=timeout,
        check=check,
    )
