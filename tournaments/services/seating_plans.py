"""Seating plans: run a seating job, review its figures, publish it.

A plan covers one round or every remaining round. The job runs in a Celery
worker (enqueued after commit) and can be cancelled; the organiser sees the
figures (repeated meetings, wind balance), may swap two players, and then
publishes the plan, which writes the Tables and Seats of its rounds. Rounds
already played are history: a plan never touches them, so a withdrawal after
round 3 is handled by planning rounds 4 onwards again.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from django.conf import settings
from django.db import transaction

from tournaments.models import WINDS, Round, Seat, SeatingPlan, Table, Tournament
from tournaments.seating import SeatingError, SeatingRequest, plan_seating, plan_stats
from tournaments.seating.budget import search_clock
from tournaments.seating.command import request_to_data
from tournaments.seating.validation import check_mode_plans
from tournaments.selectors.seating import (
    figures,
    published_rounds,
    seated_registrations,
)
from tournaments.selectors.standings import get_ranking
from tournaments.services import jobs
from tournaments.services.audit import Actor, record_event
from tournaments.services.checkin import Admission, check_round_one_checkin
from tournaments.services.errors import ServiceError
from tournaments.services.locks import lock_rows

#: The seating engine's clock, in seconds: the search's own CPU time, so a
#: job sent again beside a killed worker's leftovers, or on a loaded machine,
#: gets the same search as its first run. It only bounds a search (the search
#: itself stops by step counts); tests may put a fake clock here.
engine_clock: Callable[[], float] = search_clock


class PlanCancelled(Exception):
    """Raised from the progress callback to stop a cancelled job."""


def check_plannable(tournament: Tournament, first_round: int, count: int) -> None:
    """Refuse a plan over played rounds, past the last round, or a bad count."""
    if not 1 <= first_round <= tournament.rounds_count:
        raise ServiceError("unknown_round", field="first_round", round=first_round)
    if count < 1 or first_round + count - 1 > tournament.rounds_count:
        raise ServiceError("bad_rounds_to_plan", field="rounds", rounds_to_plan=count)
    try:
        check_mode_plans(tournament.seating_mode, count)
    except SeatingError as error:
        raise ServiceError(error.code, field="rounds", **error.params) from None
    rounds = tournament.rounds.filter(
        number__gte=first_round, number__lt=first_round + count
    )
    started = rounds.filter(status__in=[Round.Status.PLAYING, Round.Status.FINISHED])
    if started.exists():
        raise ServiceError("round_already_played", round=started.first().number)
    unseated = tournament.rounds.filter(number__lt=first_round, tables__isnull=True)
    if unseated.exists():
        raise ServiceError(
            "earlier_round_not_seated", round=unseated.order_by("number")[0].number
        )
    count_players = len(seated_registrations(tournament))
    if count_players == 0 or count_players % 4:
        raise ServiceError(
            "player_count_not_multiple_of_four",
            count=count_players,
            substitutes_needed=(-count_players) % 4 if count_players else 4,
        )


@transaction.atomic
def start_seating(
    *,
    tournament_id: int,
    first_round: int,
    actor: Actor,
    rounds: int | None = 1,
    seed: int | None = None,
    publish: bool = False,
    withdraw_absent: bool = False,
    admit_waiting: Sequence[Admission] = (),
) -> SeatingPlan:
    """Create a seating plan and enqueue its job after commit.

    ``rounds=None`` plans every round from ``first_round`` to the last.
    ``publish`` publishes the plan as soon as the job finds it.
    ``withdraw_absent``: round 1 of an event that uses check-in, the
    organiser confirmed that the players who did not check in are withdrawn.
    ``admit_waiting``: the waiting-list players who came to the door of
    round 1, registered and checked in in the same transaction (a refused
    seating leaves nobody withdrawn nor let in).
    """
    tournament = lock_rows(Tournament.objects.filter(pk=tournament_id)).get()
    count = tournament.rounds_count - first_round + 1 if rounds is None else rounds
    check_round_one_checkin(
        tournament,
        first_round,
        withdraw=withdraw_absent,
        actor=actor,
        admit=admit_waiting,
    )
    check_plannable(tournament, first_round, count)
    running = tournament.seating_plans.filter(
        status__in=[SeatingPlan.Status.PENDING, SeatingPlan.Status.RUNNING]
    )
    # A job whose worker died must not block the round for good.
    dead = [plan.pk for plan in running if jobs.is_dead(plan)]
    SeatingPlan.objects.filter(pk__in=dead).update(
        status=SeatingPlan.Status.FAILED, error="job_lost"
    )
    running = running.exclude(pk__in=dead)
    if running.exists():
        raise ServiceError("seating_already_running", plan=running.first().pk)
    plan = SeatingPlan.objects.create(
        tournament=tournament,
        first_round=first_round,
        rounds_count=count,
        mode=tournament.seating_mode,
        seed=seed if seed is not None else random.SystemRandom().getrandbits(31),
        publish_when_ready=publish,
        created_by=actor if actor is not None and actor.is_authenticated else None,
    )
    record_event(
        tournament=tournament,
        action="seating.start",
        obj=plan,
        actor=actor,
        after={"first_round": first_round, "rounds": count, "seed": plan.seed},
    )
    jobs.enqueue(jobs.SEATING, plan.pk)
    return plan


def build_request(plan: SeatingPlan) -> SeatingRequest:
    """The pure engine's request: players, history, ranking, clubs, pins."""
    tournament = plan.tournament
    registrations = seated_registrations(tournament)
    ranking = None
    if plan.mode == Tournament.SeatingMode.SWISS:
        # The ranking's ids alone (one aggregate query): no row, player or
        # club is read; the sets are built once, not once per player.
        ranked = [entry.registration_id for entry in get_ranking(tournament).entries]
        ranked_ids = set(ranked)
        seated = {r.pk for r in registrations}
        others = [r.pk for r in registrations if r.pk not in ranked_ids]
        ranking = tuple(pk for pk in ranked + others if pk in seated)
    return SeatingRequest(
        mode=plan.mode,
        players=tuple(r.pk for r in registrations),
        history=published_rounds(tournament, before=plan.first_round),
        round_index=plan.first_round,
        rounds_total=tournament.rounds_count,
        rounds_to_plan=plan.rounds_count,
        ranking=ranking,
        clubs={r.pk: r.player.club.name for r in registrations if r.player.club},
        pins={r.pk: r.table_pin for r in registrations if r.table_pin},
        time_limit_s=settings.SEATING_TIME_LIMIT_S,
        seed=plan.seed,
    )


