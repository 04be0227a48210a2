"""The round clock's services, and the end of a table's time (issue 11, part 6).

Time is simulated by passing ``now`` or by setting the clock fields: the
tests never wait.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import TournamentFactory, UserFactory, player_ids, seated_table
from tournaments.clock import ClockState
from tournaments.models import AuditEvent, Hand, Round, Table, Tournament
from tournaments.selectors.clock import get_round_clock, get_table_clock
from tournaments.services import clock as svc
from tournaments.services import hands
from tournaments.services.errors import ServiceError

pytestmark = pytest.mark.django_db


def discard(table) -> dict:
    east, south, _, _ = player_ids(table)
    return {"kind": "discard", "winner": east, "discarder": south, "fan_total": 8}


@pytest.fixture
def table(organiser):
    tournament = TournamentFactory(session_minutes=120)
    tournament.organisers.add(organiser)
    return seated_table(tournament)


def run_for(table: Table, minutes: int) -> None:
    """The clock started ``minutes`` ago and has run ever since."""
    Round.objects.filter(pk=table.round_id).update(
        clock_started_at=timezone.now() - timedelta(minutes=minutes)
    )


def fresh(table: Table) -> Table:
    return Table.objects.select_related("round__tournament").get(pk=table.pk)


def test_start_pause_resume_keep_the_time_run(organiser, table):
    """Start at 12:00, pause at 12:30, resume at 13:00: 90 min left at 13:00."""
    start = timezone.now()
    round_id = table.round_id
    svc.start_clock(round_id=round_id, actor=organiser, now=start)
    svc.pause_clock(
        round_id=round_id, actor=organiser, now=start + timedelta(minutes=30)
    )
    round_ = Round.objects.get(pk=round_id)
    assert round_.clock_started_at is None and round_.clock_elapsed_s == 1800
    assert get_round_clock(round_).state == ClockState.PAUSED
    later = start + timedelta(minutes=60)
    svc.resume_clock(round_id=round_id, actor=organiser, now=later)
    clock = get_round_clock(Round.objects.get(pk=round_id), now=later)
    assert clock.state == ClockState.RUNNING
    assert clock.seconds_left == 90 * 60
    actions = set(AuditEvent.objects.values_list("action", flat=True))
    assert {"clock.start", "clock.pause", "clock.resume"} <= actions


def test_a_running_clock_cannot_start_again(organiser, table):
    svc.start_clock(round_id=table.round_id, actor=organiser)
    with pytest.raises(ServiceError) as refused:
        svc.start_clock(round_id=table.round_id, actor=organiser)
    assert refused.value.code == "clock_already_started"


def test_pause_needs_a_running_clock(organiser, table):
    with pytest.raises(ServiceError) as refused:
        svc.pause_clock(round_id=table.round_id, actor=organiser)
    assert refused.value.code == "clock_not_running"


def test_resume_needs_a_paused_clock(organiser, table):
    with pytest.raises(ServiceError) as refused:
        svc.resume_clock(round_id=table.round_id, actor=organiser)
    assert refused.value.code == "clock_not_paused"


def test_the_clock_of_a_later_round_does_not_start_early(organiser, table):
    """Round 2's clock waits until round 1 is finished."""
    later = seated_table(table.round.tournament, round_number=2)
    with pytest.raises(ServiceError) as refused:
        svc.start_clock(round_id=later.round_id, actor=organiser)
    assert refused.value.code == "round_not_started"
    assert Round.objects.get(pk=later.round_id).clock_started_at is None


@pytest.mark.parametrize("minutes", [0, -5, 121])
def test_extensions_between_1_and_120_minutes(organiser, table, minutes):
    with pytest.raises(ServiceError) as refused:
        svc.extend_clock(round_id=table.round_id, minutes=minutes, actor=organiser)
    assert refused.value.code == "bad_extra_minutes"
    assert refused.value.field == "minutes"


