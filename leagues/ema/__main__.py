"""``python -m leagues.ema``: one JSON request on stdin, the ranking on
stdout; exit 0 with the ranking, 2 with an error."""

from __future__ import annotations

import sys

from leagues.ema.protocol import run


def main() -> int:
    status, answer = run(sys.stdin.read())
    sys.stdout.write(answer + "\n")
    return status


if __name__ == "__main__":
    sys.exit(main())
