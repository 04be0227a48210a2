"""What the venue does before it serves: the database, static files and
catalogues up to date, the organiser's account, the jobs a crash left."""

from __future__ import annotations

import hashlib
import secrets
import shutil
import subprocess
from datetime import datetime, timedelta
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.db import transaction
from django.utils import timezone

from tournaments.permissions import organiser_permission
from tournaments.services import jobs

ORGANISER = "organiser"
"""The account the venue creates on its first start."""


def prepare_files() -> list[Path]:
    """Migrate, collect the static files, compile stale catalogues (the
    compiled .mo files are committed; msgfmt is only needed after an edit of a
    .po). The catalogues compiled, for the log."""
    call_command("migrate", interactive=False, verbosity=0)
    collect_static(Path(settings.STATIC_ROOT))
    return compile_stale_messages(Path(settings.BASE_DIR) / "locale")


SOURCES_SEEN = ".sources"
"""The fingerprint of the static sources last collected, in STATIC_ROOT."""


def collect_static(root: Path) -> bool:
    """collectstatic when a static source changed since the last start; True
    if it ran. Its hashing and compression of every file take the better part
    of a minute on a laptop even when nothing changed, and a restart in the
    middle of a round must be quick."""
    seen = root / SOURCES_SEEN
    fingerprint = static_fingerprint()
    manifest = root / "staticfiles.json"
    if manifest.exists() and seen.exists() and seen.read_text() == fingerprint:
        return False
    call_command("collectstatic", interactive=False, verbosity=0)
    seen.write_text(fingerprint)
    return True


def static_fingerprint() -> str:
    """Every static source's path, size and modification time, hashed."""
    entries = []
    for finder in finders.get_finders():
        for path, storage in finder.list([]):
            stat = Path(storage.path(path)).stat()
            entries.append(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}\n")
    return hashlib.sha256("".join(sorted(entries)).encode()).hexdigest()


def compile_stale_messages(locale: Path) -> list[Path]:
    """Each .po whose .mo is missing or older, compiled when msgfmt exists
    (Windows and macOS seldom have it: the committed .mo then serves)."""
    msgfmt = shutil.which("msgfmt")
    compiled = []
    for po in sorted(locale.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        if msgfmt and (not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime):
            subprocess.run(
                [msgfmt, "--check-format", "-o", str(mo), str(po)], check=True
            )
            compiled.append(mo)
    return compiled


def create_organiser() -> tuple[str, str] | None:
    """The organiser account with a random password, on the first start only:
    (user name, password) to print once; None when the account exists. Only
    the password's hash is stored."""
    user_model = get_user_model()
    with transaction.atomic():
        if user_model.objects.filter(username=ORGANISER).exists():
            return None
        password = secrets.token_urlsafe(12)
        user = user_model.objects.create_user(username=ORGANISER, password=password)
        user.user_permissions.add(organiser_permission())
    return ORGANISER, password


def revive_jobs() -> int:
    """Send again every job a stopped venue left pending or running (no other
    process runs the venue's jobs, so a running one is lost); the count."""
    for kind in jobs.all_kinds():
        kind.model.objects.filter(status=jobs.RUNNING).update(
            status=jobs.PENDING, task_id="", progress=0
        )
    sent, _unsent = jobs.requeue_jobs(lost_after=timedelta(0), now=_in_a_while())
    return sent


def _in_a_while() -> datetime:
    """A "now" past the sweep's grace for jobs that may be between their
    commit and their send (another process's): here there is none."""
    return timezone.now() + jobs.REQUEUE_UNSENT_AFTER + timedelta(seconds=1)
