"""The paths a race takes, replayed one step at a time (any database): the
other request's write lands between this one's check and its write."""

from __future__ import annotations

import pytest
from django.db import IntegrityError
from django.urls import reverse

from tests.factories import TournamentFactory, player_ids, seated_table
from tests.integration.page_factories import hand_data, organised_table
from tests.integration.page_factories import player_ids as page_player_ids
from tournaments.models import Hand, Penalty, Player, Tournament
from tournaments.services import hands, penalties, player_batches, setup
from tournaments.services.errors import ConflictError, ServiceError

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]


def discard(winner: int, discarder: int) -> dict:
    return {
        "kind": "discard",
        "winner": winner,
        "discarder": discarder,
        "fan_total": 8,
        "flowers": 0,
    }


def test_slug_taken_between_check_and_insert_gets_the_next_one(organiser, monkeypatch):
    """The free-slug check said "spring-open", another request took it
    before the insert: the tournament is created as "spring-open-2"."""
    TournamentFactory(name="Spring Open", slug="spring-open")
    answers = iter(["spring-open"])
    real = setup._unique_slug
    monkeypatch.setattr(
        setup, "_unique_slug", lambda base: next(answers, None) or real(base)
    )
    tournament = setup.create_tournament(name="Spring Open", actor=organiser)
    assert tournament.slug == "spring-open-2"
    assert tournament.rounds.count() == 4
    assert tournament.organisers.filter(pk=organiser.pk).exists()


def test_slug_race_lost_every_time_is_a_named_error(organiser, monkeypatch):
    """A slug that stays taken however often it is retried: a message, not 500."""
    TournamentFactory(name="Spring Open", slug="spring-open")
    monkeypatch.setattr(setup, "_unique_slug", lambda base: "spring-open")
    with pytest.raises(ServiceError) as refused:
        setup.create_tournament(name="Spring Open", actor=organiser)
    assert refused.value.code == "slug_taken"
    assert Tournament.objects.filter(name="Spring Open").count() == 1


def test_new_ema_player_stored_meanwhile_is_the_one_returned():
    """The EMA number was unknown when looked up; another request stored the
    same player before this insert: that player is returned, not an error."""
    pending = player_batches._Players()  # the lookup, before the other insert
    stored = Player.objects.create(last_name="Wei", ema_number="04123456")
    new = pending.create(first_name="Li", last_name="Wei", ema_number="04123456")
    fresh = pending.create(first_name="Bo", last_name="Chen", ema_number="")
    taken = pending.save()
    assert taken == {id(new): stored}
    assert fresh.pk is not None
    assert Player.objects.filter(ema_number="04123456").count() == 1


def test_new_player_refused_for_another_reason_still_raises():
    """Only an EMA number another request stored meanwhile is recovered from
    (here the clash is inside the batch itself, nothing stored to take)."""
    pending = player_batches._Players()
    pending.create(first_name="Li", last_name="Wei", ema_number="00000007")
    pending.create(first_name="Bo", last_name="Chen", ema_number="00000007")
    with pytest.raises(IntegrityError):
        pending.save()


def test_hand_deleted_while_waiting_for_the_table_is_a_named_conflict(
    organiser, monkeypatch
):
    """Two deletes of one hand: the second, once it holds the table, finds
    the hand gone and answers "no hand" (409), not a server error."""
    table = seated_table()
    a, b, _c, _d = player_ids(table)
    hand, _ = hands.record_hand(
        table_id=table.pk, result=discard(a, b), actor=organiser
    )
    real_lock = hands.lock_table

    def first_delete_commits_meanwhile(table_id):
        Hand.objects.filter(pk=hand.pk).delete()
        return real_lock(table_id)

    monkeypatch.setattr(hands, "lock_table", first_delete_commits_meanwhile)
    with pytest.raises(ConflictError) as refused:
        hands.delete_hand(
            hand_id=hand.pk, expected_version=hand.version, actor=organiser
        )
    assert refused.value.code == "unknown_hand"
    assert refused.value.status_code == 409


def test_penalty_removed_while_waiting_for_the_table_is_a_named_conflict(
    organiser, monkeypatch
):
    """Two removals of one penalty: the second answers "no penalty" (409)."""
    table = seated_table()
    a, _b, _c, _d = player_ids(table)
    penalty, _ = penalties.add_penalty(
        table_id=table.pk, player_id=a, kind="referee", points=10, actor=organiser
    )
    real_lock = penalties.lock_table

    def first_removal_commits_meanwhile(table_id):
        Penalty.objects.filter(pk=penalty.pk).delete()
        return real_lock(table_id)

    monkeypatch.setattr(penalties, "lock_table", first_removal_commits_meanwhile)
    with pytest.raises(ConflictError) as refused:
        penalties.remove_penalty(penalty_id=penalty.pk, actor=organiser)
    assert refused.value.code == "penalty_not_found"


def test_api_delete_of_a_hand_deleted_meanwhile_answers_409(
    api, tournament, monkeypatch
):
    """The API maps the race to 409 with the "no hand" message."""
    table = seated_table(tournament)
    a, b, _c, _d = player_ids(table)
    hand, _ = hands.record_hand(table_id=table.pk, result=discard(a, b), actor=None)
    real_lock = hands.lock_table

    def first_delete_commits_meanwhile(table_id):
        Hand.objects.filter(pk=hand.pk).delete()
        return real_lock(table_id)

    monkeypatch.setattr(hands, "lock_table", first_delete_commits_meanwhile)
    response = api.delete(
        f"/api/hands/{hand.pk}/", {"version": hand.version}, format="json"
    )
    assert response.status_code == 409
    assert response.json()["error"] == "unknown_hand"
    assert response.json()["detail"] == (
        "This hand no longer exists: it was deleted or never recorded."
    )


def test_table_lock_reads_the_round_as_it_stands_after_the_lock(organiser):
    """The round is read after the table lock is granted, so a write that
    waited behind finish_round sees the round finished."""
    table = seated_table()
    table.round.status = table.round.Status.FINISHED
    table.round.save(update_fields=["status"])
    with pytest.raises(ServiceError) as refused:
        hands.close_table(table_id=table.pk, actor=organiser, time_called=True)
    assert refused.value.code == "round_finished"


def test_tablet_delete_of_a_hand_deleted_meanwhile_answers_409(
    client, organiser, monkeypatch
):
    """Two tablets delete the same hand: the second sheet says there is no
    such hand (409), not a server error."""
    table = organised_table(organiser)
    e, s, _w, _n = page_player_ids(table)
    client.post(referee_url("hand-create", table), hand_data("discard", e, s, 12))
    hand = Hand.objects.get(table=table)
    real_lock = hands.lock_table

    def first_delete_commits_meanwhile(table_id):
        Hand.objects.filter(pk=hand.pk).delete()
        return real_lock(table_id)

    monkeypatch.setattr(hands, "lock_table", first_delete_commits_meanwhile)
    response = client.post(
        referee_url("hand-delete", table, pk=hand.pk), {"version": hand.version}
    )
    assert response.status_code == 409
    page = response.content.decode()
    assert "This hand no longer exists: it was deleted or never recorded." in page


def referee_url(name, table, **kwargs):
    return reverse(f"referee:{name}", kwargs={"token": table.token, **kwargs})
