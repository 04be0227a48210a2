"""Publishing again: the same archive changes nothing; an archive carrying
the venue's corrections updates the copy until its standings are the
venue's. Venue and copy share the test database: the copy is the archive
imported under another identity (``as_copy``)."""

from __future__ import annotations

import pytest

from tests.integration.archive.helpers import (
    as_copy,
    carried,
    row_counts,
    without_identity,
)
from tests.integration.room_data import close, room_event, win
from tournaments.models import AuditEvent, Hand, SeatResult, Table, Tournament
from tournaments.selectors.exports import get_export_standings
from tournaments.services import hands as hand_services
from tournaments.services import penalties, setup
from tournaments.services.archive import import_archive

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]


@pytest.fixture
def venue(organiser) -> Tournament:
    """Round 1 finished; round 2 playing: three hands at table 1, two at 2."""
    tournament, _registrations = room_event(players=8)
    tournament.organisers.add(organiser)
    second = tournament.rounds.get(number=2)
    first_table, second_table = second.tables.order_by("number")
    for winner, discarder in ((0, 1), (2, 3), (1, 0)):
        win(first_table, winner, discarder)
    for winner, discarder in ((3, 2), (0, 2)):
        win(second_table, winner, discarder, fan_total=16)
    return tournament


def publish(venue: Tournament, organiser) -> object:
    return import_archive(document=as_copy(carried(venue)), actor=organiser)


def versions(tournament: Tournament) -> list[tuple[int, int]]:
    tables = Table.objects.filter(round__tournament=tournament).order_by("pk")
    hands = Hand.objects.filter(table__round__tournament=tournament).order_by("pk")
    return [*tables.values_list("pk", "version"), *hands.values_list("pk", "version")]


def test_importing_the_same_archive_again_changes_nothing(venue, organiser):
    first = publish(venue, organiser)
    assert first.created and first.changed
    copy = first.tournament
    counts, before = row_counts(), versions(copy)
    tokens = set(Table.objects.filter(round__tournament=copy).values_list("token"))
    again = publish(venue, organiser)
    assert (again.created, again.changed) == (False, False)
    assert again.tournament.pk == copy.pk
    assert row_counts() == counts  # no new row, not even an audit event
    assert versions(copy) == before  # no version bump: no tablet reloads
    assert set(Table.objects.filter(round__tournament=copy).values_list("token")) == (
        tokens
    )
    assert not [text for text in again.changes if "added" in text]


def test_the_copy_follows_the_venues_corrections(venue, organiser):
    """A hand corrected, one deleted, one added, a penalty, a withdrawal:
    the copy's archive and standings become the venue's."""
    copy = publish(venue, organiser).tournament
    tables = Table.objects.filter(round__tournament=venue, round__number=2)
    first_table, second_table = tables.order_by("number")
    hand = Hand.objects.get(table=first_table, number=1)
    winner = hand.winner.registration.player_id
    hand_services.correct_hand(
        hand_id=hand.pk,
        expected_version=hand.version,
        actor=organiser,
        result={"kind": "self_draw", "winner": winner, "fan_total": 24},
    )
    hand = Hand.objects.get(table=second_table, number=1)
    hand_services.delete_hand(hand_id=hand.pk, expected_version=1, actor=organiser)
    win(first_table, 3, 0, fan_total=9)
    penalties.add_penalty(
        table_id=second_table.pk,
        player_id=second_table.seats.get(wind="S").registration.player_id,
        kind="false_hu",
        actor=organiser,
    )
    registration = venue.registrations.order_by("number").last()
    setup.set_registration_status(
        registration=registration, status="withdrawn", actor=organiser
    )
    for table in (first_table, second_table):
        close(table)
    outcome = publish(venue, organiser)
    assert (outcome.created, outcome.changed) == (False, True)
    assert outcome.counts["hands_changed"] == 2  # hand 1, and table 2's moved up
    assert outcome.counts["hands_added"] == 1
    assert outcome.counts["registrations_changed"] == 1
    assert without_identity(carried(copy)) == without_identity(carried(venue))
    assert get_export_standings(copy) == get_export_standings(venue)
    assert (
        AuditEvent.objects.filter(tournament=copy, action="event.import").count() == 2
    )


def test_a_dry_run_says_what_would_change_and_stores_nothing(venue, organiser):
    counts = row_counts()
    preview = import_archive(
        document=as_copy(carried(venue)), actor=organiser, dry_run=True
    )
    assert preview.created and preview.changed
    assert row_counts() == counts
    outcome = publish(venue, organiser)
    assert outcome.counts == preview.counts
    assert outcome.changes == preview.changes
    assert "7 hands added." in outcome.changes  # 2 in round 1, 5 in round 2


def seat_results(tournament: Tournament) -> list[tuple]:
    return list(
        SeatResult.objects.filter(round__tournament=tournament)
        .order_by("round__number", "seat__table__number", "seat__wind")
        .values_list("hand_points", "score", "rank", "table_points_x12")
    )


def test_changed_rules_score_every_table_again(french_event, organiser):
    """An archive whose options differ (draws rotate the deal, or not):
    the copy's unchanged tables are dealt and scored again under them, as
    a fresh import of the same archive is."""
    document = as_copy(carried(french_event))
    copy = import_archive(document=document, actor=organiser).tournament
    document["event"]["ruleset_options"]["draw_rotates"] = False
    outcome = import_archive(document=document, actor=organiser)
    assert outcome.changed and outcome.counts["tables_changed"] == 1
    document["event"]["uid"] = "5d1c2f7e-9a0b-4c3d-8e6f-000000000077"
    fresh = import_archive(document=document, actor=organiser).tournament
    assert seat_results(copy) == seat_results(fresh)
    assert seat_results(copy) != seat_results(french_event)
