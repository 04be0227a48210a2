"""Round 1's page at the door (issue 30): the absentees and the waiting
list side by side, one form to withdraw the first and let in the ticked
ones, and a refusal that says what to change."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.integration.door_helpers import at_the_door
from tournaments.models import Player, Registration, Signup

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client, organiser):
    client.force_login(organiser)
    return client


def urls(door):
    kwargs = {"slug": door.tournament.slug, "number": 1}
    return reverse("staff:round", kwargs=kwargs), reverse(
        "staff:seating-start", kwargs=kwargs
    )


def test_the_page_lists_the_absentees_and_the_waiting_list(staff_client, organiser):
    door = at_the_door(organiser)
    round_url, _ = urls(door)
    page = staff_client.get(round_url).content.decode()
    assert "2 players have not checked in:" in page
    assert "Waiting list: who is at the door?" in page
    names = ["Ivo Jahn", "Jon Kurz", "Kim Lutz"]
    at = [page.index(name) for name in names]
    assert at == sorted(at)  # in order of arrival
    for signup in door.waiting:
        assert f'name="admit_waiting" value="{signup.pk}"' in page


def test_one_post_withdraws_and_lets_in(
    staff_client, organiser, django_capture_on_commit_callbacks
):
    door = at_the_door(organiser)
    round_url, seat_url = urls(door)
    ivo, jon, _ = door.waiting
    with django_capture_on_commit_callbacks(execute=True):
        answer = staff_client.post(
            seat_url,
            {
                "seed": "4",
                "withdraw_absent": "1",
                "admit_waiting": [str(ivo.pk), str(jon.pk)],
            },
        )
    assert answer.status_code == 302
    seated = set(
        door.tournament.rounds.get(number=1).seats.values_list(
            "registration__player__last_name", flat=True
        )
    )
    assert {"Jahn", "Kurz"} <= seated and len(seated) == 8
    assert "Hart" not in seated and "Ito" not in seated
    page = staff_client.get(round_url).content.decode()
    assert "have not checked in" not in page
    # Nobody absent any more: no place for the rest of the waiting list.
    assert "Waiting list: who is at the door?" not in page


def test_an_impossible_count_is_said_and_nothing_changes(staff_client, organiser):
    door = at_the_door(organiser)
    _, seat_url = urls(door)
    answer = staff_client.post(
        seat_url,
        {
            "seed": "4",
            "withdraw_absent": "1",
            "admit_waiting": [str(door.waiting[0].pk)],
        },
        follow=True,
    )
    page = answer.content.decode()
    assert "With 1 player from the waiting list, 7 players would sit at round 1" in (
        page
    )
    assert not Registration.objects.filter(status="withdrawn").exists()
    assert Signup.objects.filter(status="waiting").count() == 3
    assert not door.tournament.seating_plans.exists()


def test_a_look_alike_is_asked_on_the_page(staff_client, organiser):
    known = Player.objects.create(first_name="Ivo", last_name="Jahn")
    door = at_the_door(organiser)
    round_url, seat_url = urls(door)
    ivo, jon, _ = door.waiting
    page = staff_client.get(round_url).content.decode()
    assert "Known player Ivo Jahn: the same person?" in page
    assert f'name="same_player_{ivo.pk}"' in page
    body = {
        "seed": "4",
        "withdraw_absent": "1",
        "admit_waiting": [str(ivo.pk), str(jon.pk)],
    }
    refused = staff_client.post(seat_url, body, follow=True).content.decode()
    assert "Ivo Jahn may be the known player Ivo Jahn" in refused
    staff_client.post(seat_url, {**body, f"same_player_{ivo.pk}": "yes"})
    assert Signup.objects.get(pk=ivo.pk).registration.player == known


@pytest.mark.parametrize("value", ["x", "-1", "9" * 40, "\x00", "1e309", ""])
def test_a_hostile_tick_is_no_sign_up(staff_client, organiser, value):
    """Not an id: nobody is let in, the seating goes on with the absentees'
    withdrawal alone (six present: refused by its count), never a 500."""
    door = at_the_door(organiser)
    _, seat_url = urls(door)
    answer = staff_client.post(
        seat_url,
        {"seed": "4", "withdraw_absent": "1", "admit_waiting": value},
        follow=True,
    )
    assert answer.status_code == 200
    assert "6 players cannot sit at tables of four" in answer.content.decode()
    assert Signup.objects.filter(status="waiting").count() == 3
