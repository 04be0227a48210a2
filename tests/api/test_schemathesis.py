"""Schemathesis over the whole API, in-process against the Django app.

Every operation of the OpenAPI schema gets generated requests (valid and
invalid bodies, odd path and query values) sent as an organiser with a
token, over a small event and a league played through the services: the
answer is never a server error and always conforms to the schema (status
code documented, body and content type as documented). Path ids point at
the world's own objects half of the time, so the requests reach the
services, not only 404.

The schema also says exactly what the API accepts: a request the schema
calls valid is never refused as invalid (400), and a request it calls
invalid is never carried out (see ``ACCEPTED`` and ``REJECTED``).

Then the stateful phase: the links the schema implies (a created hand's id
used by the hand's detail, and so on) are followed in sequences.

The number of examples is bounded so the file runs in about a minute; set
SCHEMATHESIS_EXAMPLES (and SCHEMATHESIS_RANDOM=1) for a longer hunt.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from typing import Any

import pytest
import schemathesis
from django.core.cache import cache
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.renderers import OpenApiJsonRenderer
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error
from schemathesis.config import SchemathesisConfig
from schemathesis.core.parameters import ParameterLocation
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    positive_data_acceptance,
    response_schema_conformance,
    status_code_conformance,
)

from leagues.models import LeagueEvent, RatingJob
from leagues.services import leagues as league_services
from leagues.services import nights
from tests.factories import TournamentFactory, organiser_account
from tests.integration.room_data import room_event, win
from tournaments.api.throttles import WriteRateThrottle
from tournaments.models import ExportFile, Hand, Penalty, SeatingPlan
from tournaments.services import penalties

pytestmark = pytest.mark.db_sensitive

EXAMPLES = int(os.environ.get("SCHEMATHESIS_EXAMPLES", "15"))
#: CI replays the same examples; SCHEMATHESIS_RANDOM=1 draws new ones.
DERANDOMIZE = not os.environ.get("SCHEMATHESIS_RANDOM")


def invalid_data_rejected(ctx: Any, response: Any, case: Any) -> bool | None:
    """``negative_data_rejection``, with the calculator's own refusal: it
    answers every hand it cannot count, a malformed one too, with 200 and
    ``ok: false`` (documented in its operation; the fan page reads it)."""
    if case.operation.path == "/api/mcr/fans" and response.status_code == 200:
        body = response.json()
        if isinstance(body, dict) and body.get("ok") is False:
            return None
    return negative_data_rejection(ctx, response, case)


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    positive_data_acceptance,
    invalid_data_rejected,
]
#: What a schema-valid request may answer besides success: the object of
#: the path may not exist (404), its state may refuse the change (409), the
#: caller may lack the right over it (403), the event's data may refuse
#: what the schema cannot say (422: a player not at this table). A 400 is a
#: refusal of the input the schema accepted: a mismatch.
ACCEPTED = ["2xx", "403", "404", "409", "422", "429"]
#: How an invalid request is refused: 400 naming the field (422 when the
#: data refuse it first); 404 when the path names nothing (a slug that is
#: no slug); 413 for a body past the limit, 415 for a media type the
#: operation does not read.
REJECTED = ["400", "404", "413", "415", "422"]
CONFIG = SchemathesisConfig.from_dict(
    {
        "generation": {"mode": "all"},
        "checks": {
            "positive_data_acceptance": {"expected-statuses": ACCEPTED},
            "negative_data_rejection": {"expected-statuses": REJECTED},
        },
    }
)
SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=DERANDOMIZE,
    database=None,
    suppress_health_check=list(HealthCheck),
)


@dataclass
class World:
    """The ids of one small event and one league, for path parameters that
    exist: ``ids`` for the tournaments' paths, ``league_ids`` for the
    leagues' (both name their key ``slug``)."""

    token: str
    ids: dict[str, Any]
    league_ids: dict[str, Any]


WORLD: dict[str, World] = {}


