"""Organiser pages: tournaments, players, seating, rounds."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.integration.page_factories import (
    UserFactory,
    hand_data,
    organised_table,
    player_ids,
    tournament_with_players,
)
from tournaments.models import (
    Player,
    Registration,
    Round,
    Seat,
    SeatingPlan,
    Table,
    Tournament,
)
from tournaments.selectors.seating import with_seating_plan

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client, organiser):
    client.force_login(organiser)
    return client


def test_anonymous_user_is_sent_to_the_login_page(client):
    response = client.get(reverse("staff:dashboard"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_login_page_renders(client):
    response = client.get(reverse("login"))
    assert response.status_code == 200
    assert 'name="username"' in response.content.decode()


def test_dashboard_lists_only_my_tournaments(staff_client, organiser):
    mine = tournament_with_players(organiser, 0, name="Mine Open")
    tournament_with_players(UserFactory(), 0, name="Other Open")
    page = staff_client.get(reverse("staff:dashboard")).content.decode()
    assert mine.name in page
    assert "Other Open" not in page


def test_create_tournament_with_its_rounds(staff_client, organiser):
    data = {
        "name": "Paris Winter Open",
        "start_date": "2026-12-05",
        "end_date": "2026-12-06",
        "city": "Paris",
        "country": "FRA",
        "rounds_count": 5,
        "session_minutes": 120,
        "seating_mode": "random",
        "is_public": "on",
    }
    response = staff_client.post(reverse("staff:tournament-create"), data)
    tournament = Tournament.objects.get(name="Paris Winter Open")
    assert response.status_code == 302
    assert response["Location"] == reverse("staff:tournament", args=[tournament.slug])
    assert tournament.rounds.count() == 5
    assert organiser in tournament.organisers.all()


def test_new_tournament_is_private_until_published(staff_client):
    """The creation form starts unticked: nobody outside reads a draft."""
    form = staff_client.get(reverse("staff:tournament-create"))
    assert 'name="is_public"' in form.content.decode()
    assert 'name="is_public" checked' not in form.content.decode()
    data = {
        "name": "Draft Open",
        "rounds_count": 4,
        "session_minutes": 120,
        "seating_mode": "random",
    }
    staff_client.post(reverse("staff:tournament-create"), data)
    tournament = Tournament.objects.get(name="Draft Open")
    assert tournament.is_public is False
    staff_client.logout()
    page = staff_client.get(reverse("public:standings", args=[tournament.slug]))
    assert page.status_code == 404


def test_create_tournament_refuses_zero_rounds(staff_client):
    data = {"name": "Bad", "rounds_count": 0, "session_minutes": 120}
    response = staff_client.post(reverse("staff:tournament-create"), data)
    assert response.status_code == 400
    assert not Tournament.objects.exists()


def test_other_users_cannot_open_a_tournament_page(client, organiser):
    tournament = tournament_with_players(organiser, 0)
    client.force_login(UserFactory())
    response = client.get(reverse("staff:tournament", args=[tournament.slug]))
    assert response.status_code == 403
    tournament.is_public = False
    tournament.save()
    response = client.get(reverse("staff:tournament", args=[tournament.slug]))
    assert response.status_code == 404


def test_pasted_list_registers_players(staff_client, organiser):
    tournament = tournament_with_players(organiser, 0)
    text = (
        "Alice Martin, Mahjong Paris, FRA, 04120001\n"
        "\n"
        "Bruno Costa, Lisboa MJ, POR\n"
        "Chen Li\n"
    )
    url = reverse("staff:players-add", args=[tournament.slug])
    preview = staff_client.post(url, {"players": text})
    assert not Registration.objects.exists()  # the preview stores nothing
    response = staff_client.post(url, {"token": preview.context["token"]})
    assert response.status_code == 302
    names = [r.player.name for r in tournament.registrations.order_by("number")]
    assert names == ["Alice Martin", "Bruno Costa", "Chen Li"]
    assert Player.objects.get(last_name="Martin").club.name == "Mahjong Paris"
    page = staff_client.get(response["Location"]).content.decode()
    assert "3 players registered." in page
    assert "add 1 substitute." in page


def test_bad_line_names_its_row_and_saves_nothing(staff_client, organiser):
    tournament = tournament_with_players(organiser, 0)
    text = "Alice Martin, Paris, FRA, 1234\nBruno Costa, Lisboa, POR, 12x45\n"
    response = staff_client.post(
        reverse("staff:players-add", args=[tournament.slug]), {"players": text}
    )
    page = response.content.decode()
    assert "12x45" in page and response.context["problem_count"] == 1
    assert response.context["token"] == ""
    assert not Registration.objects.exists()
    assert not Player.objects.exists()


def test_withdraw_and_reactivate(staff_client, organiser):
    tournament = tournament_with_players(organiser, 4)
    registration = tournament.registrations.first()
    url = reverse("staff:registration-status", args=[tournament.slug, registration.pk])
    staff_client.post(url, {"status": "withdrawn"})
    registration.refresh_from_db()
    assert registration.status == "withdrawn"
    page = staff_client.get(reverse("staff:tournament", args=[tournament.slug]))
    assert "add 1 substitute." in page.content.decode()
    staff_client.post(url, {"status": "active"})
    registration.refresh_from_db()
    assert registration.status == "active"


def test_start_seating_seats_the_round(
    staff_client, organiser, django_capture_on_commit_callbacks
):
    tournament = tournament_with_players(organiser, 8)
    url = reverse("staff:seating-start", args=[tournament.slug, 1])
    with django_capture_on_commit_callbacks(execute=True):
        response = staff_client.post(url)
    assert response.status_code == 302
    round_ = with_seating_plan(tournament.rounds.get(number=1))
    assert round_.status == Round.Status.SEATED
    assert round_.seating_state == Round.SeatingState.DONE
    assert Seat.objects.filter(round=round_).count() == 8
    page = staff_client.get(reverse("staff:round", args=[tournament.slug, 1]))
    html = page.content.decode()
    for table in Table.objects.filter(round=round_):
        assert f"http://testserver/table/{table.token}/" in html
    assert "Swap two players" in html


def test_seating_refused_when_count_is_not_a_multiple_of_four(
    staff_client, organiser, django_capture_on_commit_callbacks
):
    tournament = tournament_with_players(organiser, 6)
    url = reverse("staff:seating-start", args=[tournament.slug, 1])
    with django_capture_on_commit_callbacks(execute=True):
        response = staff_client.post(url, follow=True)
    assert "add 2 substitutes or withdraw" in response.content.decode()
    assert not Seat.objects.exists()


def test_progress_partial_polls_while_pending(staff_client, organiser):
    tournament = tournament_with_players(organiser, 4)
    plan = SeatingPlan.objects.create(
        tournament=tournament,
        first_round=1,
        rounds_count=1,
        mode="random",
        seed=1,
        status=SeatingPlan.Status.RUNNING,
        progress=40,
    )
    url = reverse("staff:seating-progress", args=[tournament.slug, 1])
    response = staff_client.get(url, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert 'hx-trigger="every 1s"' in html and 'value="40"' in html
    page = staff_client.get(reverse("staff:round", args=[tournament.slug, 1]))
    assert 'id="seating-progress"' in page.content.decode()
    SeatingPlan.objects.filter(pk=plan.pk).update(status=SeatingPlan.Status.FAILED)
    done = staff_client.get(url, headers={"HX-Request": "true"})
    assert done["HX-Refresh"] == "true"


def test_swap_two_players(staff_client, organiser, django_capture_on_commit_callbacks):
    tournament = tournament_with_players(organiser, 8)
    with django_capture_on_commit_callbacks(execute=True):
        staff_client.post(reverse("staff:seating-start", args=[tournament.slug, 1]))
    tables = list(Table.objects.filter(round__tournament=tournament))
    first, second = player_ids(tables[0])[0], player_ids(tables[1])[0]
    url = reverse("staff:swap", args=[tournament.slug, 1])
    staff_client.post(url, {"first": first, "second": second, "confirm": "1"})
    assert player_ids(tables[0])[0] == second
    assert player_ids(tables[1])[0] == first


def test_finish_round_needs_closed_tables_then_reopens(staff_client, organiser):
    table = organised_table(organiser)
    slug = table.round.tournament.slug
    e, s, w, n = player_ids(table)
    staff_client.post(
        reverse("referee:table", args=[table.token]) + "hands/",
        hand_data("discard", e, s, 8),
    )
    finish = reverse("staff:round-finish", args=[slug, 1])
    refused = staff_client.post(finish, follow=True)
    assert "still has open tables" in refused.content.decode()
    staff_client.post(
        reverse("referee:table-close", args=[table.token]), {"time_called": "on"}
    )
    staff_client.post(finish)
    assert Round.objects.get(pk=table.round_id).status == Round.Status.FINISHED
    staff_client.post(reverse("staff:round-reopen", args=[slug, 1]))
    assert Round.objects.get(pk=table.round_id).status == Round.Status.PLAYING
    staff_client.post(reverse("staff:table-reopen", args=[slug, 1, table.number]))
    table.refresh_from_db()
    assert not table.is_closed


def test_french_dashboard(staff_client):
    response = staff_client.get(
        reverse("staff:dashboard"), headers={"Accept-Language": "fr"}
    )
    assert "Mes tournois" in response.content.decode()


def test_plan_every_round_review_swap_and_publish(
    client, organiser, django_capture_on_commit_callbacks
):
    """The organiser plans rounds 1-4, sees the figures, swaps, then publishes."""
    from tests.factories import RegistrationFactory, TournamentFactory
    from tournaments.models import SeatingPlan

    tournament = TournamentFactory()
    tournament.organisers.add(organiser)
    players = [RegistrationFactory(tournament=tournament).player for _ in range(16)]
    client.force_login(organiser)
    args = [tournament.slug, 1]
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("staff:seating-review", args=args))
    page = client.get(reverse("staff:round", args=args)).content.decode()
    assert "ready for review" in page and "wind imbalance" in page
    plan = SeatingPlan.objects.get(tournament=tournament)
    assert plan.round_numbers == [1, 2, 3, 4]
    first_table = plan.rounds[0][0]
    a = tournament.registrations.get(pk=first_table[0]).player_id
    b = next(
        p.pk
        for p in players
        if p.pk != a and p.registrations.get().pk not in first_table
    )
    client.post(
        reverse("staff:plan-swap", args=args), {"round": 1, "first": a, "second": b}
    )
    plan.refresh_from_db()
    assert plan.rounds[0][0][0] != first_table[0]
    client.post(reverse("staff:seating-publish", args=args))
    assert tournament.rounds.filter(status="seated").count() == 4


def test_one_click_replans_the_rest_after_a_withdrawal(
    client, organiser, django_capture_on_commit_callbacks
):
    """Rounds 1-3 played, a player leaves, a substitute joins: one click on
    round 4's page seats it, and rounds 1 to 3 stay as they were played."""
    from tests.factories import RegistrationFactory, TournamentFactory
    from tournaments.seating import plan_stats
    from tournaments.selectors.seating import published_rounds
    from tournaments.services import hands, seating_plans, setup

    tournament = TournamentFactory(seating_mode="no-repeat", rounds_count=5)
    tournament.organisers.add(organiser)
    regs = [RegistrationFactory(tournament=tournament) for _ in range(16)]
    with django_capture_on_commit_callbacks(execute=True):
        seating_plans.start_seating(
            tournament_id=tournament.pk,
            first_round=1,
            rounds=None,
            actor=organiser,
            publish=True,
        )
    for number in (1, 2, 3):
        for table in tournament.rounds.get(number=number).tables.all():
            hands.record_hand(
                table_id=table.pk, result={"kind": "draw"}, actor=organiser
            )
            hands.close_table(table_id=table.pk, actor=organiser, time_called=True)
        # A round opens once the one before it is finished.
        setup.finish_round(round_id=table.round_id, actor=organiser)
    played = published_rounds(tournament, before=4)
    setup.set_registration_status(
        registration=regs[0], status="withdrawn", actor=organiser
    )
    substitute = RegistrationFactory(tournament=tournament, status="substitute")
    client.force_login(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            reverse("staff:seating-review", args=[tournament.slug, 4]),
            {"publish": "1", "confirm_reseat": "1"},
        )
    assert published_rounds(tournament, before=4) == played
    later = published_rounds(tournament, before=6)[3:]
    assert len(later) == 2
    assert all(regs[0].pk not in table for round_ in later for table in round_)
    assert all(any(substitute.pk in table for table in round_) for round_ in later)
    whole = published_rounds(tournament, before=6)
    assert plan_stats(whole).repeated_pairs == 0  # the substitute takes the gap
