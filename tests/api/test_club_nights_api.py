"""A club night says at creation how its sessions end (a number of hands,
or time) and may use any rule set, not only the league's."""

from __future__ import annotations

import pytest

from leagues.models import LeagueEvent

pytestmark = pytest.mark.django_db


def test_a_night_of_eight_hand_sessions_in_another_rule_set(api):
    api.post("/api/leagues/", {"name": "Club", "ruleset": "mcr"}, format="json")
    response = api.post(
        "/api/leagues/club/nights/",
        {
            "day": "2026-02-05",
            "ruleset": "mcr",
            "ruleset_options": {"hands_per_session": 8},
            "session_minutes": 90,
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    tournament = LeagueEvent.objects.get().tournament
    assert tournament.ruleset_options["hands_per_session"] == 8
    assert tournament.session_minutes == 90
    riichi = api.post(
        "/api/leagues/club/nights/",
        {"day": "2026-02-12", "ruleset": "riichi", "preset": "ema"},
        format="json",
    )
    assert riichi.status_code == 201, riichi.json()
    assert LeagueEvent.objects.get(day="2026-02-12").tournament.ruleset == "riichi"


def test_a_bad_session_setting_is_refused(api):
    api.post("/api/leagues/", {"name": "Club"}, format="json")
    response = api.post(
        "/api/leagues/club/nights/",
        {"day": "2026-02-05", "ruleset_options": {"hands_per_session": 0}},
        format="json",
    )
    assert response.status_code == 422
    unknown = api.post(
        "/api/leagues/club/nights/",
        {"day": "2026-02-05", "ruleset": "bridge"},
        format="json",
    )
    assert unknown.status_code == 400
    assert not LeagueEvent.objects.exists()