def build_world() -> World:
    """Round 1 finished; round 2 seated, a hand and a penalty at table 1."""
    organiser = organiser_account(username="schemathesis")
    tournament, registrations = room_event(players=8)
    tournament.organisers.add(organiser)
    table = tournament.rounds.get(number=2).tables.get(number=1)
    win(table, 0, 1)
    penalty, _ = penalties.add_penalty(
        table_id=table.pk,
        player_id=registrations[-1].player_id,
        kind="referee",
        points=5,
        actor=None,
    )
    export = ExportFile.objects.create(
        tournament=tournament,
        kind=ExportFile.Kind.XLSX,
        status=ExportFile.Status.READY,
        progress=100,
        filename="event.xlsx",
        content=b"PK",
        created_by=organiser,
    )
    plan = SeatingPlan.objects.filter(tournament=tournament).first()
    ids = {
        "slug": tournament.slug,
        "number": 2,
        "table_id": table.pk,
        "hand_id": Hand.objects.filter(table=table).get().pk,
        "penalty_id": penalty.pk,
        "player": registrations[0].player_id,
        "export_id": export.pk,
        "plan_id": plan.pk if plan else 1,
    }
    assert Penalty.objects.filter(pk=penalty.pk).exists()
    return World(
        token=Token.objects.create(user=organiser).key,
        ids=ids,
        league_ids=build_league(organiser),
    )


def build_league(organiser: Any) -> dict[str, Any]:
    """A league of the organiser with a night (a session to seat) and a
    tournament of theirs not yet seated (round 1 to seed by rating)."""
    league = league_services.create_league(
        name="Schemathesis league", actor=organiser, is_public=True
    )
    night = nights.create_club_night(
        league=league, day=date(2026, 1, 8), actor=organiser
    )
    tournament = TournamentFactory()
    tournament.organisers.add(organiser)
    event = league_services.add_event(
        league=league, tournament=tournament, actor=organiser
    )
    assert night.kind == LeagueEvent.Kind.NIGHT
    job = RatingJob.objects.create()
    return {"slug": league.slug, "night": night.pk, "event": event.pk, "job": job.pk}


def load_schema() -> Any:
    """The schema /api/schema/ serves, built without a request: collection
    runs before the test database exists (and schemathesis' fixture-based
    loader does not run under pytest 9)."""
    generated = SchemaGenerator().get_schema(request=None, public=True)
    raw = json.loads(OpenApiJsonRenderer().render(generated))
    loaded = schemathesis.openapi.from_dict(raw, config=CONFIG)
    loaded.app = get_wsgi_application()
    return loaded


schema = load_schema()


@pytest.fixture
def world(db) -> Iterator[World]:
    """The event, and the database connection kept open across requests:
    the raw WSGI app closes it when a request ends, which would end the
    test's transaction on PostgreSQL (Django's test client does the same)."""
    WORLD["event"] = build_world()
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield WORLD["event"]
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def send(case: Any) -> None:
    # The throttles count in the cache: each request starts afresh.
    cache.clear()
    case.call_and_validate(headers=headers(), checks=CHECKS)


def headers() -> dict[str, str]:
    return {"Authorization": f"Token {WORLD['event'].token}"}


def point_at_the_event(case: Any) -> None:
    """Swap the generated path ids for the world's own about half of the
    time; which half follows from the generated values (so a failure
    replays and shrinks)."""
    values = case.path_parameters or {}
    if path_is_negative(case) or sum(len(str(v)) for v in values.values()) % 2:
        return
    ids = ids_for(case.operation.path)
    for name in values:
        if name in ids:
            case.path_parameters[name] = ids[name]


def path_is_negative(case: Any) -> bool:
    """A case whose path ids are the invalid part keeps them: a real id in
    their place would make the request valid where schemathesis expects a
    refusal."""
    component = case.meta.components.get(ParameterLocation.PATH) if case.meta else None
    return component is not None and component.mode.is_negative


def ids_for(path: str) -> dict[str, Any]:
    """A league's paths take the league's slug and its events' ids (a
    night's, or the tournament's to seed); the others the event's."""
    world = WORLD["event"]
    if path.startswith("/api/leagues/{slug}/"):
        league = world.league_ids
        event = league["event"] if path.endswith("/seed/") else league["night"]
        return {"slug": league["slug"], "event": event}
    return {**world.ids, "job": world.league_ids["job"]}


@schema.parametrize()
@SETTINGS
def test_no_server_error_and_answers_as_documented(case, world):
    point_at_the_event(case)
    send(case)


class Workflow(schema.as_state_machine()):  # type: ignore[misc]
    """Sequences of calls along the links schemathesis infers between
    operations (an id one answer gives, the next request uses)."""

    def setup(self) -> None:
        cache.clear()

    def get_call_kwargs(self, case: Any) -> dict[str, Any]:
        return {"headers": headers()}

    def validate_response(self, response: Any, case: Any, **kwargs: Any) -> None:
        case.validate_response(response, checks=CHECKS, headers=headers())


