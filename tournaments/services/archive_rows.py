"""Players and audit events of an archive import (``services.archive``).

Players are found as every list finds them
(``player_batches.find_or_create_players``), after a check that refuses an
EMA number held here by a person of another name; audit events are added
once each, compared by everything they say.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from django.db.models import Max

from tournaments.archive import EventArchive
from tournaments.imports.players import names_agree
from tournaments.models import AuditEvent, Club, Player, Table, Tournament
from tournaments.selectors.archive import AUDIT_FIELDS
from tournaments.services.archive_tables import insert_as_given
from tournaments.services.errors import ServiceError
from tournaments.services.player_batches import find_or_create_players


def find_players(archive: EventArchive, counts: Counter[str]) -> list[Player]:
    """The player of each registration, found or created (see the module
    docstring); an EMA number held here by someone of another name is an
    ``archive_ema_number_conflict``."""
    records = [r.player for r in archive.registrations]
    numbers = [p.ema_number for p in records if p.ema_number]
    holders = {
        player.ema_number: player
        for player in Player.objects.filter(ema_number__in=numbers)
    }
    for index, record in enumerate(records):
        known = holders.get(record.ema_number) if record.ema_number else None
        if known is not None and not names_agree(record.name, known.name):
            raise ServiceError(
                "archive_ema_number_conflict",
                field=f"registrations[{index}].player.ema_number",
                path=f"registrations[{index}].player.ema_number",
                ema_number=record.ema_number,
                name=record.name,
                known=known.name,
            )
    last_known = Player.objects.aggregate(m=Max("pk"))["m"] or 0
    rows = [
        {
            "first_name": p.first_name,
            "last_name": p.last_name,
            "club": p.club,
            "country": p.country,
            "ema_number": p.ema_number,
        }
        for p in records
    ]
    players = find_or_create_players(rows) if rows else []
    _check_distinct(archive, players)
    new = sum(1 for player in players if player.pk > last_known)
    counts["players_new"] += new
    counts["players_matched"] += len(players) - new
    _fill_club_countries(records)
    return players


def _check_distinct(archive: EventArchive, players: list[Player]) -> None:
    """Two registrations of the archive must not be one player here."""
    seen: dict[int, int] = {}
    for registration, player in zip(archive.registrations, players, strict=True):
        if player.pk in seen:
            raise ServiceError(
                "archive_same_player",
                field="registrations",
                path="registrations",
                first=seen[player.pk],
                second=registration.number,
                name=player.name,
            )
        seen[player.pk] = registration.number


def _fill_club_countries(records: list[Any]) -> None:
    """A club's country, where the club here has none."""
    countries = {p.club: p.club_country for p in records if p.club and p.club_country}
    for name, country in sorted(countries.items()):
        Club.objects.filter(name=name, country="").update(country=country)


def _fingerprint(values: tuple[Any, ...]) -> tuple[Any, ...]:
    """An audit event as compared: JSON values by their sorted text."""
    action, kind, round_, table, label, before, after, moment = values
    return (
        action, kind, round_, table, label,
        json.dumps(before, sort_keys=True), json.dumps(after, sort_keys=True),
        moment,
    )  # fmt: skip


def write_audit(
    tournament: Tournament, archive: EventArchive, counts: Counter[str]
) -> None:
    """The archive's audit events not here yet (events recorded here, such
    as the imports themselves, stay)."""
    stored = {
        _fingerprint(row)
        for row in AuditEvent.objects.filter(tournament=tournament).values_list(
            *AUDIT_FIELDS
        )
    }
    tables = {
        (round_, number): pk
        for pk, round_, number in Table.objects.filter(
            round__tournament=tournament
        ).values_list("pk", "round__number", "number")
    }
    new = []
    for event in archive.audit:
        key = _fingerprint(
            (event.action, event.object_type, event.round, event.table,
             event.actor_label, event.before, event.after, event.created_at)
        )  # fmt: skip
        if key in stored:
            continue
        stored.add(key)
        new.append(
            AuditEvent(
                tournament=tournament,
                table_id=tables.get((event.round, event.table)),
                actor_label=event.actor_label,
                action=event.action,
                object_type=event.object_type,
                before=event.before,
                after=event.after,
                created_at=event.created_at,
            )
        )
    insert_as_given(AuditEvent, new)
    counts["audit_added"] += len(new)
