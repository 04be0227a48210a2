"""Spreadsheet exports: build a file now, or through a worker for big events.

``build_export`` turns a tournament into a file (the selectors in
``tournaments.selectors.exports`` read, ``tournaments.exports`` writes).
Events up to ``DIRECT_EXPORT_MAX_PLAYERS`` players are built in the request;
bigger ones go through ``request_export``, which stores an ``ExportFile`` row
and enqueues ``build_export_task`` after commit; ``run_export`` is the task's
body and keeps the bytes in that row for any web process to serve.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from functools import partial

from django.conf import settings
from django.db import transaction
from django.db.models import Max
from django.utils import translation

from tournaments.exports.collector import collector_paused
from tournaments.exports.rows import StandingRow
from tournaments.exports.standings_csv import build_standings_csv
from tournaments.exports.standings_xlsx import build_standings_workbook
from tournaments.extensions import extra_sheets
from tournaments.models import ExportFile, Registration, Tournament
from tournaments.selectors.exports import (
    WorkbookHands,
    export_labels,
    get_export_standings,
    get_tournament_info,
    list_penalty_rows,
    list_session_rows,
)
from tournaments.selectors.stats_exports import get_stats_sheet
from tournaments.services import jobs
from tournaments.services.audit import Actor
from tournaments.services.errors import ServiceError

logger = logging.getLogger(__name__)

DIRECT_EXPORT_MAX_PLAYERS = 64
"""Above this many registered players the workbook is built by a worker.

A 64-player workbook (16 tables a round) builds in well under a second; the
400-player benchmark (``bench/export.py``) takes a few seconds, too long to
hold a web process and long enough to deserve a progress bar.
"""
CSV_SEPARATORS = {"comma": (",", "."), "semicolon": (";", ",")}
"""Separator name to (delimiter, decimal separator): French spreadsheet
programs expect ";" between cells and "," in numbers."""
BUSY = (ExportFile.Status.PENDING, ExportFile.Status.RUNNING)
KEEP_FILES = 5
"""Finished files kept per tournament, kind and language; older ones are
deleted when a new one is ready, since each holds its bytes in the database."""

ProgressCallback = Callable[[int], None]


def check_export(kind: str, language: str) -> None:
    if kind not in ExportFile.Kind.values:
        raise ServiceError("unknown_export_kind", field="kind", kind=kind)
    if language not in dict(settings.LANGUAGES):
        raise ServiceError("unknown_language", field="language", language=language)


def supported_language(code: str | None) -> str:
    """``code`` ("fr", "fr-ca") if the exports speak it, else the site's language."""
    language = (code or "").split("-")[0].lower()
    return language if language in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE


def builds_directly(tournament: Tournament) -> bool:
    """True when the tournament is small enough to build its file in a request."""
    players = tournament.registrations.exclude(
        status=Registration.Status.WITHDRAWN
    ).count()
    return players <= DIRECT_EXPORT_MAX_PLAYERS


def export_filename(tournament: Tournament, kind: str) -> str:
    return f"{tournament.slug}-standings.{kind}"


def build_export(
    *,
    tournament: Tournament,
    kind: str,
    language: str,
    separator: str = "comma",
    on_progress: Callable[[float], None] | None = None,
) -> tuple[str, bytes]:
    """The file name and bytes of the tournament's XLSX workbook or CSV.

    Labels are in ``language``. The CSV is UTF-8 with a byte order mark, so
    that Excel reads accented names; ``separator="semicolon"`` suits French
    spreadsheet programs. ``on_progress`` receives fractions 0..1 (workbook
    only). Reads only: safe outside a transaction.
    """
    check_export(kind, language)
    if separator not in CSV_SEPARATORS:
        raise ServiceError("unknown_separator", field="sep", separator=separator)
    # The collector paused (``collector``): a big event's rows and figures
    # make it walk the growing heap again and again.
    with translation.override(language), collector_paused():
        labels = export_labels(tournament.ruleset)
        standings = get_export_standings(tournament)
        if kind == ExportFile.Kind.CSV:
            delimiter, decimal_separator = CSV_SEPARATORS[separator]
            text = build_standings_csv(
                standings,
                labels,
                delimiter=delimiter,
                decimal_separator=decimal_separator,
            )
            return export_filename(tournament, kind), text.encode("utf-8-sig")
        content = _build_workbook(tournament, standings, labels, on_progress)
    return export_filename(tournament, kind), content


