"""The API's schema says exactly what it accepts (issue 27, item 5).

What the schemathesis run with positive_data_acceptance and
negative_data_rejection found, as plain tests: each class of mismatch
between the OpenAPI schema and the validation, and the status codes that
tell a client whose fault a refusal is (400: the schema refuses the input;
422: the schema accepts it, the event's data refuse it; 409: the object's
state refuses it for now).
"""

from __future__ import annotations

import re

import pytest

from leagues.models import League, Team
from tests.api.test_schemathesis import schema
from tests.integration.room_data import room_event, win
from tests.integration.round_helpers import named_players
from tournaments.models import Hand, Penalty, Tournament

pytestmark = pytest.mark.django_db

RAW = schema.raw_schema
COMPONENTS = RAW["components"]["schemas"]


def component(path: str, method: str) -> dict:
    body = RAW["paths"][path][method]["requestBody"]["content"]
    reference = body["application/json"]["schema"]["$ref"]
    return COMPONENTS[reference.rsplit("/", 1)[1]]


@pytest.fixture
def event(organiser):
    """Round 1 finished; round 2 seated, nothing played yet."""
    tournament, registrations = room_event(players=8)
    tournament.organisers.add(organiser)
    return tournament, registrations


@pytest.fixture
def teams_url(tournament, organiser):
    named_players(tournament, [f"P{n} Player{n}" for n in range(8)])
    return f"/api/tournaments/{tournament.slug}/teams/"


def eight_in_two_teams() -> list[dict]:
    names = [f"P{n} Player{n}" for n in range(8)]
    return [
        {"name": "Dragons", "members": names[:4]},
        {"name": "Winds", "members": names[4:]},
    ]


