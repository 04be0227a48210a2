"""The league workbook, built by a worker and served from the database.

A season's workbook reads and writes every session (seconds at hundreds of
nights), so no request builds it: ``serve_league_workbook`` gives the newest
file built for the reader's audience and language, and when the league's
data version moved since (a score, an event, a merge: everything audited,
``league_version``) asks for a new one (``request_league_workbook``: at
most one build at a time for the same file) while the previous file is
still served. Before the first file is ready the reader sees a page that
reloads itself. Organisers may ask for a build from the league's page.
The job follows the house's machinery (``tournaments.services.jobs``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.conf import settings
from django.db import transaction
from django.utils import translation

from leagues.models import League, LeagueExport
from leagues.selectors.exports import league_workbook_bytes
from leagues.selectors.standings import league_version
from leagues.selectors.visibility import PUBLIC, Audience, audience_from_key
from tournaments.services import jobs
from tournaments.services.audit import Actor
from tournaments.services.locks import lock_rows

logger = logging.getLogger(__name__)

LEAGUE_EXPORT = jobs.JobKind(LeagueExport, "leagues.tasks.build_league_workbook_task")
BUSY = (LeagueExport.Status.PENDING, LeagueExport.Status.RUNNING)
KEEP_FILES = 2
"""Ready files kept per league, audience and language: the newest (and the
one before, still being downloaded perhaps); older ones hold bytes for
nothing."""


def workbook_filename(league: League) -> str:
    return f"{league.slug}-league.xlsx"


def _files(league: League, audience: Audience, language: str):
    return LeagueExport.objects.filter(
        league=league, audience=audience.key, language=language
    )


@transaction.atomic
def request_league_workbook(
    *, league_id: int, audience: Audience, language: str, actor: Actor
) -> LeagueExport:
    """A build of the league's workbook for ``audience`` in ``language``,
    enqueued after commit; the one already waiting or running is returned
    instead (a worker that died: sent again), so many readers at once cost
    one build."""
    league = lock_rows(League.objects.filter(pk=league_id)).get()
    busy = _files(league, audience, language).filter(status__in=BUSY).first()
    if busy is not None:
        if jobs.is_dead(busy) and jobs.revive(LEAGUE_EXPORT, busy.pk):
            jobs.enqueue(LEAGUE_EXPORT, busy.pk)
            busy.refresh_from_db()
        return busy
    export = LeagueExport.objects.create(
        league=league,
        audience=audience.key,
        language=language,
        created_by=actor if actor is not None and actor.is_authenticated else None,
    )
    jobs.enqueue(LEAGUE_EXPORT, export.pk)
    return export


def serve_league_workbook(
    *, league: League, audience: Audience, language: str, actor: Actor
) -> LeagueExport:
    """The newest ready file for these readers (status ``ready``), or the
    build to wait for when there is none yet. A file older than the league's
    data is still served while its successor builds. A build that failed on
    the current data is not started again by readers (an organiser may):
    its row is returned when there is no file to serve. Four queries when
    the file is current, its bytes read only once it is chosen."""
    files = _files(league, audience, language).defer("content")
    ready = files.filter(status=LeagueExport.Status.READY).first()
    version = league_version(league)
    if ready is not None and ready.version == version:
        return ready
    latest = files.first()
    if (
        latest is not None
        and latest.status == LeagueExport.Status.FAILED
        and latest.version == version
    ):
        return ready or latest
    building = request_league_workbook(
        league_id=league.pk, audience=audience, language=language, actor=actor
    )
    if ready is None:
        # Jobs run in this process after commit (Celery eager, the
        # venue's thread only when idle): the file may be ready already.
        building.refresh_from_db(fields=["status", "progress", "task_id", "filename"])
    return ready or building


def request_public_workbooks(*, league: League, actor: Actor) -> None:
    """The organisers' button: the public workbook built again in every
    language the site speaks."""
    for language, _name in settings.LANGUAGES:
        request_league_workbook(
            league_id=league.pk, audience=PUBLIC, language=language, actor=actor
        )


def run_league_export(
    *, export_id: int, on_progress: Callable[[int], None]
) -> LeagueExport:
    """The task's body: build the workbook and store it, or the failure.
    The version is read before the rows: a change while building leaves the
    file one version behind, and the next reader asks for another."""
    if not jobs.claim(LEAGUE_EXPORT, export_id):
        return LeagueExport.objects.get(pk=export_id)
    export = LeagueExport.objects.select_related("league").get(pk=export_id)
    league = export.league
    version = league_version(league)
    try:
        jobs.beat(LEAGUE_EXPORT, export_id, progress=10)
        with translation.override(export.language):
            content = league_workbook_bytes(
                league, audience=audience_from_key(export.audience)
            )
    except Exception as error:
        # A worker must outlive a bad build; the row says what failed.
        logger.exception("league workbook %s failed", export_id)
        LeagueExport.objects.filter(pk=export_id).update(
            status=LeagueExport.Status.FAILED,
            version=version,
            error=type(error).__name__[:200],
        )
    else:
        LeagueExport.objects.filter(pk=export_id).update(
            status=LeagueExport.Status.READY,
            progress=100,
            version=version,
            filename=workbook_filename(league),
            content=content,
        )
        _prune(export)
    on_progress(100)
    return LeagueExport.objects.get(pk=export_id)


def _prune(export: LeagueExport) -> None:
    finished = LeagueExport.objects.filter(
        league_id=export.league_id, audience=export.audience, language=export.language
    ).exclude(status__in=BUSY)
    old = finished.order_by("-created_at", "-pk").values_list("pk", flat=True)
    LeagueExport.objects.filter(pk__in=list(old[KEEP_FILES:])).delete()


def read_content(export: LeagueExport) -> bytes:
    """The bytes of a ready file (read only when served)."""
    content = LeagueExport.objects.filter(pk=export.pk).values_list(
        "content", flat=True
    )
    return bytes(content.get())
