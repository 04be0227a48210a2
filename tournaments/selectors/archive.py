"""Read a whole event as archive values (``tournaments.archive``).

Seven queries whatever the size of the event (registrations, rounds, tables,
seats, hands, penalties, audit events), each in a fixed order, so that an
unchanged event gives an identical document: registrations by number,
rounds and tables by number, seats East to North, hands by number,
penalties and audit events by time then id.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from tournaments.archive import (
    AuditRecord,
    EventArchive,
    EventSettings,
    HandRecord,
    PenaltyRecord,
    PlayerRecord,
    RegistrationRecord,
    RoundRecord,
    SeatRecord,
    TableRecord,
    dump,
)
from tournaments.models import (
    WINDS,
    AuditEvent,
    Hand,
    Penalty,
    Registration,
    Seat,
    Table,
    Tournament,
)


def build_archive(tournament: Tournament) -> dict[str, Any]:
    """The event as one JSON-ready document (docs/event-archive.md)."""
    return dump(get_event_archive(tournament))


def get_event_archive(tournament: Tournament) -> EventArchive:
    """The event's archive values, as ``parse`` would read them back."""
    registrations = list_registration_records(tournament)
    seats = _seats(tournament)
    tables = _tables(tournament, seats)
    rounds = tuple(
        RoundRecord(
            number=round_.number,
            status=round_.status,
            started_at=round_.started_at,
            clock_started_at=round_.clock_started_at,
            clock_elapsed_s=round_.clock_elapsed_s,
            clock_extra_minutes=round_.clock_extra_minutes,
            seating_stats=round_.seating_stats or {},
            tables=tuple(tables.get(round_.pk, ())),
        )
        for round_ in tournament.rounds.order_by("number")
    )
    return EventArchive(
        event=event_settings(tournament),
        registrations=registrations,
        rounds=rounds,
        audit=list_audit_records(tournament),
    )


def event_settings(tournament: Tournament) -> EventSettings:
    return EventSettings(
        uid=str(tournament.uid),
        slug=tournament.slug,
        name=tournament.name,
        city=tournament.city,
        country=tournament.country,
        start_date=tournament.start_date,
        end_date=tournament.end_date,
        ruleset=tournament.ruleset,
        ruleset_options=tournament.ruleset_options or {},
        rounds_count=tournament.rounds_count,
        session_minutes=tournament.session_minutes,
        seating_mode=tournament.seating_mode,
        status=tournament.status,
        is_public=tournament.is_public,
        mers_weight=tournament.mers_weight,
        tiebreaks=tuple(tournament.tiebreaks or ()),
        created_at=tournament.created_at,
    )


def list_registration_records(
    tournament: Tournament,
) -> tuple[RegistrationRecord, ...]:
    rows = Registration.objects.filter(tournament=tournament).select_related(
        "player__club"
    )
    return tuple(
        RegistrationRecord(
            number=row.number,
            status=row.status,
            table_pin=row.table_pin,
            player=PlayerRecord(
                first_name=row.player.first_name,
                last_name=row.player.last_name,
                club=row.player.club.name if row.player.club else "",
                club_country=row.player.club.country if row.player.club else "",
                country=row.player.country,
                ema_number=row.player.ema_number,
            ),
        )
        for row in rows.order_by("number")
    )


def _seats(tournament: Tournament) -> dict[int, dict[int, tuple[str, int]]]:
    """By table id, by seat id: the seat's wind and registration number."""
    seats: dict[int, dict[int, tuple[str, int]]] = defaultdict(dict)
    rows = Seat.objects.filter(round__tournament=tournament).values_list(
        "pk", "table_id", "wind", "registration__number"
    )
    for pk, table_id, wind, number in rows.order_by("pk"):
        seats[table_id][pk] = (wind, number)
    return seats


