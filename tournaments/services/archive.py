"""Import an event archive (``tournaments.archive``): create or update.

The archive's ``uid`` is the event's identity: an event already here is
updated, otherwise it is created (under its slug, or the next free one).
Everything happens in one transaction, so a refused archive leaves nothing
behind. Players are found as every other list finds them
(``player_batches.find_or_create_players``: the EMA number, else the same
name with no other EMA number and no other club), after a check that
refuses an EMA number held here by a person of another name. Every table
the import touches is paid and scored again here (``tables.rebuild_table``):
the sender's payments and results are never read.

Importing the same archive again writes nothing (``changed`` is False); an
archive carrying corrections made at the venue updates the copy, so that
its standings are the venue's.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from config.parsers import loads_bounded
from tournaments import room_cache
from tournaments.archive import (
    ArchiveError,
    EventArchive,
    EventSettings,
    RoundRecord,
    parse,
)
from tournaments.models import (
    Player,
    Registration,
    Round,
    Table,
    Tournament,
)
from tournaments.selectors.archive import get_event_archive
from tournaments.services.archive_rows import find_players, write_audit
from tournaments.services.archive_tables import (
    delete_replaced,
    plan_tables,
    rebuild_tables,
    write_tables,
)
from tournaments.services.audit import Actor, record_event
from tournaments.services.errors import ServiceError
from tournaments.services.locks import lock_rows
from tournaments.services.setup import create_with_free_slug

CREATE_PERMISSION = "tournaments.add_tournament"
"""``permissions.CREATE_TOURNAMENT_PERMISSION`` (a layer above services)."""

SETTINGS = (
    "name", "city", "country", "start_date", "end_date", "ruleset",
    "ruleset_options", "rounds_count", "session_minutes", "seating_mode",
    "status", "is_public", "mers_weight", "tiebreaks", "created_at",
)  # fmt: skip
ROUND_FIELDS = (
    "status", "started_at", "clock_started_at", "clock_elapsed_s",
    "clock_extra_minutes", "seating_stats",
)  # fmt: skip

#: The preview's sentences, one per count (in the order shown).
CHANGE_TEXTS: dict[str, Any] = {
    "settings_changed": _("The event's settings change."),
    "players_new": ngettext_lazy(
        "%(count)s new player.", "%(count)s new players.", "count"
    ),
    "players_matched": ngettext_lazy(
        "%(count)s player already known here.",
        "%(count)s players already known here.",
        "count",
    ),
    "registrations_added": ngettext_lazy(
        "%(count)s registration added.", "%(count)s registrations added.", "count"
    ),
    "registrations_changed": ngettext_lazy(
        "%(count)s registration changed.", "%(count)s registrations changed.", "count"
    ),
    "registrations_removed": ngettext_lazy(
        "%(count)s registration removed.", "%(count)s registrations removed.", "count"
    ),
    "rounds_changed": ngettext_lazy(
        "%(count)s round changed.", "%(count)s rounds changed.", "count"
    ),
    "tables_added": ngettext_lazy(
        "%(count)s table added.", "%(count)s tables added.", "count"
    ),
    "tables_changed": ngettext_lazy(
        "%(count)s table changed.", "%(count)s tables changed.", "count"
    ),
    "tables_removed": ngettext_lazy(
        "%(count)s table removed.", "%(count)s tables removed.", "count"
    ),
    "hands_added": ngettext_lazy(
        "%(count)s hand added.", "%(count)s hands added.", "count"
    ),
    "hands_changed": ngettext_lazy(
        "%(count)s hand changed.", "%(count)s hands changed.", "count"
    ),
    "hands_removed": ngettext_lazy(
        "%(count)s hand removed.", "%(count)s hands removed.", "count"
    ),
    "penalties_changed": ngettext_lazy(
        "Penalties changed at %(count)s table.",
        "Penalties changed at %(count)s tables.",
        "count",
    ),
    "audit_added": ngettext_lazy(
        "%(count)s audit event added.", "%(count)s audit events added.", "count"
    ),
}
#: Counts that describe the import without being a change of the event.
NOT_CHANGES = frozenset({"players_matched"})


class ArchiveForbidden(ServiceError):
    """The actor may not import this event here (HTTP 403)."""

    status_code = 403


@dataclass(frozen=True)
class ImportOutcome:
    """What an import did, or with ``dry_run`` would do.

    ``changes`` are the preview's sentences (in the active language),
    ``counts`` the same as numbers by key (``CHANGE_TEXTS``). After a dry
    run ``tournament`` is the row as it would be (not stored when created).
    """

    tournament: Tournament
    created: bool
    changed: bool
    changes: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)


class _RolledBack(Exception):
    def __init__(self, outcome: ImportOutcome) -> None:
        self.outcome = outcome


def load_document(data: bytes | str) -> object:
    """A file's or upload's text as JSON (``import_archive``'s ``document``);
    ``archive_not_json`` when it is not JSON (or nests too deep)."""
    try:
        return loads_bounded(data)
    except (ValueError, UnicodeDecodeError) as error:
        raise ServiceError("archive_not_json", reason=str(error)[:200]) from None


def read_archive(document: object) -> EventArchive:
    """``parse`` with its ``ArchiveError`` as the house's ``ServiceError``
    (same code, the path as ``field`` and in the params)."""
    try:
        return parse(document)
    except ArchiveError as error:
        raise ServiceError(error.code, field=error.field, **error.params) from None


def import_archive(
    *, document: object, actor: Actor, dry_run: bool = False
) -> ImportOutcome:
    """Create or update the archive's event; see the module docstring.

    Raises ``ServiceError`` (the archive's first problem, an EMA number
    conflict) or ``ArchiveForbidden`` (the actor does not organise the
    event here, or may not create events); nothing is stored then.
    ``dry_run`` computes the same outcome and rolls everything back.
    """
    archive = read_archive(document)
    for attempt in (1, 2):
        try:
            with transaction.atomic():
                outcome = _import(archive, actor)
                if dry_run:
                    raise _RolledBack(outcome)
            return outcome
        except _RolledBack as stop:
            return stop.outcome
        except IntegrityError:
            # The same new event sent twice at once: the other request
            # created it first; this one now finds it and updates it.
            if (
                attempt == 2
                or not Tournament.objects.filter(uid=archive.event.uid).exists()
            ):
                raise
    raise AssertionError("unreachable")  # pragma: no cover


def _import(archive: EventArchive, actor: Actor) -> ImportOutcome:
    """One import, inside the caller's transaction. Lock order
    (docs/locking.md): the tournament, then its tables; the steps run in the
    order the foreign keys need (hands and penalties deleted before the
    seats they point at, seats before their registrations)."""
    counts: Counter[str] = Counter()
    tournament = lock_rows(Tournament.objects.filter(uid=archive.event.uid)).first()
    created = tournament is None
    if tournament is None:
        _check_may_create(actor)
        tournament = _create(archive.event, actor)
        stored_tables = {}
    else:
        _check_may_organise(actor, tournament)
        stored = get_event_archive(tournament)
        stored_tables = {
            (r.number, t.number): t for r in stored.rounds for t in r.tables
        }
    players = find_players(archive, counts)
    rows = {
        (table.round.number, table.number): table
        for table in lock_rows(
            Table.objects.filter(round__tournament=tournament).select_related("round")
        )
    }
    rescore = not created and (
        tournament.ruleset != archive.event.ruleset
        or tournament.ruleset_options != archive.event.ruleset_options
    )
    plans = plan_tables(archive, stored_tables, rows, counts, rescore=rescore)
    delete_replaced(plans)
    registrations = _write_registrations(tournament, archive, players, counts)
    _write_settings(tournament, archive.event, counts, created=created)
    rounds = _write_rounds(tournament, archive.rounds, counts)
    tables = write_tables(plans, rounds, registrations, tournament)
    rebuild_tables(tables, tournament, bump=not created)
    write_audit(tournament, archive, counts)
    changed = created or any(
        count for key, count in counts.items() if key not in NOT_CHANGES
    )
    if changed:
        _record_import(tournament, actor, counts, created=created)
    return ImportOutcome(
        tournament=tournament,
        created=created,
        changed=changed,
        changes=describe_changes(counts),
        counts=dict(counts),
    )


def describe_changes(counts: dict[str, int]) -> list[str]:
    """The sentences of the non-zero counts, in ``CHANGE_TEXTS`` order."""
    return [
        str(text % {"count": counts[key]})
        for key, text in CHANGE_TEXTS.items()
        if counts.get(key)
    ]


def may_organise(actor: Actor, tournament: Tournament) -> bool:
    """``permissions.can_organise``'s rule (that module sits above the
    services): a superuser, or one of the event's organisers."""
    if actor is None or not actor.is_authenticated:
        return False
    return bool(
        getattr(actor, "is_superuser", False)
        or tournament.organisers.filter(pk=actor.pk).exists()
    )


