"""Issue 30's whole day through the API, as an outside client runs it: 40
registrants for 32 places (8 waiting), 3 cancel (3 promoted), the organiser
confirms the 32, 30 check in, round 1 is seated with the 2 absentees
withdrawn and 2 of the waiting list let in at the door, and the four
players of each table confirm its scores. Nothing over capacity, nobody
lost, every e-mail sent once."""

from __future__ import annotations

from collections import Counter

import pytest
from django.core import mail
from rest_framework.test import APIClient

from tests.integration.round_helpers import organised
from tests.integration.signups.helpers import open_registration
from tournaments.models import Registration, Signup

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]

PLACES = 32


def registrant(n: int) -> dict[str, str]:
    return {
        "first_name": f"Player{n:02d}",
        "last_name": f"Family{n:02d}",
        "email": f"player{n:02d}@example.org",
    }


def test_forty_registrants_to_eight_confirmed_tables(
    organiser, api, django_capture_on_commit_callbacks
):
    tournament = organised(organiser, uses_checkin=True, players_confirm_tables=True)
    open_registration(tournament, organiser, capacity=PLACES)
    slug = tournament.slug
    anyone = APIClient()

    with django_capture_on_commit_callbacks(execute=True):
        answers = [
            anyone.post(f"/api/tournaments/{slug}/registrations/", registrant(n))
            for n in range(40)
        ]
        assert [a.status_code for a in answers] == [201] * 40
        assert Counter(a.json()["status"] for a in answers) == {
            "pending": 32,
            "waiting": 8,
        }
        for answer in answers[:3]:
            token = answer.json()["token"]
            cancelled = anyone.post(f"/api/registrations/{token}/cancel/")
            assert cancelled.status_code == 200, cancelled.content

        listed = api.get(f"/api/tournaments/{slug}/registrations/").json()
        holding = [r for r in listed["registrations"] if r["status"] == "pending"]
        waiting = [r for r in listed["registrations"] if r["status"] == "waiting"]
        assert (len(holding), len(waiting)) == (PLACES, 5)
        for row in holding:
            confirmed = api.post(
                f"/api/tournaments/{slug}/registrations/{row['id']}/confirm/",
                {},
                format="json",
            )
            assert confirmed.status_code == 200, confirmed.content

    players = list(
        Registration.objects.filter(tournament=tournament, status="active").order_by(
            "number"
        )
    )
    assert len(players) == PLACES
    present, absent = players[:30], {r.player_id for r in players[30:]}
    for registration in present:
        marked = api.post(
            f"/api/tournaments/{slug}/checkin/",
            {"player": registration.player_id, "present": True},
            format="json",
        )
        assert marked.status_code == 200, marked.content
    door = api.get(f"/api/tournaments/{slug}/checkin/").json()
    assert (door["present"], door["expected"]) == (30, PLACES)

    first_two = sorted(waiting, key=lambda r: r["waiting_position"])[:2]
    with django_capture_on_commit_callbacks(execute=True):
        started = api.post(
            f"/api/tournaments/{slug}/rounds/1/seating/",
            {
                "seed": 30,
                "withdraw_absent": True,
                "admit_waiting": [{"signup": r["id"]} for r in first_two],
            },
            format="json",
        )
    assert started.status_code == 202, started.content

    round_one = api.get(f"/api/tournaments/{slug}/rounds/1/").json()
    seated = [seat["player"] for t in round_one["tables"] for seat in t["seats"]]
    assert len(seated) == len(set(seated)) == PLACES
    assert len(absent) == 2 and not absent & set(seated)
    admitted = Signup.objects.filter(pk__in=[r["id"] for r in first_two])
    assert {s.registration.player_id for s in admitted} <= set(seated)

    for table in round_one["tables"]:
        closed = api.post(
            f"/api/tables/{table['id']}/close/", {"time_called": True}, format="json"
        )
        assert closed.status_code == 200, closed.content
        for seat in table["seats"]:
            answer = api.post(
                f"/api/tables/{table['id']}/confirmations/",
                {"player": seat["player"], "answer": "confirm"},
                format="json",
            )
            assert answer.status_code == 200, answer.content

    statuses = Counter(Signup.objects.values_list("status", flat=True))
    held = sum(statuses[s] for s in Signup.HOLDS_A_PLACE)
    assert held <= PLACES
    assert statuses["waiting"] == 3
    assert sum(statuses.values()) == 40  # nobody lost
    # 40 receipts, 3 cancellations, 3 promotions, 32 confirmations and 2
    # let in at the door: each once.
    sent = [(m.to[0], m.subject) for m in mail.outbox]
    assert len(sent) == len(set(sent)) == 40 + 3 + 3 + PLACES + 2