def run_seating_plan(
    *, plan_id: int, on_progress: Callable[[int], None]
) -> SeatingPlan:
    """The job's body: search, store the plan, publish it if asked.

    ``on_progress`` receives whole percentages. A cancelled plan stops at the
    engine's next progress report.
    """
    plan = SeatingPlan.objects.select_related("tournament").get(pk=plan_id)
    if not jobs.claim(jobs.SEATING, plan_id):
        return SeatingPlan.objects.get(pk=plan_id)
    try:
        check_plannable(plan.tournament, plan.first_round, plan.rounds_count)
        request = build_request(plan)
        SeatingPlan.objects.filter(pk=plan_id).update(request=request_to_data(request))
        result = plan_seating(
            request,
            clock=engine_clock,
            on_progress=_progress_reporter(plan_id, on_progress),
        )
    except PlanCancelled:
        return SeatingPlan.objects.get(pk=plan_id)
    except (ServiceError, SeatingError) as error:
        SeatingPlan.objects.filter(pk=plan_id).update(
            status=SeatingPlan.Status.FAILED,
            error=error.code,
            error_params=error.params,
        )
        return SeatingPlan.objects.get(pk=plan_id)
    updated = SeatingPlan.objects.filter(
        pk=plan_id, status=SeatingPlan.Status.RUNNING
    ).update(
        status=SeatingPlan.Status.READY,
        progress=100,
        rounds=[[list(table) for table in round_] for round_ in result.rounds],
        stats={**figures(result.stats), "clock_stopped": result.clock_stopped},
    )
    plan.refresh_from_db()
    if updated and plan.publish_when_ready:
        return publish_seating(plan_id=plan_id, actor=None)
    return plan


def _progress_reporter(
    plan_id: int, report: Callable[[int], None]
) -> Callable[[float], None]:
    last = {"percent": -1}

    def on_progress(fraction: float) -> None:
        percent = max(0, min(99, int(fraction * 100)))
        if percent == last["percent"]:
            return
        last["percent"] = percent
        if not jobs.beat(jobs.SEATING, plan_id, progress=percent):
            raise PlanCancelled()
        report(percent)

    return on_progress


@transaction.atomic
def cancel_seating(*, plan_id: int, actor: Actor) -> SeatingPlan:
    """Stop a running job, or drop a plan that is not published."""
    plans = SeatingPlan.objects.filter(pk=plan_id).select_related("tournament")
    plan = lock_rows(plans).get()
    if plan.status == SeatingPlan.Status.PUBLISHED:
        raise ServiceError("plan_published", plan=plan.pk)
    plan.status = SeatingPlan.Status.CANCELLED
    plan.save(update_fields=["status"])
    record_event(
        tournament=plan.tournament, action="seating.cancel", obj=plan, actor=actor
    )
    return plan