def test_extend_all_tables_or_one(organiser, table):
    other = seated_table(table.round.tournament)
    svc.start_clock(round_id=table.round_id, actor=organiser)
    svc.extend_clock(round_id=table.round_id, minutes=5, actor=organiser)
    svc.extend_clock(
        round_id=table.round_id, minutes=3, table_number=other.number, actor=organiser
    )
    assert get_table_clock(fresh(table)).total_s == 125 * 60
    assert get_table_clock(fresh(other)).total_s == 128 * 60
    assert get_round_clock(Round.objects.get(pk=table.round_id)).total_s == 125 * 60
    with pytest.raises(ServiceError) as refused:
        svc.extend_clock(
            round_id=table.round_id, minutes=3, table_number=9, actor=organiser
        )
    assert refused.value.code == "unknown_table"


def test_reset_goes_back_to_not_started(organiser, table):
    svc.start_clock(round_id=table.round_id, actor=organiser)
    svc.extend_clock(
        round_id=table.round_id, minutes=4, table_number=table.number, actor=organiser
    )
    svc.reset_clock(round_id=table.round_id, actor=organiser)
    reading = get_table_clock(fresh(table))
    assert reading.state == ClockState.NOT_STARTED
    assert reading.total_s == 120 * 60


def test_hand_after_the_time_is_accepted_and_calls_time(organiser, table):
    """The hand in progress when time ran out is stored; it was the last."""
    hands.record_hand(table_id=table.pk, result=discard(table), actor=organiser)
    run_for(table, 121)
    hand, created = hands.record_hand(
        table_id=table.pk, result=discard(table), actor=organiser
    )
    assert created and hand.number == 2
    assert fresh(table).time_called
    with pytest.raises(ServiceError) as refused:
        hands.record_hand(table_id=table.pk, result=discard(table), actor=organiser)
    assert refused.value.code == "session_over"
    assert Hand.objects.filter(table=table).count() == 2


def test_a_hand_before_the_end_does_not_call_time(organiser, table):
    run_for(table, 119)
    hands.record_hand(table_id=table.pk, result=discard(table), actor=organiser)
    assert not fresh(table).time_called


def test_an_extension_before_the_end_gives_more_time(organiser, table):
    """121 minutes run, 5 more for this table: its hands still do not call time."""
    run_for(table, 121)
    svc.extend_clock(
        round_id=table.round_id, minutes=5, table_number=table.number, actor=organiser
    )
    hands.record_hand(table_id=table.pk, result=discard(table), actor=organiser)
    hands.record_hand(table_id=table.pk, result=discard(table), actor=organiser)
    assert not fresh(table).time_called
    assert get_table_clock(fresh(table)).state == ClockState.RUNNING


def test_an_extension_after_time_was_called_lets_the_table_play_on(organiser, table):
    run_for(table, 121)
    hands.record_hand(table_id=table.pk, result=discard(table), actor=organiser)
    assert fresh(table).time_called
    version = fresh(table).version
    svc.extend_clock(round_id=table.round_id, minutes=10, actor=organiser)
    assert not fresh(table).time_called
    assert fresh(table).version == version + 1
    hand, created = hands.record_hand(
        table_id=table.pk, result=discard(table), actor=organiser
    )
    assert created and hand.number == 2


def test_a_paused_clock_past_the_end_still_calls_time(organiser, table):
    Round.objects.filter(pk=table.round_id).update(clock_elapsed_s=120 * 60 + 5)
    hands.record_hand(table_id=table.pk, result=discard(table), actor=organiser)
    assert fresh(table).time_called


# Pages: the organiser's controls, the tablet, the room's clock page.

HTMX = {"HTTP_HX_REQUEST": "true"}


def staff_url(name: str, table: Table, **kwargs) -> str:
    slug = table.round.tournament.slug
    return reverse(f"staff:{name}", args=[slug, table.round.number, *kwargs.values()])


@pytest.fixture
def staff_client(client, organiser):
    client.force_login(organiser)
    return client


def test_round_page_loads_the_clock_controls(staff_client, table):
    page = staff_client.get(staff_url("round", table)).content.decode()
    assert f'hx-get="{staff_url("round-clock", table)}"' in page


