"""``python -m tournaments.seating``: one JSON request on stdin, one JSON
response on stdout; a bad request prints one line on stderr and exits 2."""

from __future__ import annotations

import json
import sys

from .budget import search_clock
from .command import run
from .errors import SeatingError


def main() -> int:
    try:
        response = run(sys.stdin.read(), clock=search_clock)
    except SeatingError as error:
        detail = json.dumps(error.params, sort_keys=True, default=str)
        print(f"seating error: {error.code} {detail}", file=sys.stderr)
        return 2
    sys.stdout.write(response + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
