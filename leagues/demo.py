"""The demo league: a club's season of club nights beside the demo
tournament, so a newcomer sees standings, careers and ratings at once.

Two leagues, built only through the services as a real club would:

* ``demo-club`` (MCR): three Thursday nights of two tables each, 16 hands a
  table, and the demo tournament (``demo-open``) counted in the season;
* ``demo-famille`` (French classic, simple system): one family night of two
  tables, each player's score typed as a club referee does.
"""

from __future__ import annotations

import datetime
import random
from typing import Any

from django.db import transaction

from leagues.models import League
from leagues.services import leagues as league_services
from leagues.services import nights, ratings
from tournaments.demo import PLAYERS, demo_organiser, play_table
from tournaments.models import Round, Table, Tournament
from tournaments.services import hands, setup

MCR_SLUG = "demo-club"
FRENCH_SLUG = "demo-famille"
NIGHTS = 3
FRENCH_HANDS = 16  # a French classic session: 16 hands
WINDS = "ESWN"


def names(start: int) -> list[str]:
    """Eight of the demo tournament's players, as typed at a club night."""
    return [f"{first} {last}" for first, last, *_ in PLAYERS[start : start + 8]]


def tables_of(players: list[str], rng: random.Random) -> list[list[str]]:
    shuffled = players[:]
    rng.shuffle(shuffled)
    return [shuffled[:4], shuffled[4:8]]


def night_tables(round_: Round) -> list[Table]:
    return list(round_.tables.order_by("number"))


def play_french_table(table: Table, actor: Any, rng: random.Random) -> None:
    """``FRENCH_HANDS`` hands, each player's score typed (the winner's the
    largest), then the table closed."""
    players = [
        seat.registration.player_id
        for seat in table.seats.select_related("registration").order_by("wind")
    ]
    for number in range(FRENCH_HANDS):
        scores = {str(p): rng.choice([0, 4, 8, 12, 16, 24, 32]) for p in players}
        result: dict[str, Any] = {
            "kind": "draw",
            "dominant_wind": WINDS[number % 4],
            "scores": scores,
        }
        if rng.random() < 0.85:
            winner = rng.choice(players)
            scores[str(winner)] = rng.choice([40, 56, 72, 96, 128, 200])
            result.update(kind="self_draw", winner=winner)
        hands.record_hand(
            table_id=table.pk,
            result=result,
            actor=actor,
            idempotency_key=f"demo-famille-{table.pk}-{number}",
        )
    hands.close_table(table_id=table.pk, actor=actor)


@transaction.atomic
def load_league_demo(*, seed: int = 2026, with_login: bool = False) -> list[League]:
    """Create the demo leagues unless they exist; the demo tournament must
    exist first (``load_demo``) to be counted in the club's season. All or
    nothing: a failure leaves no half-played night behind. ``with_login``
    makes the demo login (known password) their organiser, as ``load_demo``
    does: only on a development machine."""
    existing = list(League.objects.filter(slug__in=[MCR_SLUG, FRENCH_SLUG]))
    if existing:
        return existing
    actor = demo_organiser() if with_login else None
    rng = random.Random(seed)
    today = datetime.date.today()
    club = league_services.create_league(
        name="Muraille Demo Club Season",
        slug=MCR_SLUG,
        actor=actor,
        ruleset="mcr",
        is_public=True,
        season_start=today - datetime.timedelta(days=7 * NIGHTS),
        season_end=today + datetime.timedelta(days=180),
    )
    for week in range(NIGHTS, 0, -1):
        day = today - datetime.timedelta(days=7 * week)
        event = nights.create_club_night(league=club, day=day, actor=actor)
        round_ = nights.seat_night_tables(
            event=event, tables=tables_of(names(week % 2 * 8), rng), actor=actor
        )
        for table in night_tables(round_):
            play_table(table, actor, rng)
        setup.finish_round(round_id=round_.pk, actor=actor)
    demo = Tournament.objects.filter(slug="demo-open").first()
    if demo is not None:
        league_services.add_event(league=club, tournament=demo, actor=actor)
    family = league_services.create_league(
        name="Muraille Demo Family Nights",
        slug=FRENCH_SLUG,
        actor=actor,
        ruleset="french_simple",
        is_public=True,
    )
    event = nights.create_club_night(league=family, day=today, actor=actor)
    round_ = nights.seat_night_tables(
        event=event, tables=tables_of(names(0), rng), actor=actor
    )
    for table in night_tables(round_):
        play_french_table(table, actor, rng)
    setup.finish_round(round_id=round_.pk, actor=actor)
    ratings.request_ratings(actor=actor)
    return [club, family]
