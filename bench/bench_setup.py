"""What the league and statistics benchmarks share: Django started on the
benchmark's own database, and a table's ranks and table points as the
standings give them (ties share their places' points)."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: 4, 2, 1 and 0 table points, times 12 as SeatResult stores them.
PLACE_POINTS_X12 = (48, 24, 12, 0)


def setup_django(database_url: str | None) -> str:
    """Point the settings at ``database_url`` (SQLite in a new temporary
    folder when None), start Django and migrate; the URL used."""
    sys.path.insert(0, str(ROOT))
    if not database_url:
        folder = tempfile.mkdtemp(prefix="muraille-bench-")
        database_url = f"sqlite:///{folder}/bench.sqlite3"
    os.environ["DATABASE_URL"] = database_url
    os.environ.setdefault("CELERY_TASK_ALWAYS_EAGER", "true")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DEBUG", "true")
    os.environ.setdefault("SECRET_KEY", "bench-only-" + "x" * 40)
    os.environ.setdefault("ALLOWED_HOSTS", "testserver,127.0.0.1,localhost")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0, interactive=False)
    return database_url


def ranks_and_points(scores: list[int]) -> list[tuple[int, int]]:
    """Each score's rank at its table and its table points x 12."""
    ordered = sorted(scores, reverse=True)
    out = []
    for score in scores:
        places = [i for i, other in enumerate(ordered) if other == score]
        out.append(
            (places[0] + 1, sum(PLACE_POINTS_X12[i] for i in places) // len(places))
        )
    return out
