"""Tournament settings through the API: validated by the rule set and the engine."""

from __future__ import annotations

import pytest

from tournaments.models import AuditEvent

pytestmark = pytest.mark.django_db


def test_settings_change_is_audited(api, tournament):
    response = api.patch(
        f"/api/tournaments/{tournament.slug}/",
        {"ruleset_options": {"false_hu_penalty": 60}, "rounds_count": 6},
        format="json",
    )
    assert response.status_code == 200, response.content
    assert response.json()["ruleset_options"] == {"false_hu_penalty": 60}
    assert tournament.rounds.count() == 6
    event = AuditEvent.objects.get(action="tournament.update")
    assert event.before == {"ruleset_options": {}, "rounds_count": 4}


@pytest.mark.parametrize(
    ("body", "field", "code"),
    [
        # The rule set's options depend on the rule set: its engine refuses.
        ({"ruleset_options": {"false_hu_penalty": 31}}, "false_hu_penalty", 422),
        ({"ruleset_options": {"jokers": 2}}, "jokers", 422),
        # The tie-breaks are an enum of the schema.
        ({"tiebreaks": ["score", "shoe_size"]}, "tiebreaks", 400),
    ],
)
def test_bad_settings_are_refused(api, tournament, body, field, code):
    response = api.patch(f"/api/tournaments/{tournament.slug}/", body, format="json")
    assert response.status_code == code
    assert field in (response.json()["field"] or "") + str(response.json()["params"])
    tournament.refresh_from_db()
    assert tournament.ruleset_options == {} and tournament.tiebreaks == []


def test_tiebreak_order_changes_the_ranking_keys(api, tournament):
    response = api.patch(
        f"/api/tournaments/{tournament.slug}/",
        {"tiebreaks": ["table_points", "firsts", "score"]},
        format="json",
    )
    assert response.status_code == 200
    assert response.json()["tiebreaks"] == ["table_points", "firsts", "score"]


def test_only_organisers_change_settings(anonymous_api, tournament):
    response = anonymous_api.patch(
        f"/api/tournaments/{tournament.slug}/", {"name": "Mine"}, format="json"
    )
    assert response.status_code in (401, 403)


def test_rule_set_options_freeze_once_a_hand_is_stored(api, tournament):
    from tests.factories import seated_table

    table = seated_table(tournament)
    api.post(f"/api/tables/{table.pk}/hands/", {"kind": "draw"}, format="json")
    response = api.patch(
        f"/api/tournaments/{tournament.slug}/",
        {"ruleset_options": {"minimum_points": 12}},
        format="json",
    )
    assert response.status_code == 409
    assert response.json()["error"] == "options_frozen"
    response = api.patch(
        f"/api/tournaments/{tournament.slug}/", {"name": "Renamed"}, format="json"
    )
    assert response.status_code == 200


def test_mers_weight_is_set_and_cleared(api, tournament):
    url = f"/api/tournaments/{tournament.slug}/"
    response = api.patch(url, {"mers_weight": "1.5"}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["mers_weight"] == "1.50"
    assert api.patch(url, {"mers_weight": "-0.5"}, format="json").status_code == 400
    response = api.patch(url, {"mers_weight": None}, format="json")
    assert response.json()["mers_weight"] is None


def test_a_self_checkin_time_answers_as_an_rfc_3339_date_time(api, tournament):
    """Schemathesis sent year 129: the answer came back in Paris's local
    mean time of the day, "+00:09:21", which no client parses. Times answer
    in UTC, as the registrations' do."""
    response = api.patch(
        f"/api/tournaments/{tournament.slug}/",
        {"uses_checkin": True, "self_checkin_opens_at": "0129-05-16T05:02:35.5Z"},
        format="json",
    )
    assert response.status_code == 200, response.content
    assert response.json()["self_checkin_opens_at"] == "0129-05-16T05:02:35.500000Z"
