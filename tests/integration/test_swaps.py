"""Swaps on a seated round: only at tables that have not started, after a
confirmation that names who would meet again."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.integration.round_helpers import EIGHT, named_players, organised, seat_round
from tournaments.models import AuditEvent, Round, Seat, Table
from tournaments.services import hands, seating
from tournaments.services.errors import ServiceError

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]


@pytest.fixture
def staff_client(client, organiser):
    client.force_login(organiser)
    return client


@pytest.fixture
def two_rounds(organiser):
    """Round 1 played (Anna, Bo, Carl, Dora at table 1); round 2 seated with
    Anna and Carl apart: swapping Bo (table 1) and Carl (table 2) puts Carl
    back with Anna."""
    tournament = organised(organiser)
    a, b, c, d, e, f, g, h = named_players(tournament, EIGHT)
    seat_round(tournament, 1, [[a, b, c, d], [e, f, g, h]], Round.Status.FINISHED)
    tables = seat_round(tournament, 2, [[a, b, e, f], [c, d, g, h]])
    return tournament, tables, {r.player.name: r.player_id for r in (a, b, c, d)}


def test_confirmation_names_who_meets_again(staff_client, two_rounds):
    """The first POST only shows the confirmation: nothing moves yet."""
    tournament, tables, ids = two_rounds
    url = reverse("staff:swap", args=[tournament.slug, 2])
    response = staff_client.post(
        url, {"first": ids["Bo Chen"], "second": ids["Carl Dunn"]}
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert "After this swap, Carl Dunn meets Anna Bell again (round 1)." in page
    assert "After this swap, Bo Chen meets Dora Eck again (round 1)." in page
    assert tables[0].seats.filter(registration__player=ids["Bo Chen"]).exists()


def test_confirmation_says_when_nobody_meets_again(staff_client, organiser):
    tournament = organised(organiser)
    regs = named_players(tournament, EIGHT)
    seat_round(tournament, 1, [regs[:4], regs[4:]])
    url = reverse("staff:swap", args=[tournament.slug, 1])
    first, second = regs[0].player_id, regs[4].player_id
    page = staff_client.post(url, {"first": first, "second": second}).content.decode()
    assert "After this swap, nobody meets a player they have already played" in page


def test_confirmed_swap_says_what_it_did(staff_client, two_rounds):
    tournament, tables, ids = two_rounds
    url = reverse("staff:swap", args=[tournament.slug, 2])
    data = {"first": ids["Bo Chen"], "second": ids["Carl Dunn"], "confirm": "1"}
    page = staff_client.post(url, data, follow=True).content.decode()
    assert (
        "Bo Chen and Carl Dunn swapped: Bo Chen now sits at table 2 East, "
        "Carl Dunn at table 1 South."
    ) in page
    assert tables[0].seats.get(wind="S").registration.player_id == ids["Carl Dunn"]
    assert tables[1].seats.get(wind="E").registration.player_id == ids["Bo Chen"]
    assert AuditEvent.objects.filter(action="seating.swap").count() == 1


def test_swap_allowed_while_other_tables_play(organiser, two_rounds):
    """A hand at table 1 does not freeze tables 2 and 3 (regression: the swap
    form used to vanish once any table of the round had a hand)."""
    tournament, tables, ids = two_rounds
    regs = named_players(tournament, ["Ivo Jung", "Jo King", "Kim Lau", "Lea Moe"])
    round_ = tables[0].round
    third = Table.objects.create(round=round_, number=3)
    for wind, registration in zip("ESWN", regs, strict=True):
        Seat.objects.create(
            table=third, round=round_, registration=registration, wind=wind
        )
    hands.record_hand(table_id=tables[0].pk, result={"kind": "draw"}, actor=organiser)
    round_.refresh_from_db()
    assert round_.status == Round.Status.PLAYING
    seating.swap_players(
        round_id=round_.pk,
        first=regs[0].player_id,
        second=ids["Carl Dunn"],
        actor=organiser,
    )
    assert third.seats.get(wind="E").registration.player_id == ids["Carl Dunn"]


def test_round_page_offers_only_players_of_tables_not_started(
    staff_client, organiser, two_rounds
):
    tournament, tables, ids = two_rounds
    hands.record_hand(table_id=tables[0].pk, result={"kind": "draw"}, actor=organiser)
    response = staff_client.get(reverse("staff:round", args=[tournament.slug, 2]))
    choices = dict(response.context["swap_form"].fields["first"].choices)
    assert ids["Carl Dunn"] in choices and ids["Anna Bell"] not in choices


def test_swap_refused_at_a_table_with_a_hand(staff_client, organiser, two_rounds):
    """A named refusal, from the service, even when posted from an old page."""
    tournament, tables, ids = two_rounds
    hands.record_hand(table_id=tables[0].pk, result={"kind": "draw"}, actor=organiser)
    with pytest.raises(ServiceError) as error:
        seating.swap_players(
            round_id=tables[0].round_id,
            first=ids["Bo Chen"],
            second=ids["Carl Dunn"],
            actor=organiser,
        )
    assert (error.value.code, error.value.params["table"]) == ("table_started", 1)
    url = reverse("staff:swap", args=[tournament.slug, 2])
    data = {"first": ids["Bo Chen"], "second": ids["Carl Dunn"], "confirm": "1"}
    page = staff_client.post(url, data, follow=True).content.decode()
    assert "Table 1 has started" in page and "Bo Chen can no longer be swapped" in page
    assert tables[0].seats.get(wind="S").registration.player_id == ids["Bo Chen"]


def test_swap_refused_at_a_closed_table(organiser, two_rounds):
    tournament, tables, ids = two_rounds
    tables[1].is_closed = True
    tables[1].save()
    with pytest.raises(ServiceError) as error:
        seating.list_swap_meetings(
            round_id=tables[0].round_id, first=ids["Bo Chen"], second=ids["Carl Dunn"]
        )
    assert (error.value.code, error.value.field) == ("table_started", "second")


def test_swap_refused_in_a_finished_round(organiser, two_rounds):
    tournament, _tables, ids = two_rounds
    round_one = tournament.rounds.get(number=1)
    with pytest.raises(ServiceError) as error:
        seating.swap_players(
            round_id=round_one.pk,
            first=ids["Bo Chen"],
            second=ids["Carl Dunn"],
            actor=organiser,
        )
    assert error.value.code == "round_not_swappable"


def test_the_same_swap_confirmed_twice_is_made_once(staff_client, two_rounds):
    """The issue: two identical swaps at once were both accepted, the second
    swapping the players back. The confirmation carries the seats it showed;
    the second click finds them replaced and says so, nothing moves."""
    tournament, tables, ids = two_rounds
    url = reverse("staff:swap", args=[tournament.slug, 2])
    chosen = {"first": ids["Bo Chen"], "second": ids["Carl Dunn"]}
    confirmation = staff_client.post(url, chosen)
    seats = {name: confirmation.context[name].pk for name in ("first", "second")}
    confirm = {
        **chosen,
        "first_seat": seats["first"],
        "second_seat": seats["second"],
        "confirm": "1",
    }
    staff_client.post(url, confirm)
    again = staff_client.post(url, confirm, follow=True).content.decode()
    assert "changed meanwhile" in again
    assert tables[1].seats.filter(registration__player=ids["Bo Chen"]).exists()
    assert AuditEvent.objects.filter(action="seating.swap").count() == 1


def test_the_api_refuses_a_swap_on_seats_it_no_longer_holds(api, organiser, two_rounds):
    tournament, tables, ids = two_rounds
    seats = [
        Seat.objects.get(
            round__number=2,
            round__tournament=tournament,
            registration__player=ids[name],
        ).pk
        for name in ("Bo Chen", "Carl Dunn")
    ]
    url = f"/api/tournaments/{tournament.slug}/rounds/2/swap/"
    body = {
        "first": ids["Bo Chen"],
        "second": ids["Carl Dunn"],
        "expected_seats": seats,
    }
    assert api.post(url, body, format="json").status_code == 200
    second = api.post(url, body, format="json")
    assert second.status_code == 409
    assert second.json()["error"] == "seating_changed"
