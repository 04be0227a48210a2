"""``python -m scoring.engine.french``: the line protocol of ``command``."""

from __future__ import annotations

import sys

from scoring.engine.french.command import answer_data, run

if __name__ == "__main__":
    sys.exit(run(answer_data))