def _build_workbook(
    tournament: Tournament,
    standings: list[StandingRow],
    labels: Mapping[str, str],
    on_progress: Callable[[float], None] | None,
) -> bytes:
    # The hands are read once: by the statistics on a cache miss, then
    # by the "Hands" sheet.
    hands = WorkbookHands(tournament)
    statistics = get_stats_sheet(tournament, hands=hands.records)
    return build_standings_workbook(
        get_tournament_info(tournament, len(standings)),
        standings,
        list_session_rows(tournament),
        hands.rows(),
        list_penalty_rows(tournament),
        labels,
        on_progress=on_progress,
        # What apps above add (leagues: the team sheet), in this language.
        extra_sheets=[
            (str(sheet.title()), partial(sheet.write, tournament))
            for sheet in extra_sheets(tournament)
        ],
        statistics=statistics,
    )


@transaction.atomic
def request_export(
    *, tournament_id: int, kind: str, language: str, actor: Actor
) -> ExportFile:
    """An ``ExportFile`` being built by a worker, enqueued after commit.

    A build of the same kind and language still waiting or running is
    returned instead of a second one, so a double click or many visitors
    asking at once cost one build, however long the queue; a build whose
    worker died is started again rather than doubled.
    """
    check_export(kind, language)
    tournament = Tournament.objects.select_for_update(no_key=True).get(pk=tournament_id)
    busy = tournament.export_files.filter(
        kind=kind, language=language, status__in=BUSY
    ).first()
    if busy is not None:
        if jobs.is_dead(busy) and jobs.revive(jobs.EXPORT, busy.pk):
            jobs.enqueue(jobs.EXPORT, busy.pk)
            busy.refresh_from_db()
        return busy
    export = ExportFile.objects.create(
        tournament=tournament,
        kind=kind,
        language=language,
        created_by=actor if actor is not None and actor.is_authenticated else None,
    )
    jobs.enqueue(jobs.EXPORT, export.pk)
    return export


def get_fresh_export(
    tournament: Tournament, kind: str, language: str
) -> ExportFile | None:
    """The newest ready file built after the last recorded change, or None.

    Every change to a score writes an ``AuditEvent``, so a file created
    after the newest event still shows the current results.
    """
    ready = tournament.export_files.filter(
        kind=kind, language=language, status=ExportFile.Status.READY
    ).first()
    if ready is None:
        return None
    changed = tournament.audit_events.aggregate(last=Max("created_at"))["last"]
    return ready if changed is None or ready.created_at >= changed else None


def serve_workbook(
    *, tournament: Tournament, language: str, actor: Actor
) -> tuple[str, bytes] | ExportFile:
    """The workbook's name and bytes now, or the ``ExportFile`` building it.

    A small event is built at once; a big one is served from a fresh built
    file, else a build is requested (at most one at a time, see
    ``request_export``) and the caller tells the user to come back.
    """
    kind = ExportFile.Kind.XLSX
    if builds_directly(tournament):
        return build_export(tournament=tournament, kind=kind, language=language)
    ready = get_fresh_export(tournament, kind, language)
    if ready is not None:
        return ready.filename, bytes(ready.content)
    return request_export(
        tournament_id=tournament.pk, kind=kind, language=language, actor=actor
    )


def run_export(*, export_id: int, on_progress: ProgressCallback) -> ExportFile:
    """The task's body: build the file and store it, or store the failure.

    ``on_progress`` receives whole percentages. A row that is no longer
    pending (a repeated delivery of the task) is returned untouched.
    """
    export = ExportFile.objects.select_related("tournament").get(pk=export_id)
    if not jobs.claim(jobs.EXPORT, export_id):
        return ExportFile.objects.get(pk=export_id)
    try:
        filename, content = build_export(
            tournament=export.tournament,
            kind=export.kind,
            language=export.language,
            on_progress=_progress_reporter(export_id, on_progress),
        )
    except Exception as error:
        # A worker must outlive a bad build; the row tells the organiser.
        logger.exception("export %s failed", export_id)
        ExportFile.objects.filter(pk=export_id).update(
            status=ExportFile.Status.FAILED, error=type(error).__name__[:200]
        )
    else:
        ExportFile.objects.filter(pk=export_id).update(
            status=ExportFile.Status.READY,
            progress=100,
            filename=filename,
            content=content,
        )
        _prune(export)
    on_progress(100)
    export.refresh_from_db()
    return export


def _prune(export: ExportFile) -> None:
    finished = ExportFile.objects.filter(
        tournament_id=export.tournament_id, kind=export.kind, language=export.language
    ).exclude(status__in=BUSY)
    old = finished.order_by("-created_at", "-pk").values_list("pk", flat=True)
    ExportFile.objects.filter(pk__in=list(old[KEEP_FILES:])).delete()


def _progress_reporter(
    export_id: int, on_progress: ProgressCallback
) -> Callable[[float], None]:
    """A builder callback that stores each new whole percentage once."""
    last = [-1]

    def report(fraction: float) -> None:
        percent = min(int(fraction * 100), 99)
        if percent > last[0]:
            last[0] = percent
            jobs.beat(jobs.EXPORT, export_id, progress=percent)
            on_progress(percent)

    return report
