"""The demo tournaments: 16 players, 4 rounds, two rounds played, in MCR
(``demo-open``) or in riichi under the EMA settings (``demo-riichi``).

Built only through the services, so the demo exercises the same code paths
as a real event (seating job, hand entry, penalties, closing).
"""

from __future__ import annotations

import datetime
import random
import time
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.db import transaction

from tournaments.models import (
    Hand,
    Penalty,
    Player,
    Round,
    Seat,
    SeatingPlan,
    SeatResult,
    Table,
    Tournament,
)
from tournaments.selectors.seating import attach_seating_plans
from tournaments.services import hands, penalties, seating_plans, setup
from tournaments.services.errors import ServiceError

DEMO_SLUG = "demo-open"
RIICHI_DEMO_SLUG = "demo-riichi"
DEMO_USERNAME = "organiser"
DEMO_PASSWORD = "mahjong-demo"

PLAYERS = [
    ("Alice", "Martin", "Paris Mahjong", "FRA", "04010001"),
    ("Bruno", "Lefèvre", "Paris Mahjong", "FRA", "04010002"),
    ("Chloé", "Dubois", "Lyon Riichi & MCR", "FRA", "04020003"),
    ("David", "Moreau", "Lyon Riichi & MCR", "FRA", ""),
    ("Emma", "Schmidt", "Berlin Drachen", "DEU", "05010004"),
    ("Felix", "Weber", "Berlin Drachen", "DEU", "05010005"),
    ("Giulia", "Rossi", "Milano Mahjong", "ITA", "06010006"),
    ("Hugo", "Bernard", "Paris Mahjong", "FRA", ""),
    ("Inès", "Garcia", "Madrid Mahjong", "ESP", "07010007"),
    ("Jan", "de Vries", "Amsterdam MJ", "NLD", "08010008"),
    ("Katarzyna", "Nowak", "Warszawa MCR", "POL", "09010009"),
    ("Lars", "Jensen", "København MJ", "DNK", "10010010"),
    ("Marie", "Petit", "Lyon Riichi & MCR", "FRA", "04020011"),
    ("Nils", "Andersson", "Stockholm MJ", "SWE", "11010012"),
    ("Olivia", "Brown", "London Mahjong", "GBR", "12010013"),
    ("Pierre", "Roux", "Marseille MJ", "FRA", ""),
]

# Fan totals seen at MCR tables: mostly 8 to 16, rarely a limit hand.
FAN_TOTALS = [8] * 9 + [
    9,
    9,
    10,
    10,
    11,
    12,
    12,
    13,
    14,
    16,
    17,
    18,
    20,
    24,
    26,
    32,
    48,
    88,
]


#: Seconds to wait for a Celery worker to seat the demo (a real broker).
SEATING_WAIT_S = 120


def demo_organiser() -> Any:
    """The demo login, with a password printed in the README: development only.

    An organiser (it may create tournaments) and a superuser, so the admin
    can be explored too.
    """
    user_model = get_user_model()
    user, created = user_model.objects.get_or_create(
        username=DEMO_USERNAME, defaults={"is_staff": True, "is_superuser": True}
    )
    if created:
        user.set_password(DEMO_PASSWORD)
        user.save()
    user.user_permissions.add(
        Permission.objects.get(
            content_type__app_label="tournaments", codename="add_tournament"
        )
    )
    return user


def random_result(rng: random.Random, players: list[int]) -> dict[str, Any]:
    roll = rng.random()
    if roll < 0.18:
        return {"kind": "draw"}
    winner = rng.choice(players)
    points = rng.choice(FAN_TOTALS)
    flowers = rng.choice([0, 0, 0, 1, 1, 2, 3])
    if roll < 0.45:
        return {
            "kind": "self_draw",
            "winner": winner,
            "fan_total": points,
            "flowers": flowers,
        }
    discarder = rng.choice([p for p in players if p != winner])
    return {
        "kind": "discard",
        "winner": winner,
        "discarder": discarder,
        "fan_total": points,
        "flowers": flowers,
    }


def play_table(table: Table, actor: Any, rng: random.Random) -> None:
    players = [
        seat.registration.player_id
        for seat in table.seats.select_related("registration")
    ]
    for number in range(16):
        hands.record_hand(
            table_id=table.pk,
            result=random_result(rng, players),
            actor=actor,
            idempotency_key=f"demo-{table.pk}-{number}",
        )
    if rng.random() < 0.3:
        penalties.add_penalty(
            table_id=table.pk,
            player_id=rng.choice(players),
            kind="false_hu",
            reason="Declared Hu on 7 points",
            actor=actor,
        )
    hands.close_table(table_id=table.pk, actor=actor)


# Han seen at riichi tables: mostly 1 to 4, sometimes a limit hand.
HAN = [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 6, 8]


def random_riichi_result(rng: random.Random, players: list[int]) -> dict[str, Any]:
    """A plausible riichi hand: a ron or a tsumo with its han and fu, or an
    exhaustive draw with the tenpai players; some players declare riichi."""
    declared = [p for p in players if rng.random() < 0.15]
    roll = rng.random()
    if roll < 0.15:
        tenpai = sorted(set(declared) | {p for p in players if rng.random() < 0.3})
        return {"kind": "draw", "riichi": declared, "tenpai": tenpai}
    winner = rng.choice(players)
    han = rng.choice(HAN)
    result: dict[str, Any] = {"winner": winner, "han": han, "riichi": declared}
    if han < 5:
        result["fu"] = rng.choice([30, 30, 40, 40, 50])
    if roll < 0.45:
        return {"kind": "self_draw", **result}
    discarder = rng.choice([p for p in players if p != winner])
    return {"kind": "discard", "discarder": discarder, **result}


