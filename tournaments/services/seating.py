"""Seating of one round: seat it now, swap two players, renew a table's link.

The plan machinery (jobs, review, publication) is in ``seating_plans``;
``generate_seating`` is its one-round, publish-at-once shortcut.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction

from tournaments.models import Round, Seat, Table, new_table_token
from tournaments.seating import plan_stats
from tournaments.selectors.seating import figures, published_rounds
from tournaments.services.audit import Actor, record_event
from tournaments.services.checkin import Admission
from tournaments.services.errors import ConflictError, ServiceError
from tournaments.services.locks import lock_rows
from tournaments.services.seating_plans import start_seating
from tournaments.services.tables import lock_table

SWAPPABLE = (Round.Status.SEATED, Round.Status.PLAYING)


def generate_seating(
    *,
    round_id: int,
    actor: Actor,
    seed: int | None = None,
    withdraw_absent: bool = False,
    admit_waiting: Sequence[Admission] = (),
) -> Round:
    """Seat one round: a seating job whose plan is published when found."""
    round_ = Round.objects.get(pk=round_id)
    start_seating(
        tournament_id=round_.tournament_id,
        first_round=round_.number,
        rounds=1,
        actor=actor,
        seed=seed,
        publish=True,
        withdraw_absent=withdraw_absent,
        admit_waiting=admit_waiting,
    )
    return round_


@dataclass(frozen=True, slots=True)
class Meeting:
    """Two players who would share a table again, and the rounds they met in."""

    first: str
    second: str
    rounds: tuple[int, ...]


def swap_seats(round_: Round, first: int, second: int) -> tuple[Seat, Seat]:
    """The two seats (Player ids) of a swap, or the ``ServiceError`` refusing it.

    Only tables that have not started may change players: once a hand is
    stored (or the table is closed) its scores belong to the four players
    who played it.
    """
    if round_.status not in SWAPPABLE:
        raise ServiceError("round_not_swappable", round=round_.number)
    seats = {
        seat.registration.player_id: seat
        for seat in round_.seats.filter(registration__player__in=[first, second])
        .select_related("registration__player", "table")
        .prefetch_related("table__hands")
    }
    for field, player_id in (("first", first), ("second", second)):
        if player_id not in seats:
            raise ServiceError("player_not_in_round", field=field, player=player_id)
    if first == second:
        raise ServiceError("same_player", field="second")
    for field, seat in (("first", seats[first]), ("second", seats[second])):
        table = seat.table
        if table.is_closed or table.hands.all():
            raise ServiceError(
                "table_started",
                field=field,
                table=table.number,
                player=seat.registration.player.name,
            )
    return seats[first], seats[second]


def list_swap_meetings(*, round_id: int, first: int, second: int) -> list[Meeting]:
    """Who would meet again after swapping ``first`` and ``second`` (Player ids).

    Each moved player meets the three players of the other table; a pair is
    listed when it shares a table in any other seated round of the
    tournament. Raises the ``ServiceError`` that the swap itself would raise.
    """
    round_ = Round.objects.select_related("tournament").get(pk=round_id)
    a, b = swap_seats(round_, first, second)
    if a.table_id == b.table_id:
        return []
    met = _tables_by_registration(round_)
    mates = _mates(round_, a.table_id, b.table_id)
    meetings = []
    for mover, stayer_table in ((a, b.table_id), (b, a.table_id)):
        for other in mates[stayer_table]:
            if other.pk in (a.registration_id, b.registration_id):
                continue
            rounds = sorted(
                number
                for number, table in met[mover.registration_id].items()
                if met[other.pk].get(number) == table
            )
            if rounds:
                meetings.append(
                    Meeting(
                        mover.registration.player.name, other.player.name, tuple(rounds)
                    )
                )
    return meetings


def _tables_by_registration(round_: Round) -> dict[int, dict[int, int]]:
    """Registration id -> {round number: table id} over the other rounds."""
    met: dict[int, dict[int, int]] = defaultdict(dict)
    rows = (
        Seat.objects.filter(round__tournament=round_.tournament_id)
        .exclude(round=round_)
        .values_list("registration_id", "round__number", "table_id")
    )
    for registration_id, number, table_id in rows:
        met[registration_id][number] = table_id
    return met


def _mates(round_: Round, *table_ids: int) -> dict[int, list]:
    seats = round_.seats.filter(table__in=table_ids).select_related(
        "registration__player"
    )
    mates: dict[int, list] = defaultdict(list)
    for seat in seats:
        mates[seat.table_id].append(seat.registration)
    return mates


@transaction.atomic
def swap_players(
    *,
    round_id: int,
    first: int,
    second: int,
    actor: Actor,
    expected_seats: tuple[int, int] | None = None,
) -> tuple[Seat, Seat]:
    """Swap two players' seats (Player ids) at tables that have not started.

    ``expected_seats`` are the Seat ids of ``first`` and ``second`` the
    organiser saw: a swap replaces both seats, so the same swap confirmed
    twice (a double click, two organisers) finds other seats and is refused
    (409) rather than silently swapping the players back. Returns the two new
    seats: ``first``'s, then ``second``'s.
    """
    rounds = Round.objects.filter(pk=round_id).select_related("tournament")
    round_ = lock_rows(rounds).get()
    a, b = swap_seats(round_, first, second)
    if expected_seats is not None and (a.pk, b.pk) != tuple(expected_seats):
        raise ConflictError("seating_changed", round=round_.number)
    # Lock order: the round, then its tables in primary-key order.
    list(lock_rows(Table.objects.filter(pk__in={a.table_id, b.table_id})))
    a, b = swap_seats(round_, first, second)  # again, under the table locks
    places = [
        (b.table_id, b.wind, a.registration_id),
        (a.table_id, a.wind, b.registration_id),
    ]
    # Delete then recreate: swapping in place would break the unique
    # (round, player) and (table, wind) constraints half-way.
    Seat.objects.filter(pk__in=[a.pk, b.pk]).delete()
    Seat.objects.bulk_create(
        Seat(table_id=table_id, round=round_, registration_id=rid, wind=wind)
        for table_id, wind, rid in places
    )
    new_seats = {
        seat.registration_id: seat
        for seat in round_.seats.filter(
            registration__in=[a.registration_id, b.registration_id]
        ).select_related("registration__player", "table")
    }
    history = published_rounds(round_.tournament, before=round_.number + 1)
    round_.seating_stats = figures(plan_stats(history))
    round_.save(update_fields=["seating_stats"])
    record_event(
        tournament=round_.tournament,
        action="seating.swap",
        obj=round_,
        actor=actor,
        after={"swapped": [first, second]},
    )
    return new_seats[a.registration_id], new_seats[b.registration_id]


@transaction.atomic
def rotate_table_token(*, table_id: int, actor: Actor) -> Table:
    """Give the table a new secret link; the old link answers 404 at once.

    For a link that leaked or a tablet that went missing. The audit trail
    records the change, never the secrets themselves.
    """
    table = lock_table(table_id)
    table.token = new_table_token()
    table.save(update_fields=["token"])
    record_event(
        tournament=table.round.tournament,
        table=table,
        action="table.new_link",
        obj=table,
        actor=actor,
        after={"table": table.number, "round": table.round.number},
    )
    return table