def test_controls_start_pause_and_resume_without_javascript(staff_client, table):
    page = staff_client.get(staff_url("round-clock", table)).content.decode()
    assert "Start the clock" in page and "Not started" in page
    start = staff_url("round-clock-action", table, action="start")
    response = staff_client.post(start)
    assert response.status_code == 302
    assert response["Location"] == staff_url("round", table)
    assert Round.objects.get(pk=table.round_id).clock_started_at is not None
    page = staff_client.get(staff_url("round-clock", table)).content.decode()
    assert "Pause the clock" in page and "Time left" in page
    staff_client.post(staff_url("round-clock-action", table, action="pause"))
    page = staff_client.get(staff_url("round-clock", table)).content.decode()
    assert "Resume the clock" in page and "Paused" in page


def test_controls_refuse_with_the_message(staff_client, table):
    """Pausing a clock that does not run: the page says why."""
    response = staff_client.post(
        staff_url("round-clock-action", table, action="pause"), follow=True
    )
    assert "The clock of round 1 is not running." in response.content.decode()


def test_htmx_extension_for_one_table_answers_with_the_controls(staff_client, table):
    response = staff_client.post(
        staff_url("round-clock-action", table, action="extend"),
        {"minutes": "7", "table": str(table.number)},
        **HTMX,
    )
    page = response.content.decode()
    assert 'id="round-clock"' in page and "<html" not in page
    assert "Table 1: 7 more minutes" in page
    assert fresh(table).extra_minutes == 7


def test_htmx_extension_out_of_bounds_is_refused(staff_client, table):
    response = staff_client.post(
        staff_url("round-clock-action", table, action="extend"),
        {"minutes": "500"},
        **HTMX,
    )
    assert "Give between 1 and 120 extra minutes." in response.content.decode()
    assert Round.objects.get(pk=table.round_id).clock_extra_minutes == 0


def test_only_organisers_use_the_controls(client, table):
    client.force_login(UserFactory())
    response = client.post(staff_url("round-clock-action", table, action="start"))
    assert response.status_code == 403
    assert Round.objects.get(pk=table.round_id).clock_started_at is None


def test_tablet_shows_the_time_left_then_time_is_up(client, table):
    tablet = reverse("referee:table", args=[table.token])
    assert "Not started" in client.get(tablet).content.decode()
    run_for(table, 30)
    page = client.get(tablet).content.decode()
    assert "Time left" in page and "1:30:00" in page
    assert reverse("referee:table-clock", args=[table.token]) in page
    run_for(table, 125)
    poll = client.get(reverse("referee:table-clock", args=[table.token]))
    assert "Time is up: finish the hand in progress" in poll.content.decode()
    assert "hand-form" in client.get(tablet).content.decode()


def test_room_clock_page_is_public_as_the_tournament_is(client, table):
    url = reverse("public:round-clock", args=[table.round.tournament.slug, 1])
    run_for(table, 20)
    page = client.get(url).content.decode()
    assert "1:40:00" in page and "clock-page" in page
    assert "clock-page" not in client.get(url, **HTMX).content.decode()
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.FINISHED)
    assert "This round is finished." in client.get(url).content.decode()
    assert client.get(url, **HTMX)["HX-Refresh"] == "true"
    Tournament.objects.filter(pk=table.round.tournament_id).update(is_public=False)
    assert client.get(url).status_code == 404


def test_a_clock_paused_at_once_reads_paused(organiser, table):
    start = timezone.now()
    svc.start_clock(round_id=table.round_id, actor=organiser, now=start)
    svc.pause_clock(round_id=table.round_id, actor=organiser, now=start)
    assert get_round_clock(Round.objects.get(pk=table.round_id)).state == "paused"


def test_a_table_whose_time_was_called_closes_without_ticking_time(organiser, table):
    """After the last hand the referee just closes the table: time stays called."""
    run_for(table, 121)
    hands.record_hand(table_id=table.pk, result=discard(table), actor=organiser)
    hands.close_table(table_id=table.pk, actor=organiser)
    closed = fresh(table)
    assert closed.is_closed and closed.time_called