def test_stateful_sequences_answer_as_documented(world):
    Workflow.run(
        settings=settings(
            max_examples=max(EXAMPLES // 3, 3),
            stateful_step_count=6,
            deadline=None,
            derandomize=DERANDOMIZE,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
    )


# What the runs found, as plain regression tests -------------------------


def test_a_round_without_a_plan_is_a_json_404(api, tournament):
    response = api.get(f"/api/tournaments/{tournament.slug}/rounds/1/seating/")
    assert response.status_code == 404
    assert response.json() == {
        "error": "not_found",
        "field": None,
        "detail": "Not found.",
        "params": {},
    }


def test_an_unregistered_player_is_a_json_404(api, tournament):
    response = api.patch(
        f"/api/tournaments/{tournament.slug}/players/999999/",
        {"status": "withdrawn"},
        format="json",
    )
    assert response.status_code == 404
    assert response.json()["error"] == "not_found"


def test_an_api_address_that_matches_no_route_is_a_json_404(api):
    """/api/hands/null,null/ matches no route (the id is not a number)."""
    response = api.get("/api/hands/null,null/")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json()["error"] == "not_found"


def test_a_page_address_that_matches_no_route_keeps_the_html_404(client, db):
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


def test_invalid_input_answers_the_shared_shape_naming_each_field(api, tournament):
    response = api.post(
        f"/api/tournaments/{tournament.slug}/players/", {}, format="json"
    )
    body = response.json()
    assert response.status_code == 400
    assert set(body) == {"error", "field", "detail", "params"}
    assert body["error"] == "invalid"
    assert body["field"] in body["params"]["fields"]
    assert body["detail"] == body["params"]["fields"][body["field"]][0]


def test_a_missing_token_and_a_bad_token_answer_the_shared_shape(
    anonymous_api, tournament
):
    url = f"/api/tournaments/{tournament.slug}/rounds/1/finish/"
    missing = anonymous_api.post(url)
    anonymous_api.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    bad = anonymous_api.post(url)
    assert (missing.status_code, bad.status_code) == (401, 401)
    assert missing.json()["error"] == "not_authenticated"
    assert bad.json()["error"] == "authentication_failed"
    assert bad.json()["field"] is None and bad.json()["params"] == {}


def test_throttled_answers_the_shared_shape_with_the_wait(api, tournament):
    cache.clear()
    rates = {**WriteRateThrottle.THROTTLE_RATES, "writes": "1/min"}
    url = f"/api/tournaments/{tournament.slug}/rounds/1/finish/"
    try:
        WriteRateThrottle.THROTTLE_RATES = rates
        api.post(url)
        response = api.post(url)
    finally:
        del WriteRateThrottle.THROTTLE_RATES
        cache.clear()
    assert response.status_code == 429
    assert response.json()["error"] == "throttled"
    assert response.json()["params"]["wait"] >= 1


def test_the_schema_documents_the_error_answers_and_null_winners():
    raw = schema.raw_schema
    hands = raw["paths"]["/api/tables/{table_id}/hands/"]["post"]["responses"]
    for code in ("400", "401", "403", "404", "409", "429"):
        assert hands[code]["content"]["application/json"]["schema"] == {
            "$ref": "#/components/schemas/Error"
        }, code
    error = raw["components"]["schemas"]["Error"]
    assert set(error["required"]) == {"error", "field", "detail", "params"}
    hand = raw["components"]["schemas"]["HandOutput"]["properties"]
    assert hand["winner"]["nullable"] and hand["discarder"]["nullable"]
    calculator = raw["paths"]["/api/mcr/fans"]["post"]["responses"]
    assert "401" not in calculator and "429" in calculator


def test_a_file_not_ready_answers_the_shared_shape(api, tournament, organiser):
    export = ExportFile.objects.create(
        tournament=tournament,
        kind=ExportFile.Kind.XLSX,
        status=ExportFile.Status.PENDING,
        filename="event.xlsx",
        created_by=organiser,
    )
    response = api.get(f"/api/exports/{export.pk}/download")
    assert response.status_code == 409
    body = response.json()
    assert {"error", "field", "detail", "params"} <= set(body)
    assert body["error"] == "export_not_ready"
    assert body["params"]["status"] == "pending"
