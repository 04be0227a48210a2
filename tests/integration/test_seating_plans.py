"""Seating plans: a job, its figures, review, publication, cancellation, re-planning."""

from __future__ import annotations

import pytest

from tests.factories import PlayerFactory, RegistrationFactory, TournamentFactory
from tournaments.models import Registration, Round, SeatingPlan, Tournament
from tournaments.selectors.seating import published_rounds
from tournaments.services import hands, seating_plans, setup
from tournaments.services.errors import ServiceError

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]


@pytest.fixture
def sixteen(organiser):
    tournament = TournamentFactory(seating_mode=Tournament.SeatingMode.NO_REPEAT)
    tournament.organisers.add(organiser)
    for _ in range(16):
        RegistrationFactory(tournament=tournament)
    return tournament


def plan_and_run(tournament, actor, capture, **kwargs):
    with capture(execute=True):
        plan = seating_plans.start_seating(
            tournament_id=tournament.pk, actor=actor, **kwargs
        )
    plan.refresh_from_db()
    return plan


def play_round(tournament, number, actor):
    round_ = tournament.rounds.get(number=number)
    for table in round_.tables.all():
        hands.record_hand(table_id=table.pk, result={"kind": "draw"}, actor=actor)
        hands.close_table(table_id=table.pk, actor=actor, time_called=True)
    setup.finish_round(round_id=round_.pk, actor=actor)


def test_whole_tournament_plan_is_reviewed_then_published(
    sixteen, organiser, django_capture_on_commit_callbacks
):
    """16 players, 4 rounds, nobody meets twice; nothing is seated before publishing."""
    plan = plan_and_run(
        sixteen,
        organiser,
        django_capture_on_commit_callbacks,
        first_round=1,
        rounds=None,
    )
    assert plan.status == SeatingPlan.Status.READY
    assert plan.progress == 100
    assert plan.stats == {
        "repeated_pairs": 0,
        "max_meetings": 1,
        "wind_imbalance": 0,
        "clock_stopped": False,
    }
    assert len(plan.rounds) == 4
    assert not Round.objects.filter(tournament=sixteen, tables__isnull=False).exists()

    seating_plans.publish_seating(plan_id=plan.pk, actor=organiser)
    rounds = published_rounds(sixteen, before=5)
    assert [[list(t) for t in r] for r in rounds] == plan.rounds
    assert set(sixteen.rounds.values_list("status", flat=True)) == {"seated"}


def test_swap_in_a_plan_updates_its_figures(
    sixteen, organiser, django_capture_on_commit_callbacks
):
    plan = plan_and_run(
        sixteen,
        organiser,
        django_capture_on_commit_callbacks,
        first_round=1,
        rounds=None,
    )
    registrations = {r.pk: r.player_id for r in sixteen.registrations.all()}
    first_table, second_table = plan.rounds[1][0], plan.rounds[1][1]
    a, b = registrations[first_table[0]], registrations[second_table[0]]
    plan = seating_plans.swap_in_plan(
        plan_id=plan.pk, round_number=2, first=a, second=b, actor=organiser
    )
    assert plan.rounds[1][0][0] == second_table[0]
    assert plan.stats["repeated_pairs"] > 0
    with pytest.raises(ServiceError) as error:
        seating_plans.swap_in_plan(
            plan_id=plan.pk, round_number=2, first=a, second=a, actor=organiser
        )
    assert error.value.code == "same_player"


def test_cancelled_job_seats_nothing(sixteen, organiser):
    plan = seating_plans.start_seating(
        tournament_id=sixteen.pk, first_round=1, actor=organiser, publish=True
    )
    seating_plans.cancel_seating(plan_id=plan.pk, actor=organiser)
    plan = seating_plans.run_seating_plan(plan_id=plan.pk, on_progress=lambda p: None)
    assert plan.status == SeatingPlan.Status.CANCELLED
    assert not sixteen.rounds.get(number=1).tables.exists()


def test_job_cancelled_while_searching_stops_at_its_next_progress_report(
    sixteen, organiser
):
    plan = seating_plans.start_seating(
        tournament_id=sixteen.pk, first_round=1, rounds=None, actor=organiser
    )

    def cancel_now(percent):
        SeatingPlan.objects.filter(pk=plan.pk).update(
            status=SeatingPlan.Status.CANCELLED
        )

    plan = seating_plans.run_seating_plan(plan_id=plan.pk, on_progress=cancel_now)
    assert plan.status == SeatingPlan.Status.CANCELLED
    assert plan.rounds == []


def test_a_second_job_waits_for_the_first(sixteen, organiser):
    seating_plans.start_seating(
        tournament_id=sixteen.pk, first_round=1, actor=organiser
    )
    with pytest.raises(ServiceError) as error:
        seating_plans.start_seating(
            tournament_id=sixteen.pk, first_round=1, actor=organiser
        )
    assert error.value.code == "seating_already_running"


def test_withdrawal_after_round_3_replans_rounds_4_only(
    sixteen, organiser, django_capture_on_commit_callbacks
):
    """A player leaves after round 3: a substitute joins, rounds 1-3 stay as played."""
    capture = django_capture_on_commit_callbacks
    plan = plan_and_run(sixteen, organiser, capture, first_round=1, rounds=None)
    seating_plans.publish_seating(plan_id=plan.pk, actor=organiser)
    for number in (1, 2, 3):
        play_round(sixteen, number, organiser)
    played = published_rounds(sixteen, before=4)

    leaving = sixteen.registrations.first()
    setup.set_registration_status(
        registration=leaving, status="withdrawn", actor=organiser
    )
    with pytest.raises(ServiceError) as error:
        seating_plans.start_seating(
            tournament_id=sixteen.pk, first_round=4, actor=organiser
        )
    assert error.value.params == {"count": 15, "substitutes_needed": 1}

    substitute = RegistrationFactory(
        tournament=sixteen,
        player=PlayerFactory(),
        status=Registration.Status.SUBSTITUTE,
    )
    plan = plan_and_run(sixteen, organiser, capture, first_round=4, rounds=None)
    seating_plans.publish_seating(plan_id=plan.pk, actor=organiser)
    assert published_rounds(sixteen, before=4) == played
    round_4 = {rid for table in published_rounds(sixteen, before=5)[3] for rid in table}
    assert leaving.pk not in round_4 and substitute.pk in round_4

    with pytest.raises(ServiceError) as error:
        seating_plans.start_seating(
            tournament_id=sixteen.pk, first_round=3, actor=organiser
        )
    assert error.value.code == "round_already_played"
