"""What the benchmarks share: Django started on the benchmark's own
database, a table's ranks and table points as the standings give them (ties
share their places' points), and for the page benchmarks the measured
checkout's Django with the production settings and a request's CPU, queries
and memory."""

from __future__ import annotations

import os
import re
import sys
import tempfile
import time
import tracemalloc
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

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


# What the page benchmarks share (bench/round_page.py, bench/scale.py): the
# measured checkout's Django with the production settings, and a request's
# CPU, queries and memory. Nothing here imports Django at import time: the
# scripts import this module before they choose whose code Django runs.


def start_production_django(code: Path, *, with_its_bench: bool = False) -> None:
    """Start Django from the checkout ``code`` (its modules first on the
    path, none of this checkout's) with the production settings: DEBUG off,
    the cache and Celery ``REDIS_URL`` names, Celery's tasks run in this
    process. ``with_its_bench`` puts that checkout's bench/ on the path too
    (its own event generator)."""
    here = Path(__file__).resolve().parent
    sys.path[:] = [
        entry
        for entry in sys.path
        if Path(entry or ".").resolve() not in (here, here.parent)
    ]
    sys.path.insert(0, str(code.resolve()))
    if with_its_bench:
        sys.path.insert(1, str(code.resolve() / "bench"))
    # This folder last: its helpers (league_scale's generator) stay
    # importable, never ahead of the measured code.
    sys.path.append(str(here))
    # Celery's Django fixup puts the working folder first on the path when
    # Django starts (``DjangoFixup.install``): started from another
    # checkout, the app's packages would come from there.
    os.chdir(code.resolve())
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("ALLOWED_HOSTS", "testserver,127.0.0.1")
    os.environ["CELERY_TASK_ALWAYS_EAGER"] = "true"
    os.environ.setdefault("DEBUG", "false")
    os.environ.setdefault("SECRET_KEY", "page-bench-" + "y" * 40)
    os.environ.setdefault("SECURE_SSL_REDIRECT", "false")
    os.environ.setdefault("SESSION_COOKIE_SECURE", "false")
    os.environ.setdefault("CSRF_COOKIE_SECURE", "false")
    # No collectstatic: whitenoise's warning about its folder is noise.
    warnings.filterwarnings("ignore", "No directory at")
    import django

    django.setup()
    from django.conf import settings

    # The pages name static files: unhashed names spare a collectstatic and
    # cost the same.
    settings.STORAGES["staticfiles"]["BACKEND"] = (
        "django.contrib.staticfiles.storage.StaticFilesStorage"
    )
    import tournaments

    measured = Path(tournaments.__file__ or "").resolve().parent.parent
    if measured != code.resolve():
        raise RuntimeError(f"the app came from {measured}, not {code}")


def least_cpu(
    call: Callable[[], object],
    repeat: int,
    before: Callable[[], object] | None = None,
) -> tuple[float, int]:
    """Least CPU ms (this process's ``process_time``) of ``repeat`` calls,
    and the queries of the last: other processes on a shared machine only
    add to a request's CPU, never take away."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    cpu, queries = [], 0
    for _ in range(repeat):
        if before:
            before()
        with CaptureQueriesContext(connection) as captured:
            started = time.process_time()
            call()
            cpu.append((time.process_time() - started) * 1000)
        queries = len(captured)
    return min(cpu), queries


def peak_memory(
    call: Callable[[], object], before: Callable[[], object] | None = None
) -> int:
    """The peak of Python's allocations during one call, in bytes
    (``tracemalloc``: what the request holds at once, not the process's
    resident size; a run of its own, tracing slows it down)."""
    if before:
        before()
    tracemalloc.start()
    try:
        call()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def at_once(url: str, count: int) -> float:
    """CPU ms of the whole process for ``count`` first views of ``url`` at
    once (the cache emptied first), each from a thread of its own (a worker
    each, as gunicorn's would be)."""
    import threading

    from django.core.cache import cache
    from django.db import connection
    from django.test import Client

    clients = [Client() for _ in range(count)]
    start = threading.Barrier(count + 1)
    statuses: list[int] = []

    def view(client: Client) -> None:
        start.wait()
        statuses.append(client.get(url).status_code)
        connection.close()

    threads = [threading.Thread(target=view, args=(c,)) for c in clients]
    for thread in threads:
        thread.start()
    cache.clear()
    started = time.process_time()
    start.wait()
    for thread in threads:
        thread.join()
    spent = (time.process_time() - started) * 1000
    assert statuses == [200] * count, statuses
    return spent


QR_IMAGE = re.compile(r'<img src="([^"]+/qr\.svg\?v=\w+)"')


def fetch_images(client: Any, url: str) -> None:
    """What a browser does after a first view of an organiser's page: fetch
    the QR codes the page shows as images (each drawn and cached by its own
    request)."""
    for image in QR_IMAGE.findall(client.get(url).content.decode()):
        client.get(image.replace("&amp;", "&"))
