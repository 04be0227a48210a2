"""Player careers across events, and merging duplicates (audited)."""

from __future__ import annotations

from datetime import date

import pytest
from django.http import Http404

from leagues.models import LeagueAuditEvent
from leagues.selectors.careers import get_career
from leagues.selectors.players import list_duplicates
from leagues.selectors.visibility import EVERYTHING, PUBLIC, audience_of
from leagues.services.merges import merge_players
from tests.factories import PlayerFactory, RegistrationFactory, TournamentFactory
from tests.integration.leagues.data import make_league, night, play, tables_of
from tournaments.models import AuditEvent, Player
from tournaments.services.errors import ServiceError

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]

T1 = "Ann A, Bob B, Cy C, Dee D"


def two_nights(organiser):
    """Night 1: Ann (E) wins 12 from Bob. Night 2: Bob (E) wins 12 from Ann."""
    league = make_league(organiser, is_public=True)
    first = night(league, organiser, date(2026, 1, 8), [T1])
    play(tables_of(first)[0], winner=0, discarder=1)
    second = night(league, organiser, date(2026, 1, 15), ["Bob B, Ann A, Cy C, Dee D"])
    play(tables_of(second)[0], winner=0, discarder=1)
    return league


def test_career_sessions_events_and_head_to_head(organiser):
    """Ann: +36 (4 points) then -20 (0). Against Bob: one above, one below,
    4 - 0 then 0 - 4: even. Against Cy: above then below (Cy's 1.5 each
    time): 4 - 1.5 + 0 - 1.5 = 1."""
    two_nights(organiser)
    ann = Player.objects.get(last_name="A")
    career = get_career(ann.pk, audience=EVERYTHING)
    assert [(s.score, s.table_points) for s in career.sessions] == [(36, 4), (-20, 0)]
    assert len(career.events) == 2
    records = {r.opponent.name: r for r in career.head_to_head}
    bob, cy = records["Bob B"], records["Cy C"]
    assert (bob.meetings, bob.ahead, bob.behind, bob.points) == (2, 1, 1, 0)
    assert (cy.meetings, cy.ahead, cy.behind, cy.points) == (2, 1, 1, 1)
    assert career.best_sessions[0].score == 36
    assert career.chart.count == 2
    assert career.totals["table_points"] == 4


def test_a_private_event_is_left_out_of_the_public_career(organiser):
    league = make_league(organiser)  # private: its nights too
    event = night(league, organiser, date(2026, 1, 8), [T1])
    play(tables_of(event)[0], winner=0, discarder=1)
    ann = Player.objects.get(last_name="A")
    with pytest.raises(Http404):
        get_career(ann.pk, audience=PUBLIC)
    assert len(get_career(ann.pk, audience=EVERYTHING).sessions) == 1
    assert len(get_career(ann.pk, audience=audience_of(organiser)).sessions) == 1


def test_duplicates_found_by_name_accents_and_order_aside():
    one = PlayerFactory(first_name="Élodie", last_name="Durand")
    two = PlayerFactory(first_name="DURAND", last_name="elodie")
    PlayerFactory(first_name="Other", last_name="Person")
    ema_1 = PlayerFactory(first_name="Li", last_name="Wei", ema_number="04010001")
    PlayerFactory(first_name="Li", last_name="Wei", ema_number="04010002")
    groups = [[p.pk for p in g.players] for g in list_duplicates(audience=EVERYTHING)]
    assert groups == [[one.pk, two.pk]]
    assert all(ema_1.pk not in group for group in groups)


def test_merge_moves_the_events_fills_blanks_and_is_audited(organiser):
    keep = PlayerFactory(first_name="Ann", last_name="A", ema_number="")
    drop = PlayerFactory(first_name="ann", last_name="a", ema_number="04010007")
    first, second = TournamentFactory(), TournamentFactory()
    RegistrationFactory(tournament=first, player=keep)
    RegistrationFactory(tournament=second, player=drop)
    kept = merge_players(keep_id=keep.pk, drop_id=drop.pk, actor=organiser)
    assert kept.ema_number == "04010007"
    assert not Player.objects.filter(pk=drop.pk).exists()
    assert set(kept.registrations.values_list("tournament_id", flat=True)) == {
        first.pk,
        second.pk,
    }
    audit = LeagueAuditEvent.objects.get(action="player.merge")
    assert audit.before["merged"]["ema_number"] == "04010007"
    assert audit.actor == organiser
    assert AuditEvent.objects.filter(action="player.merge", tournament=second).exists()


def test_a_merge_that_puts_one_person_twice_in_a_tournament_is_refused(organiser):
    keep, drop = PlayerFactory(), PlayerFactory()
    tournament = TournamentFactory(name="Spring Open")
    RegistrationFactory(tournament=tournament, player=keep)
    RegistrationFactory(tournament=tournament, player=drop)
    with pytest.raises(ServiceError) as error:
        merge_players(keep_id=keep.pk, drop_id=drop.pk, actor=organiser)
    assert error.value.code == "merge_both_played"
    assert error.value.params == {"tournaments": "Spring Open"}
    assert Player.objects.filter(pk=drop.pk).exists()
    assert not LeagueAuditEvent.objects.exists()


@pytest.mark.parametrize(
    ("numbers", "code"),
    [(("04010001", "04010002"), "merge_two_ema_numbers"), (None, "merge_same_player")],
)
def test_other_refused_merges(organiser, numbers, code):
    if numbers:
        keep = PlayerFactory(ema_number=numbers[0])
        drop = PlayerFactory(ema_number=numbers[1])
    else:
        keep = drop = PlayerFactory()
    with pytest.raises(ServiceError) as error:
        merge_players(keep_id=keep.pk, drop_id=drop.pk, actor=organiser)
    assert error.value.code == code


def test_the_merge_page_confirms_then_merges(client, organiser):
    keep, drop = PlayerFactory(), PlayerFactory()
    client.force_login(organiser)
    page = client.get(f"/manage/players/merge/?keep={keep.pk}&drop={drop.pk}")
    assert "Confirm the merge" in page.content.decode()
    response = client.post(
        "/manage/players/merge/",
        {"keep": keep.pk, "drop": drop.pk, "different_names": "on"},
    )
    assert response["Location"] == f"/players/{keep.pk}/"
    assert not Player.objects.filter(pk=drop.pk).exists()


def test_the_merge_page_shows_why_a_merge_is_refused(client, organiser):
    keep, drop = PlayerFactory(), PlayerFactory()
    tournament = TournamentFactory(name="Spring Open")
    RegistrationFactory(tournament=tournament, player=keep)
    RegistrationFactory(tournament=tournament, player=drop)
    tournament.organisers.add(organiser)
    client.force_login(organiser)
    page = client.get(f"/manage/players/merge/?keep={keep.pk}&drop={drop.pk}")
    assert "Both players are registered in Spring Open" in page.content.decode()
    assert "Confirm the merge" not in page.content.decode()


def test_only_organisers_see_duplicates_and_merge(client):
    from tests.factories import UserFactory

    client.force_login(UserFactory())
    assert client.get("/manage/players/").status_code == 403
    keep, drop = PlayerFactory(), PlayerFactory()
    response = client.post("/manage/players/merge/", {"keep": keep.pk, "drop": drop.pk})
    assert response.status_code == 403
    assert Player.objects.filter(pk=drop.pk).exists()