def play_riichi_table(table: Table, actor: Any, rng: random.Random) -> None:
    """Hands until the game is over (East and South under the EMA settings)."""
    players = [
        seat.registration.player_id
        for seat in table.seats.select_related("registration")
    ]
    over = False
    for number in range(MAX_RIICHI_HANDS):
        try:
            hands.record_hand(
                table_id=table.pk,
                result=random_riichi_result(rng, players),
                actor=actor,
                idempotency_key=f"demo-{table.pk}-{number}",
            )
        except ServiceError as error:
            if error.code != "session_over":
                raise
            over = True
            break
    hands.close_table(table_id=table.pk, actor=actor, time_called=not over)


MAX_RIICHI_HANDS = 40
"""Time is called after this many hands (a long run of dealer wins)."""


def seat_every_round(tournament: Tournament, actor: Any, seed: int) -> None:
    """One no-repeat plan of the whole tournament, published at once (as the
    round page suggests for no-repeat seating).

    In eager mode the job has run when ``start_seating`` returns; with a
    broker a worker runs it, and the demo waits for the plan to be published.
    """
    plan = seating_plans.start_seating(
        tournament_id=tournament.pk,
        first_round=1,
        rounds=None,
        actor=actor,
        seed=seed,
        publish=True,
    )
    wait_for_plan(plan.pk)
    for round_ in attach_seating_plans(list(tournament.rounds.all())):
        if round_.seating_state != Round.SeatingState.DONE:
            raise RuntimeError(
                f"seating round {round_.number} failed: {round_.seating_error}"
            )


def wait_for_plan(
    plan_id: int, *, timeout_s: float = SEATING_WAIT_S, poll_s: float = 0.5
) -> SeatingPlan:
    """Block until the seating job has finished, one way or another."""
    waiting = (SeatingPlan.Status.PENDING, SeatingPlan.Status.RUNNING)
    deadline = time.monotonic() + timeout_s
    plan = SeatingPlan.objects.get(pk=plan_id)
    # A job run elsewhere (a worker, the venue's jobs thread) stores its plan
    # READY, then publishes it when asked to, in a transaction of its own.
    while plan.status in waiting or (
        plan.status == SeatingPlan.Status.READY and plan.publish_when_ready
    ):
        if time.monotonic() > deadline:
            raise RuntimeError(
                f"seating job {plan_id} did not finish in {timeout_s:.0f} s: "
                "is a Celery worker running?"
            )
        time.sleep(poll_s)
        plan.refresh_from_db()
    return plan


@transaction.atomic
def delete_demo(tournament: Tournament) -> None:
    """Delete a demo, played or not: the scores first, as their keys protect
    the seats, then the tournament and the players it alone registered."""
    player_ids = list(tournament.registrations.values_list("player_id", flat=True))
    Hand.objects.filter(table__round__tournament=tournament).delete()
    Penalty.objects.filter(table__round__tournament=tournament).delete()
    SeatResult.objects.filter(round__tournament=tournament).delete()
    Seat.objects.filter(round__tournament=tournament).delete()
    tournament.registrations.all().delete()
    tournament.delete()
    Player.objects.filter(pk__in=player_ids, registrations__isnull=True).delete()


def load_demo(
    *,
    seed: int = 2026,
    reset: bool = False,
    with_login: bool = False,
    ruleset: str = "mcr",
) -> Tournament:
    """Create the demo tournament unless it exists (``reset`` recreates it).

    ``with_login`` also creates the demo login (known password): only for a
    development machine, which the command decides from DEBUG. ``ruleset``
    ``"riichi"`` loads the riichi demo (its own slug) instead of MCR's.
    """
    riichi = ruleset == "riichi"
    slug = RIICHI_DEMO_SLUG if riichi else DEMO_SLUG
    existing = Tournament.objects.filter(slug=slug).first()
    if existing and not reset:
        if with_login:
            existing.organisers.add(demo_organiser())
        return existing
    if existing:
        delete_demo(existing)
    actor = demo_organiser() if with_login else None
    rng = random.Random(seed)
    today = datetime.date.today()
    tournament = setup.create_tournament(
        name="Muraille Demo Riichi Cup" if riichi else "Muraille Demo Open",
        slug=slug,
        actor=actor,
        ruleset=ruleset,
        preset="ema" if riichi else "",
        rounds_count=4,
        city="Paris",
        country="FRA",
        start_date=today,
        end_date=today,
        seating_mode=Tournament.SeatingMode.NO_REPEAT,
        is_public=True,
    )
    rows = [
        {"first_name": f, "last_name": la, "club": c, "country": co, "ema_number": e}
        for f, la, c, co, e in PLAYERS
    ]
    setup.register_players(tournament=tournament, players=rows, actor=actor)
    seat_every_round(tournament, actor, seed)
    for number in (1, 2):
        round_ = tournament.rounds.get(number=number)
        for table in round_.tables.all():
            if riichi:
                play_riichi_table(table, actor, rng)
            else:
                play_table(table, actor, rng)
        setup.finish_round(round_id=round_.pk, actor=actor)
    return tournament
