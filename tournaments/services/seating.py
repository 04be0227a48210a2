"""Seating of one round: seat it now, swap two players of a seated round.

The plan machinery (jobs, review, publication) is in ``seating_plans``;
``generate_seating`` is its one-round, publish-at-once shortcut.
"""

from __future__ import annotations

from django.db import transaction

from tournaments.models import Round, Seat
from tournaments.seating import plan_stats
from tournaments.services.audit import Actor, record_event
from tournaments.services.errors import ServiceError
from tournaments.services.seating_plans import start_seating
from tournaments.services.seating_rows import figures, published_rounds


def generate_seating(*, round_id: int, actor: Actor, seed: int | None = None) -> Round:
    """Seat one round: a seating job whose plan is published when found."""
    round_ = Round.objects.get(pk=round_id)
    start_seating(
        tournament_id=round_.tournament_id,
        first_round=round_.number,
        rounds=1,
        actor=actor,
        seed=seed,
        publish=True,
    )
    return round_


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
    # Delete then recreate: swapping in place would break the unique
    # (round, player) and (table, wind) constraints half-way.
    Seat.objects.filter(pk__in=[a.pk, b.pk]).delete()
    Seat.objects.bulk_create(
        Seat(table_id=table_id, round=round_, registration_id=rid, wind=wind)
        for table_id, wind, rid in places
    )
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
    return round_