def _tables(
    tournament: Tournament, seats: dict[int, dict[int, tuple[str, int]]]
) -> dict[int, list[TableRecord]]:
    """By round id, the round's tables in number order."""
    number_of = {
        pk: number for table in seats.values() for pk, (_w, number) in table.items()
    }
    hands = _hands(tournament, number_of)
    penalties = _penalties(tournament, number_of)
    tables: dict[int, list[TableRecord]] = defaultdict(list)
    rows = Table.objects.filter(round__tournament=tournament).order_by(
        "round_id", "number"
    )
    for table in rows:
        in_order = sorted(
            seats.get(table.pk, {}).values(), key=lambda s: WINDS.index(s[0])
        )
        tables[table.round_id].append(
            TableRecord(
                number=table.number,
                is_closed=table.is_closed,
                time_called=table.time_called,
                extra_minutes=table.extra_minutes,
                seats=tuple(SeatRecord(wind, number) for wind, number in in_order),
                hands=tuple(hands.get(table.pk, ())),
                penalties=tuple(penalties.get(table.pk, ())),
            )
        )
    return tables


def _hands(
    tournament: Tournament, number_of: dict[int, int]
) -> dict[int, list[HandRecord]]:
    hands: dict[int, list[HandRecord]] = defaultdict(list)
    rows = Hand.objects.filter(table__round__tournament=tournament).order_by(
        "table_id", "number"
    )
    for hand in rows.iterator(chunk_size=2000):
        hands[hand.table_id].append(
            HandRecord(
                number=hand.number,
                prevalent_wind=hand.prevalent_wind,
                seat_winds=hand.seat_winds,
                winds_corrected=hand.winds_corrected,
                needs_check=hand.needs_check,
                counters=hand.counters or {},
                kind=hand.kind,
                winner=number_of.get(hand.winner_id) if hand.winner_id else None,
                discarder=(
                    number_of.get(hand.discarder_id) if hand.discarder_id else None
                ),
                result=hand.result,
                tiles=hand.tiles,
                fans=hand.fans,
                idempotency_key=hand.idempotency_key,
                created_at=hand.created_at,
                updated_at=hand.updated_at,
                deltas=tuple(hand.deltas) if hand.deltas else None,
            )
        )
    return hands


def _penalties(
    tournament: Tournament, number_of: dict[int, int]
) -> dict[int, list[PenaltyRecord]]:
    penalties: dict[int, list[PenaltyRecord]] = defaultdict(list)
    rows = (
        Penalty.objects.filter(table__round__tournament=tournament)
        .select_related("referee")
        .order_by("table_id", "created_at", "pk")
    )
    for penalty in rows:
        penalties[penalty.table_id].append(
            PenaltyRecord(
                registration=number_of[penalty.seat_id],
                kind=penalty.kind,
                points=penalty.points,
                reason=penalty.reason,
                referee=_referee_name(penalty),
                idempotency_key=penalty.idempotency_key,
                created_at=penalty.created_at,
            )
        )
    return penalties


def _referee_name(penalty: Penalty) -> str:
    """As the workbook names the referee: the account's name, its username,
    else the name an imported penalty carries."""
    user = penalty.referee
    if user is None:
        return penalty.referee_label
    full = f"{user.first_name} {user.last_name}".strip()  # type: ignore[union-attr]
    return full or user.get_username()


AUDIT_FIELDS = (
    "action", "object_type", "table__round__number", "table__number",
    "actor_label", "before", "after", "created_at",
)  # fmt: skip
"""What an audit event carries in an archive, in the order of
``AuditRecord``: no account id, no IP address."""

PUBLISH_ACTION = "event.publish"
"""The audit action of a publication (``services.publishing``). It says
where this copy was sent, nothing about the event, so an archive leaves it
out: otherwise every publication after the first would be a change."""


def list_audit_records(tournament: Tournament) -> tuple[AuditRecord, ...]:
    """The audit trail, oldest first; no account id, no IP address, no
    record of this copy's own publications."""
    rows = (
        AuditEvent.objects.filter(tournament=tournament)
        .exclude(action=PUBLISH_ACTION)
        .order_by("created_at", "pk")
        .values_list(*AUDIT_FIELDS)
    )
    return tuple(AuditRecord(*row) for row in rows.iterator(chunk_size=2000))