def _check_may_organise(actor: Actor, tournament: Tournament) -> None:
    if not may_organise(actor, tournament):
        raise ArchiveForbidden("archive_not_organiser", slug=tournament.slug)


def _check_may_create(actor: Actor) -> None:
    if actor is None or not actor.is_authenticated:
        raise ArchiveForbidden("archive_may_not_create")
    if not actor.has_perm(CREATE_PERMISSION):  # type: ignore[union-attr]
        raise ArchiveForbidden("archive_may_not_create")


def _settings_of(event: EventSettings) -> dict[str, Any]:
    values = {name: getattr(event, name) for name in SETTINGS}
    values["tiebreaks"] = list(event.tiebreaks)
    return values


def _create(event: EventSettings, actor: Actor) -> Tournament:
    values = _settings_of(event)
    created_at = values.pop("created_at")
    tournament = create_with_free_slug(event.slug, uid=event.uid, **values)
    if created_at is not None:
        # auto_now_add stamped the insert: the event's own time is kept.
        Tournament.objects.filter(pk=tournament.pk).update(created_at=created_at)
        tournament.created_at = created_at
    if actor is not None and actor.is_authenticated:
        tournament.organisers.add(actor)
    return tournament


def _write_settings(
    tournament: Tournament,
    event: EventSettings,
    counts: Counter[str],
    *,
    created: bool,
) -> None:
    changed = {
        name: value
        for name, value in _settings_of(event).items()
        if getattr(tournament, name) != value
        # An archive without the event's creation time keeps this one's.
        and not (name == "created_at" and value is None)
    }
    if not changed or created:
        return
    counts["settings_changed"] += 1
    Tournament.objects.filter(pk=tournament.pk).update(**changed)
    for name, value in changed.items():
        setattr(tournament, name, value)