# PUT /api/tournaments/<slug>/teams/ --------------------------------------


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"team_size": "4"}, "team_size"),
        ({"team_size": 4.0}, "team_size"),
        ({"teams": [{"name": 7, "members": []}]}, "teams"),
        ({"teams": [{"name": "Dragons", "members": [1, 2, 3, 4]}]}, "teams"),
    ],
)
def test_teams_of_another_json_type_are_refused_as_the_schema_says(
    api, teams_url, change, field
):
    """The schema says integer and strings: DRF coerced "4" and 7, and the
    teams were set from a body the schema calls invalid."""
    body = {"team_size": 4, "teams": eight_in_two_teams(), **change}
    response = api.put(teams_url, body, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["error"] == "invalid"
    assert response.json()["field"].split(".")[0] == field
    assert not Team.objects.exists()


def test_teams_the_schema_accepts_but_the_event_refuses_are_422(api, teams_url):
    """Teams of three where the size is four: the schema cannot say it, so
    the answer is not a 400 (which says the request is malformed)."""
    body = {"team_size": 3, "teams": eight_in_two_teams()}
    response = api.put(teams_url, body, format="json")
    assert (response.status_code, response.json()["error"]) == (
        422,
        "team_wrong_size",
    )


def test_the_teams_body_is_documented_exactly():
    teams = component("/api/tournaments/{slug}/teams/", "put")
    assert teams["required"] == ["teams"]
    size = teams["properties"]["team_size"]
    assert (size["type"], size["minimum"], size["maximum"]) == ("integer", 2, 8)
    team = COMPONENTS["TeamInputRequest"]
    assert sorted(team["required"]) == ["members", "name"]
    assert team["properties"]["name"]["maxLength"] == 120
    assert team["properties"]["members"]["maxItems"] == 8


# Bodies: JSON only, JSON's types ------------------------------------------


def test_json_operations_document_and_read_json_only(api, tournament):
    """A form body cannot carry null, a number or a list of lists, yet the
    schema offered multipart and form bodies for every operation."""
    for path, operations in RAW["paths"].items():
        for method, operation in operations.items():
            content = operation.get("requestBody", {}).get("content", {})
            if path.endswith("/players/import/"):
                assert list(content) == ["multipart/form-data"]
            elif content:
                assert list(content) == ["application/json"], (method, path)
    response = api.post(
        f"/api/tournaments/{tournament.slug}/players/",
        {"last_name": "Form"},
        format="multipart",
    )
    assert response.status_code == 415
    assert response.json()["error"] == "unsupported_media_type"


@pytest.mark.parametrize("public", ["0", 0, "false", "no"])
def test_a_boolean_must_be_a_boolean(api, public):
    response = api.post(
        "/api/leagues/", {"name": "Club", "is_public": public}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["field"] == "is_public"
    assert not League.objects.exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": 12}, "name"),
        ({"name": "Open", "rounds_count": "6"}, "rounds_count"),
        ({"name": "Open", "mers_weight": 1.5}, "mers_weight"),
        ({"name": "Open", "mers_weight": "-5"}, "mers_weight"),
        ({"name": "Open", "mers_weight": " 1.5"}, "mers_weight"),
        ({"name": "Open", "start_date": 20260101}, "start_date"),
    ],
)
def test_a_value_the_schema_refuses_is_refused(api, body, field):
    response = api.post("/api/tournaments/", body, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["field"] == field
    assert not Tournament.objects.exists()


def test_one_player_or_a_list_is_documented_and_a_body_required():
    body = RAW["paths"]["/api/tournaments/{slug}/players/"]["post"]["requestBody"]
    assert body["required"] is True
    forms = COMPONENTS["PlayerListInputOneOrManyRequest"]["oneOf"]
    assert forms[0] == {"$ref": "#/components/schemas/PlayerListInputRequest"}
    assert forms[1]["type"] == "array"


def test_a_decimal_is_documented_with_its_digits_and_sign():
    weight = component("/api/tournaments/", "post")["properties"]["mers_weight"]
    pattern = re.compile(weight["pattern"])
    assert pattern.search("1.5") and pattern.search("0") and pattern.search(".5")
    assert not pattern.search("-5") and not pattern.search("")
    assert not pattern.search("123") and not pattern.search(".")


# Texts: what DRF trims and refuses, in the pattern ------------------------


def test_a_text_documents_that_it_may_not_be_blank_once_trimmed(api, tournament):
    last_name = COMPONENTS["PlayerListInputRequest"]["properties"]["last_name"]
    pattern = re.compile(last_name["pattern"])
    for refused in ("   ", "\x1f", "\u3000", "Ann\x00"):
        assert not pattern.search(refused), repr(refused)
        response = api.post(
            f"/api/tournaments/{tournament.slug}/players/",
            {"last_name": refused},
            format="json",
        )
        assert response.status_code == 400, repr(refused)
    assert pattern.search(" Zoë Van der Ært ")
    first_name = COMPONENTS["PlayerListInputRequest"]["properties"]["first_name"]
    filled, blank = first_name["oneOf"]
    assert blank == {"type": "string", "maxLength": 0}
    # "" matches one branch only (oneOf): the blank one.
    assert not re.search(filled["pattern"], "") and re.search(filled["pattern"], "A")


def test_a_text_over_its_length_is_refused_before_it_is_trimmed(api, tournament):
    """maxLength counts the characters sent; DRF counted them trimmed."""
    response = api.post(
        f"/api/tournaments/{tournament.slug}/players/",
        {"last_name": "A" + " " * 80},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["field"] == "last_name"


# Closed vocabularies as enums ---------------------------------------------


def test_rule_sets_and_tiebreaks_are_enums(api):
    league = component("/api/leagues/", "post")["properties"]
    ruleset = league["ruleset"]["allOf"][0]["$ref"].rsplit("/", 1)[1]
    assert {"mcr", "riichi"} <= set(COMPONENTS[ruleset]["enum"])
    tiebreak = league["tiebreaks"]["items"]["$ref"].rsplit("/", 1)[1]
    assert "table_points" in COMPONENTS[tiebreak]["enum"]
    response = api.post(
        "/api/leagues/", {"name": "Club", "ruleset": "bridge"}, format="json"
    )
    assert (response.status_code, response.json()["field"]) == (400, "ruleset")


# Required fields of PATCH and DELETE --------------------------------------


def test_a_hand_correction_documents_its_required_version():
    """The view validates the whole body: drf-spectacular's partial PATCH
    component dropped ``version`` from the required fields."""
    hand = component("/api/hands/{hand_id}/", "patch")
    assert hand["required"] == ["version"]


def test_a_hand_deletion_documents_its_version_as_a_query_parameter(api, event):
    """A DELETE has no body in OpenAPI: ``version`` was undocumented."""
    operation = RAW["paths"]["/api/hands/{hand_id}/"]["delete"]
    version = [p for p in operation["parameters"] if p["name"] == "version"]
    assert version and version[0]["in"] == "query" and version[0]["required"]
    table = event[0].rounds.get(number=2).tables.get(number=1)
    win(table, 0, 1)
    hand = Hand.objects.get(table=table)
    response = api.delete(f"/api/hands/{hand.pk}/?version={hand.version}")
    assert response.status_code == 204
    assert not Hand.objects.filter(pk=hand.pk).exists()


# Whose fault: 409 for the state, 422 for the data -------------------------


def test_a_state_refusal_is_a_409(api, event):
    tournament, _ = event
    response = api.post(f"/api/tournaments/{tournament.slug}/rounds/2/finish/")
    assert response.status_code == 409
    assert response.json()["error"] == "tables_still_open"


def test_a_data_refusal_is_a_422(api, event):
    tournament, registrations = event
    table = tournament.rounds.get(number=2).tables.get(number=1)
    stranger = next(
        r.player_id
        for r in registrations
        if not table.seats.filter(registration=r).exists()
    )
    response = api.post(
        f"/api/tables/{table.pk}/penalties/",
        {"player": stranger, "kind": "referee", "points": 5},
        format="json",
    )
    assert (response.status_code, response.json()["error"]) == (
        422,
        "player_not_at_table",
    )
    assert not Penalty.objects.exists()


def test_every_write_documents_its_422():
    for path, operations in RAW["paths"].items():
        for method, operation in operations.items():
            if method in ("post", "put", "patch", "delete"):
                assert "422" in operation["responses"], (method, path)


# POST /api/leagues/<slug>/nights/ -----------------------------------------


@pytest.mark.parametrize(
    ("body", "format_"),
    [
        ({"": 1}, "json"),
        ({"": "x", "day": "2026-01-08"}, "json"),
        ({"": "x"}, "multipart"),
    ],
)
def test_a_night_of_an_unknown_league_is_a_404_whatever_the_body(api, body, format_):
    response = api.post("/api/leagues/nope/nights/", body, format=format_)
    assert response.status_code in (404, 415)
    assert response.json()["error"] in ("not_found", "unsupported_media_type")


def test_a_night_body_with_an_empty_key_is_read_as_the_schema_says(api):
    api.post("/api/leagues/", {"name": "Club"}, format="json")
    response = api.post(
        "/api/leagues/club/nights/", {"": 1, "day": "2026-01-08"}, format="json"
    )
    assert response.status_code == 201, response.json()


# Dates and query values ---------------------------------------------------


def test_a_date_is_a_full_date(api):
    """OpenAPI's format date is YYYY-MM-DD; DRF also read "2026-1-8"."""
    api.post("/api/leagues/", {"name": "Club"}, format="json")
    response = api.post("/api/leagues/club/nights/", {"day": "2026-1-8"}, format="json")
    assert (response.status_code, response.json()["field"]) == (400, "day")
    response = api.post(
        "/api/leagues/club/nights/", {"day": "2026-01-08"}, format="json"
    )
    assert response.status_code == 201


def test_an_empty_query_value_is_not_a_value(api, tournament):
    """ "?date=" read as today and "?format=" as no format: the schema
    documents a date and an enum."""
    api.post("/api/leagues/", {"name": "Club"}, format="json")
    response = api.get("/api/leagues/club/ema/?date=")
    assert (response.status_code, response.json()["field"]) == (400, "date")
    assert api.get("/api/leagues/club/ema/?date=2026-01-08").status_code == 200
    response = api.get(f"/api/tournaments/{tournament.slug}/standings.csv?format=")
    assert response.status_code == 404


def test_a_player_without_a_first_name_may_send_it_blank(api, tournament):
    """Left out or sent blank, the same: the schema says so."""
    response = api.post(
        f"/api/tournaments/{tournament.slug}/players/",
        [{"first_name": "", "last_name": "Nakamura", "club": "", "ema_number": ""}],
        format="json",
    )
    assert response.status_code == 201, response.json()


# Closed inputs: additionalProperties --------------------------------------


def test_a_hand_result_names_its_inputs_and_no_other(api, event):
    """A key no rule set reads is refused by the schema (400); a key of
    another rule set, by the table's (422)."""
    assert COMPONENTS["HandListInputRequest"]["additionalProperties"] is False
    upload = COMPONENTS["PlayerImportInputRequest"]
    assert upload["additionalProperties"] is False
    assert upload["properties"]["file"]["minLength"] == 1  # an empty file is no file
    tournament, _ = event
    table = tournament.rounds.get(number=2).tables.get(number=1)
    players = [s.registration.player_id for s in table.seats.order_by("pk")]
    hand = {"kind": "discard", "winner": players[0], "discarder": players[1]}
    url = f"/api/tables/{table.pk}/hands/"
    response = api.post(url, {**hand, "fan_total": 8, "fan_totl": 9}, format="json")
    assert (response.status_code, response.json()["field"]) == (400, "fan_totl")
    response = api.post(url, {**hand, "fan_total": 8, "han": 3}, format="json")
    assert (response.status_code, response.json()["error"]) == (422, "unknown_field")
    assert not Hand.objects.filter(table=table).exists()
