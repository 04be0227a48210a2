"""A round seated by hand: the organiser gives the tables, no seating job.

A club night forms its tables on the spot (four names a table, typed or
picked): the tables are written at once, the same Tables and Seats a
published seating plan writes, and the tablets work unchanged. Players of
the tournament left out of the tables sit this round out.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction

from tournaments.models import Registration, Round, Table, Tournament
from tournaments.services.audit import Actor, record_event
from tournaments.services.errors import ServiceError
from tournaments.services.locks import lock_rows
from tournaments.services.seating_plans import write_round
from tournaments.services.tables import lock_round


def check_hand_tables(
    tournament: Tournament, tables: Sequence[Sequence[int]]
) -> list[list[int]]:
    """Four distinct registrations of ``tournament`` a table, nobody twice.

    Registration ids, each table in seat order East, South, West, North;
    withdrawn players cannot sit. Returns the tables as lists.
    """
    if not tables:
        raise ServiceError("table_not_seated", field="tables", table=1, seats=0)
    allowed = set(
        tournament.registrations.exclude(
            status=Registration.Status.WITHDRAWN
        ).values_list("pk", flat=True)
    )
    seen: set[int] = set()
    for number, table in enumerate(tables, start=1):
        if len(table) != 4:
            raise ServiceError(
                "table_not_seated", field="tables", table=number, seats=len(table)
            )
        for registration_id in table:
            if registration_id not in allowed:
                raise ServiceError(
                    "bad_player_id", field="tables", value=registration_id
                )
            if registration_id in seen:
                raise ServiceError(
                    "duplicate_player", field="tables", player=registration_id
                )
            seen.add(registration_id)
    return [list(table) for table in tables]


@transaction.atomic
def seat_round_by_hand(
    *, round_id: int, tables: Sequence[Sequence[int]], actor: Actor
) -> Round:
    """Write ``tables`` (registration ids, East first) as the round's tables.

    Lock order: the tournament, the round, then its old tables, which are
    replaced. A round that has started (a hand was stored) is refused.
    """
    round_ = lock_round(round_id)
    tournament = round_.tournament
    list(lock_rows(Table.objects.filter(round=round_)))
    if round_.status in (Round.Status.PLAYING, Round.Status.FINISHED):
        raise ServiceError("round_already_played", round=round_.number)
    checked = check_hand_tables(tournament, tables)
    write_round(round_, checked)
    record_event(
        tournament=tournament,
        action="seating.by_hand",
        obj=round_,
        actor=actor,
        after={"round": round_.number, "tables": checked},
    )
    return round_