def _write_registrations(
    tournament: Tournament,
    archive: EventArchive,
    players: list[Player],
    counts: Counter[str],
) -> dict[int, int]:
    """Registrations as the archive has them; returns number -> row id.
    Precondition: the seats of removed registrations are deleted."""
    stored = {r.number: r for r in tournament.registrations.all()}
    wanted = {r.number for r in archive.registrations}
    gone = [r.pk for number, r in stored.items() if number not in wanted]
    if gone:
        Registration.objects.filter(pk__in=gone).delete()
        counts["registrations_removed"] += len(gone)
    new = []
    for record, player in zip(archive.registrations, players, strict=True):
        values = {
            "status": record.status,
            "table_pin": record.table_pin,
            "player_id": player.pk,
        }
        row = stored.get(record.number)
        if row is None:
            new.append(
                Registration(tournament=tournament, number=record.number, **values)
            )
            continue
        if any(getattr(row, name) != value for name, value in values.items()):
            Registration.objects.filter(pk=row.pk).update(**values)
            counts["registrations_changed"] += 1
    Registration.objects.bulk_create(new)
    counts["registrations_added"] += len(new)
    return dict(tournament.registrations.values_list("number", "pk"))


def _write_rounds(
    tournament: Tournament, records: tuple[RoundRecord, ...], counts: Counter[str]
) -> dict[int, Round]:
    """Rounds 1..n as the archive has them (their tables are written after).
    Precondition: the tables of rounds beyond n are deleted."""
    removed, _ = Round.objects.filter(
        tournament=tournament, number__gt=len(records)
    ).delete()
    stored = {r.number: r for r in tournament.rounds.all()}
    for record in records:
        values = {name: getattr(record, name) for name in ROUND_FIELDS}
        row = stored.get(record.number)
        if row is None:
            stored[record.number] = Round.objects.create(
                tournament=tournament, number=record.number, **values
            )
            continue
        changed = {k: v for k, v in values.items() if getattr(row, k) != v}
        if changed:
            Round.objects.filter(pk=row.pk).update(**changed)
            for name, value in changed.items():
                setattr(row, name, value)
            counts["rounds_changed"] += 1
    for row in stored.values():
        row.tournament = tournament
    counts["rounds_changed"] += removed and 1
    return stored


def _record_import(
    tournament: Tournament, actor: Actor, counts: Counter[str], *, created: bool
) -> None:
    record_event(
        tournament=tournament,
        action="event.import",
        obj=tournament,
        actor=actor,
        after={"created": created, **{key: counts[key] for key in sorted(counts)}},
    )
    room_cache.forget_versions(tournament.slug)
