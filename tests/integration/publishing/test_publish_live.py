"""Publishing between two live Murailles: this one (the test's database)
and a second server process on PostgreSQL. Runs in the PostgreSQL pass
(``make test-postgres``); under ``CI=true`` an unreachable PostgreSQL fails
it instead of skipping it."""

from __future__ import annotations

import secrets
import urllib.error
from collections.abc import Iterator

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from rest_framework.test import APIClient

from tests.integration.publishing.live_remote import LiveRemote, live_remote
from tournaments.models import Hand
from tournaments.services import hands as hand_services
from tournaments.services import setup
from tournaments.services.errors import ServiceError
from tournaments.services.publishing import Outcome, publish_event

# One second server for the module: both tests on one worker.
pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db,
    pytest.mark.xdist_group("publish_live"),
]


@pytest.fixture(scope="module")
def remote() -> Iterator[LiveRemote]:
    if connection.vendor != "postgresql":
        pytest.skip(
            "publishing to a live PostgreSQL server runs in the PostgreSQL pass"
        )
    with live_remote() as server:
        yield server


def comparable(rows: list[dict]) -> list[dict]:
    """Standings rows without the player ids, which each database numbers."""
    return [{k: v for k, v in row.items() if k != "player"} for row in rows]


def local_standings(event) -> list[dict]:
    client = APIClient()
    response = client.get(f"/api/tournaments/{event.slug}/standings/")
    assert response.status_code == 200
    return comparable(response.json())


def remote_standings(remote: LiveRemote, slug: str) -> list[dict]:
    return comparable(remote.get_json(f"api/tournaments/{slug}/standings/"))


def correct_last_round(event, organiser) -> None:
    """A late correction at the venue: round 2's table 1, hand 2 (a
    self-drawn win) was worth 40 points, not 9."""
    round_ = event.rounds.get(number=2)
    setup.reopen_round(round_id=round_.pk, actor=organiser)
    table = round_.tables.get(number=1)
    hand_services.reopen_table(table_id=table.pk, actor=organiser)
    hand = Hand.objects.select_related("winner__registration").get(
        table=table, number=2
    )
    assert hand.kind == "self_draw"
    result = {
        "kind": "self_draw",
        "winner": hand.winner.registration.player_id,
        "fan_total": 40,
    }
    hand_services.correct_hand(
        hand_id=hand.pk, expected_version=hand.version, actor=organiser, result=result
    )
    hand_services.close_table(table_id=table.pk, actor=organiser, time_called=True)
    setup.finish_round(round_id=round_.pk, actor=organiser)


def test_publish_then_again_unchanged_then_a_correction(remote, event, organiser):
    """Published once: there, with the same standings. Again unchanged:
    still one event there, same standings. After a correction at the
    venue: updated there, and its standings follow."""
    event.name = f"Printemps {secrets.token_hex(4)}"  # alone of its name there
    event.save(update_fields=["name"])
    first = publish_event(tournament=event, base_url=remote.url, token=remote.token)
    assert first.outcome == Outcome.CREATED
    assert first.url.startswith(remote.url)
    standings = local_standings(event)
    assert remote_standings(remote, first.slug) == standings

    again = publish_event(tournament=event, base_url=remote.url, token=remote.token)
    assert (again.outcome, again.slug, again.url) == (
        Outcome.UNCHANGED,
        first.slug,
        first.url,
    )
    assert remote_standings(remote, first.slug) == standings
    names = [t["name"] for t in remote.get_json("api/tournaments/")]
    assert names.count(event.name) == 1

    correct_last_round(event, organiser)
    corrected = local_standings(event)
    assert corrected != standings
    third = publish_event(tournament=event, base_url=remote.url, token=remote.token)
    assert (third.outcome, third.slug) == (Outcome.CHANGED, first.slug)
    assert third.changes
    assert remote_standings(remote, first.slug) == corrected


def test_a_wrong_token_is_refused_in_words(remote, event):
    with pytest.raises(ServiceError) as caught:
        publish_event(tournament=event, base_url=remote.url, token="0" * 40)
    assert caught.value.code == "publish_bad_token"


def test_an_address_without_muraille_api_is_named(remote, event):
    """A base URL one level too deep: nothing takes events there."""
    with pytest.raises(ServiceError) as caught:
        publish_event(
            tournament=event, base_url=remote.url + "staff/", token=remote.token
        )
    assert caught.value.code in ("publish_not_muraille", "publish_redirected")


def test_the_command_publishes_to_the_live_server(remote, event, capsys):
    call_command(
        "publish_event", event.slug, "--to", remote.url, "--token", remote.token
    )
    out = capsys.readouterr().out
    assert out.startswith("Created on the other Muraille: " + remote.url)
    with pytest.raises(CommandError, match="refused the API token"):
        call_command("publish_event", event.slug, "--to", remote.url, "--token=bad")


def test_the_remote_serves_what_it_says(remote, event):
    result = publish_event(tournament=event, base_url=remote.url, token=remote.token)
    detail = remote.get_json(f"api/tournaments/{result.slug}/")
    assert detail["name"] == event.name
    with pytest.raises(urllib.error.HTTPError):
        remote.get_json("api/tournaments/no-such-event/")
