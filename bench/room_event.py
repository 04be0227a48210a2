"""Build the load benchmark's event through the services, and describe it.

    DATABASE_URL=... .venv/bin/python bench/room_event.py OUT.json [--players 400]

A public MCR tournament of ``--players`` players: round 1 seated by the Swiss
job, three hands at every table, every table closed and the round finished
(so the standings have something to rank); round 2 seated, nothing played.
OUT.json lists round 2's tables (tablet token and the four player ids, East
first) and the tournament's slug, for bench/locustfile.py. Run it against an
empty database: bench/room_load.sh creates one.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# The seating jobs run in this process: the worker may not be up yet.
os.environ["CELERY_TASK_ALWAYS_EAGER"] = "true"

import django

django.setup()

from tournaments.demo import random_result, wait_for_plan  # noqa: E402
from tournaments.models import Round, Tournament  # noqa: E402
from tournaments.selectors.seating import with_seating_plan  # noqa: E402
from tournaments.services import hands, seating_plans, setup  # noqa: E402

SLUG = "bench-room"
HANDS_IN_ROUND_1 = 3


def seat(tournament: Tournament, number: int, seed: int) -> Round:
    plan = seating_plans.start_seating(
        tournament_id=tournament.pk,
        first_round=number,
        rounds=1,
        actor=None,
        seed=seed,
        publish=True,
    )
    wait_for_plan(plan.pk)
    round_ = with_seating_plan(tournament.rounds.get(number=number))
    if round_.seating_state != Round.SeatingState.DONE:
        raise RuntimeError(f"seating round {number} failed: {round_.seating_error}")
    return round_


def play_round_1(round_: Round, rng: random.Random) -> None:
    for table in round_.tables.prefetch_related("seats__registration"):
        players = [seat.registration.player_id for seat in table.seats.all()]
        for number in range(HANDS_IN_ROUND_1):
            hands.record_hand(
                table_id=table.pk,
                result=random_result(rng, players),
                actor=None,
                idempotency_key=f"bench-{table.pk}-{number}",
            )
        hands.close_table(table_id=table.pk, actor=None, time_called=True)
    setup.finish_round(round_id=round_.pk, actor=None)


def describe(tournament: Tournament, round_: Round) -> dict:
    tables = []
    for table in round_.tables.order_by("number").prefetch_related(
        "seats__registration"
    ):
        seats = sorted(table.seats.all(), key=lambda seat: seat.index)
        tables.append(
            {
                "number": table.number,
                "token": table.token,
                "players": [seat.registration.player_id for seat in seats],
            }
        )
    return {"slug": tournament.slug, "round": round_.number, "tables": tables}


def build(players: int, seed: int = 2026) -> dict:
    rng = random.Random(seed)
    tournament = setup.create_tournament(
        name="Benchmark Open",
        slug=SLUG,
        actor=None,
        rounds_count=4,
        seating_mode=Tournament.SeatingMode.SWISS,
        is_public=True,
    )
    rows = [
        {
            "first_name": f"Player{n:03d}",
            "last_name": f"Bench{n:03d}",
            "club": f"Club {n % 40}",
            "country": "FRA",
            "ema_number": "",
        }
        for n in range(players)
    ]
    setup.register_players(tournament=tournament, players=rows, actor=None)
    play_round_1(seat(tournament, 1, seed), rng)
    return describe(tournament, seat(tournament, 2, seed + 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--players", type=int, default=400)
    args = parser.parse_args()
    started = time.monotonic()
    event = build(args.players)
    args.out.write_text(json.dumps(event))
    print(
        f"{args.players} players, {len(event['tables'])} tables in round 2, "
        f"built in {time.monotonic() - started:.0f} s"
    )


if __name__ == "__main__":
    main()
