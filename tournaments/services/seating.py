"""Seating: start a seating job, store its plan, swap two players.

The algorithm is the pure ``tournaments.seating`` package; this module loads
ids, calls it and writes Tables and Seats. ``generate_seating`` enqueues the
Celery task after the transaction commits (pretix's TransactionAwareTask).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.db import transaction

from tournaments.models import WINDS, Registration, Round, Seat, Table, Tournament
from tournaments.seating import SeatingError, SeatingRequest, plan_seating, plan_stats
from tournaments.services.audit import Actor, record_event
from tournaments.services.errors import ServiceError


def seated_registrations(tournament: Tournament) -> list[Registration]:
    """Who sits from now on: active players and substitutes, not the withdrawn."""
    return list(
        tournament.registrations.exclude(status=Registration.Status.WITHDRAWN)
        .select_related("player__club")
        .order_by("number")
    )


def check_seatable(round_: Round) -> None:
    """Refuse to (re)seat a round that has started or whose count is wrong."""
    if round_.status in (Round.Status.PLAYING, Round.Status.FINISHED):
        raise ServiceError("round_already_played", round=round_.number)
    earlier = round_.tournament.rounds.filter(number__lt=round_.number)
    unseated = earlier.filter(tables__isnull=True).values_list("number", flat=True)
    if unseated:
        raise ServiceError("earlier_round_not_seated", round=min(unseated))
    count = len(seated_registrations(round_.tournament))
    if count == 0 or count % 4:
        raise ServiceError(
            "player_count_not_multiple_of_four",
            count=count,
            substitutes_needed=(-count) % 4 if count else 4,
        )


@transaction.atomic
def generate_seating(*, round_id: int, actor: Actor, seed: int | None = None) -> Round:
    """Start a seating job for the round; the Celery task runs after commit."""
    from tournaments.tasks.seating import seat_round_task

    round_ = (
        Round.objects.select_for_update().select_related("tournament").get(pk=round_id)
    )
    check_seatable(round_)
    round_.seating_state = Round.SeatingState.PENDING
    round_.seating_progress = 0
    round_.seating_error = ""
    round_.seating_seed = (
        seed if seed is not None else random.SystemRandom().getrandbits(31)
    )
    round_.save()
    record_event(
        tournament=round_.tournament,
        action="seating.start",
        obj=round_,
        actor=actor,
        after={"seed": round_.seating_seed},
    )
    transaction.on_commit(lambda: _enqueue(round_.pk, seat_round_task))
    return round_


def _enqueue(round_id: int, task: Any) -> None:
    async_result = task.delay(round_id)
    Round.objects.filter(pk=round_id, seating_task_id="").update(
        seating_task_id=async_result.id or ""
    )


def build_request(round_: Round) -> SeatingRequest:
    """The pure seating request for the round: players, history, ranking, seed."""
    from tournaments.selectors import get_standings

    tournament = round_.tournament
    registrations = seated_registrations(tournament)
    history = []
    for earlier in tournament.rounds.filter(number__lt=round_.number).order_by(
        "number"
    ):
        history.append(
            tuple(_table_ids(table) for table in earlier.tables.order_by("number"))
        )
    ranking = None
    if tournament.seating_mode == Tournament.SeatingMode.SWISS:
        ranking = tuple(row.registration.pk for row in get_standings(tournament).rows)
    return SeatingRequest(
        mode=str(tournament.seating_mode),
        players=tuple(r.pk for r in registrations),
        history=tuple(history),
        round_index=round_.number,
        rounds_total=tournament.rounds_count,
        rounds_to_plan=1,
        ranking=ranking,
        clubs={r.pk: r.player.club.name for r in registrations if r.player.club},
        time_limit_s=settings.SEATING_TIME_LIMIT_S,
        seed=round_.seating_seed or 0,
    )


def _table_ids(table: Table) -> tuple[int, int, int, int]:
    seats = sorted(table.seats.all(), key=lambda seat: WINDS.index(seat.wind))
    return tuple(seat.registration_id for seat in seats)  # type: ignore[return-value]


def run_seating(*, round_id: int, on_progress: Callable[[float], None]) -> Round:
    """Compute and store the round's plan (the body of the Celery task)."""
    round_ = Round.objects.select_related("tournament").get(pk=round_id)
    Round.objects.filter(pk=round_id).update(seating_state=Round.SeatingState.RUNNING)
    try:
        check_seatable(round_)
        plan = plan_seating(
            build_request(round_), clock=time.monotonic, on_progress=on_progress
        )
    except (ServiceError, SeatingError) as error:
        Round.objects.filter(pk=round_id).update(
            seating_state=Round.SeatingState.FAILED, seating_error=error.code
        )
        raise
    return store_plan(round_id=round_id, tables=plan.rounds[0])


@transaction.atomic
def store_plan(*, round_id: int, tables: Any) -> Round:
    """Replace the round's tables by the plan (tables of four registration ids)."""
    round_ = (
        Round.objects.select_for_update().select_related("tournament").get(pk=round_id)
    )
    check_seatable(round_)
    round_.tables.all().delete()
    for number, ids in enumerate(tables, start=1):
        table = Table.objects.create(round=round_, number=number)
        Seat.objects.bulk_create(
            Seat(table=table, round=round_, registration_id=rid, wind=wind)
            for rid, wind in zip(ids, WINDS, strict=True)
        )
    round_.status = Round.Status.SEATED
    round_.seating_state = Round.SeatingState.DONE
    round_.seating_progress = 100
    round_.seating_stats = _figures(round_)
    round_.save()
    record_event(
        tournament=round_.tournament,
        action="seating.store",
        obj=round_,
        actor=None,
        actor_label="seating job",
        after={"tables": [list(t) for t in tables]},
    )
    return round_


def _figures(round_: Round) -> dict[str, int]:
    rounds = [
        [_table_ids(t) for t in r.tables.order_by("number").prefetch_related("seats")]
        for r in round_.tournament.rounds.filter(number__lte=round_.number)
    ]
    stats = plan_stats(rounds)
    return {
        "repeated_pairs": stats.repeated_pairs,
        "max_meetings": stats.max_meetings,
        "wind_imbalance": stats.wind_imbalance,
    }


@transaction.atomic
def swap_players(*, round_id: int, first: int, second: int, actor: Actor) -> Round:
    """Swap two players' seats (Player ids) in a round that has not started."""
    round_ = (
        Round.objects.select_for_update().select_related("tournament").get(pk=round_id)
    )
    if round_.status != Round.Status.SEATED:
        raise ServiceError("round_not_swappable", round=round_.number)
    seats = {
        seat.registration.player_id: seat
        for seat in round_.seats.filter(
            registration__player__in=[first, second]
        ).select_related("registration")
    }
    for field, player_id in (("first", first), ("second", second)):
        if player_id not in seats:
            raise ServiceError("player_not_in_round", field=field, player=player_id)
    if first == second:
        raise ServiceError("same_player", field="second")
    a, b = seats[first], seats[second]
    places = [
        (a.table_id, a.wind, b.registration_id),
        (b.table_id, b.wind, a.registration_id),
    ]
    Seat.objects.filter(pk__in=[a.pk, b.pk]).delete()
    Seat.objects.bulk_create(
        Seat(table_id=table_id, round=round_, registration_id=rid, wind=wind)
        for table_id, wind, rid in places
    )
    round_.seating_stats = _figures(round_)
    round_.save(update_fields=["seating_stats"])
    record_event(
        tournament=round_.tournament,
        action="seating.swap",
        obj=round_,
        actor=actor,
        after={"swapped": [first, second]},
    )
    return round_