def _locked_ready_plan(plan_id: int) -> SeatingPlan:
    """Lock the plan row only; a caller that also writes the tournament locks
    it first (lock order: tournament, plan, rounds, tables)."""
    plans = SeatingPlan.objects.filter(pk=plan_id).select_related("tournament")
    plan = lock_rows(plans).get()
    if plan.status != SeatingPlan.Status.READY:
        raise ServiceError("plan_not_ready", plan=plan.pk, status=plan.status)
    return plan


@transaction.atomic
def swap_in_plan(
    *, plan_id: int, round_number: int, first: int, second: int, actor: Actor
) -> SeatingPlan:
    """Swap two players (Player ids) in one round of a plan; figures follow."""
    plan = _locked_ready_plan(plan_id)
    if round_number not in plan.round_numbers:
        raise ServiceError("unknown_round", field="round", round=round_number)
    registrations = {r.player_id: r.pk for r in seated_registrations(plan.tournament)}
    ids = []
    for field, player_id in (("first", first), ("second", second)):
        if player_id not in registrations:
            raise ServiceError("player_not_in_round", field=field, player=player_id)
        ids.append(registrations[player_id])
    if first == second:
        raise ServiceError("same_player", field="second")
    tables = plan.rounds[round_number - plan.first_round]
    swap = {ids[0]: ids[1], ids[1]: ids[0]}
    plan.rounds[round_number - plan.first_round] = [
        [swap.get(rid, rid) for rid in table] for table in tables
    ]
    history = published_rounds(plan.tournament, before=plan.first_round)
    plan.stats = {
        **figures(plan_stats([*history, *plan.rounds])),
        # A swap by hand does not change how the search ended.
        "clock_stopped": plan.stats.get("clock_stopped", False),
    }
    plan.save(update_fields=["rounds", "stats"])
    record_event(
        tournament=plan.tournament,
        action="seating.plan_swap",
        obj=plan,
        actor=actor,
        after={"round": round_number, "swapped": [first, second]},
    )
    return plan


@transaction.atomic
def publish_seating(*, plan_id: int, actor: Actor) -> SeatingPlan:
    """Write the plan's rounds as Tables and Seats (rounds not started only).

    Lock order: the tournament, the plan, the plan's rounds, then their old
    tables (before the delete, which would lock them in its own order). A
    first hand at one of those tables holds its round: the publication waits
    for it, then finds the round played.
    """
    plans = SeatingPlan.objects.filter(pk=plan_id)
    tournament_id = plans.values_list("tournament_id", flat=True).get()
    tournament = lock_rows(Tournament.objects.filter(pk=tournament_id)).get()
    plan = _locked_ready_plan(plan_id)
    rounds = list(lock_rows(tournament.rounds.filter(number__in=plan.round_numbers)))
    list(lock_rows(Table.objects.filter(round__in=rounds)))
    check_plannable(tournament, plan.first_round, plan.rounds_count)
    for number, tables in zip(plan.round_numbers, plan.rounds, strict=True):
        round_ = tournament.rounds.get(number=number)
        write_round(round_, tables)
    for number in plan.round_numbers:
        round_ = tournament.rounds.get(number=number)
        round_.seating_stats = figures(
            plan_stats(published_rounds(tournament, before=number + 1))
        )
        round_.save(update_fields=["seating_stats"])
    plan.status = SeatingPlan.Status.PUBLISHED
    plan.save(update_fields=["status"])
    record_event(
        tournament=tournament,
        action="seating.publish",
        obj=plan,
        actor=actor,
        actor_label="" if actor else "seating job",
        after={"rounds": plan.round_numbers, "stats": plan.stats},
    )
    return plan


def write_round(round_: Round, tables: Sequence[Sequence[int]]) -> None:
    """Replace the round's tables by ``tables`` (registration ids, East
    first) and mark it seated. Precondition: the round is locked."""
    round_.tables.all().delete()
    for number, ids in enumerate(tables, start=1):
        table = Table.objects.create(round=round_, number=number)
        Seat.objects.bulk_create(
            Seat(table=table, round=round_, registration_id=rid, wind=wind)
            for rid, wind in zip(ids, WINDS, strict=True)
        )
    round_.status = Round.Status.SEATED
    round_.save(update_fields=["status"])
