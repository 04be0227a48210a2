"""The tournaments' player merge (``services.player_merges``): one
transaction over the tournaments' rows and the leagues' part, locks taken
in docs/locking.md's order (the duplicate's tournaments, then both players)."""

from __future__ import annotations

import threading

import pytest
from django.db import DatabaseError, connection, transaction

from leagues.models import LeagueAuditEvent
from leagues.services import merges
from tests.factories import PlayerFactory, RegistrationFactory
from tests.integration.race_helpers import (
    SAFETY_BOUND_S,
    postgres_only,  # noqa: F401 - fixture
)
from tournaments.models import AuditEvent, Player, Registration, Tournament
from tournaments.services import player_merges


class Stop(Exception):
    """The failure injected midway."""


def _pair():
    keep = PlayerFactory(first_name="Ann", last_name="Arden", ema_number="")
    drop = PlayerFactory(first_name="Ann", last_name="Arden", ema_number="04010001")
    played = RegistrationFactory(player=drop)
    return keep, drop, played


@pytest.mark.django_db
def test_the_service_moves_registrations_fills_blanks_and_audits_each_event(organiser):
    keep, drop, played = _pair()
    merge = player_merges.merge_players(
        keep_id=keep.pk, drop_id=drop.pk, actor=organiser
    )
    assert merge.kept.pk == keep.pk
    assert not Player.objects.filter(pk=drop.pk).exists()
    assert Registration.objects.get(pk=played.pk).player_id == keep.pk
    assert Player.objects.get(pk=keep.pk).ema_number == "04010001"
    event = AuditEvent.objects.get(tournament=played.tournament, action="player.merge")
    assert event.before["merged"]["id"] == drop.pk
    assert event.after["registrations"] == [played.pk]


@pytest.mark.django_db
def test_a_merge_failing_midway_in_tournaments_leaves_nothing_written(
    organiser, monkeypatch
):
    """The registrations are moved and the duplicate deleted before the audit
    is written: a failure there undoes both."""
    keep, drop, played = _pair()

    def fail(**kwargs):
        raise Stop

    monkeypatch.setattr(player_merges, "record_event", fail)
    with pytest.raises(Stop):
        merges.merge_players(keep_id=keep.pk, drop_id=drop.pk, actor=organiser)
    assert Player.objects.filter(pk=drop.pk, ema_number="04010001").exists()
    assert Registration.objects.get(pk=played.pk).player_id == drop.pk
    assert Player.objects.get(pk=keep.pk).ema_number == ""


@pytest.mark.django_db
def test_a_merge_failing_in_the_leagues_part_undoes_the_tournaments_part(
    organiser, monkeypatch
):
    """The leagues' part (ratings, their trail) runs in the same transaction
    as the tournaments' rewrite: it failing leaves the players as they were."""
    keep, drop, played = _pair()

    def fail(**kwargs):
        raise Stop

    monkeypatch.setattr(merges, "request_ratings", fail)
    with pytest.raises(Stop):
        merges.merge_players(keep_id=keep.pk, drop_id=drop.pk, actor=organiser)
    assert Player.objects.filter(pk=drop.pk).exists()
    assert Registration.objects.get(pk=played.pk).player_id == drop.pk
    assert not AuditEvent.objects.filter(action="player.merge").exists()
    assert not LeagueAuditEvent.objects.filter(action="player.merge").exists()


def _locked(model, pk: int) -> bool:
    """Whether another transaction holds the row (NOWAIT: no waiting)."""
    try:
        with transaction.atomic():
            model.objects.select_for_update(nowait=True).get(pk=pk)
    except DatabaseError:
        return True
    return False


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("postgres_only")
def test_a_merge_holds_the_duplicates_events_and_both_players_only(
    organiser, monkeypatch
):
    """Paused at its audit (every lock taken), a merge holds the duplicate's
    tournament and both players; the kept player's other event stays free."""
    keep, drop, played = _pair()
    elsewhere = RegistrationFactory(player=keep).tournament
    bystander = PlayerFactory()
    paused, resume = threading.Event(), threading.Event()
    record_event = player_merges.record_event

    def pause(**kwargs):
        paused.set()
        resume.wait(SAFETY_BOUND_S)
        return record_event(**kwargs)

    monkeypatch.setattr(player_merges, "record_event", pause)
    outcome: dict[str, object] = {}

    def run() -> None:
        try:
            outcome["kept"] = player_merges.merge_players(
                keep_id=keep.pk, drop_id=drop.pk, actor=organiser
            ).kept
        except BaseException as error:  # reported below
            outcome["error"] = error
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    try:
        assert paused.wait(SAFETY_BOUND_S)
        assert _locked(Tournament, played.tournament_id)
        assert _locked(Player, keep.pk)
        assert _locked(Player, drop.pk)
        assert not _locked(Tournament, elsewhere.pk)
        assert not _locked(Player, bystander.pk)
    finally:
        resume.set()
        thread.join(SAFETY_BOUND_S)
    assert "error" not in outcome
    assert Registration.objects.get(pk=played.pk).player_id == keep.pk
