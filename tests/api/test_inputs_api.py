"""Edge-case input on the API: a 400/409 naming the problem, never a 500."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from tests.factories import player_ids, seated_table
from tournaments.models import Hand, Penalty, Player

pytestmark = pytest.mark.db_sensitive

FANS_URL = "/api/mcr/fans"


@pytest.fixture
def table(tournament):
    return seated_table(tournament)


def hands_url(table) -> str:
    return f"/api/tables/{table.pk}/hands/"


def penalties_url(table) -> str:
    return f"/api/tables/{table.pk}/penalties/"


def a_win(table, **fields) -> dict:
    east = player_ids(table)[0]
    return {"kind": "self_draw", "winner": east, "fan_total": 8, **fields}


@pytest.mark.parametrize("kind", ["hands", "penalties"])
def test_long_idempotency_key_is_refused(api, table, kind):
    """A key longer than the stored column answers 400, and nothing is stored."""
    if kind == "hands":
        url, body = hands_url(table), a_win(table)
    else:
        url = penalties_url(table)
        body = {"player": player_ids(table)[0], "kind": "referee", "points": 10}
    response = api.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="k" * 81)
    assert response.status_code == 400
    answer = response.json()
    assert answer["error"] == "idempotency_key_too_long"
    assert "80" in answer["detail"]
    assert not Hand.objects.exists()
    assert not Penalty.objects.exists()


def test_idempotency_key_of_the_column_length_is_accepted(api, table):
    """A key of exactly 80 characters is stored."""
    key = "k" * 80
    response = api.post(
        hands_url(table), a_win(table), format="json", HTTP_IDEMPOTENCY_KEY=key
    )
    assert response.status_code == 201
    assert Hand.objects.get().idempotency_key == key


@pytest.mark.parametrize("points", [10**12, 2**31, 100_001])
def test_huge_penalty_points_are_refused(api, table, points):
    """Penalty points beyond the bound answer 400 on the points field."""
    body = {"player": player_ids(table)[0], "kind": "referee", "points": points}
    response = api.post(penalties_url(table), body, format="json")
    assert response.status_code == 400
    assert "points" in response.json()["params"]["fields"]
    assert not Penalty.objects.exists()


@pytest.mark.parametrize(
    ("field", "value"),
    [("fan_total", 10**12), ("fan_total", 40_000), ("flowers", 10**12)],
)
def test_huge_hand_numbers_are_refused(api, table, field, value):
    """Fan totals and flowers beyond the bounds answer 400, not 500."""
    response = api.post(hands_url(table), a_win(table, **{field: value}), format="json")
    assert response.status_code == 400
    assert field in json.dumps(response.json())
    assert not Hand.objects.exists()


def test_huge_table_version_is_refused(api, table):
    """A table version beyond any stored one is a 400, not a database overflow."""
    response = api.post(
        hands_url(table), a_win(table, table_version=10**20), format="json"
    )
    assert response.status_code == 400


def test_penalty_key_reused_with_another_body_conflicts(api, table):
    """Same key, another penalty: 409, the first penalty stays the only one."""
    east, south = player_ids(table)[:2]
    first = {"player": east, "kind": "referee", "points": 10}
    key = {"HTTP_IDEMPOTENCY_KEY": "pen-1"}
    assert api.post(penalties_url(table), first, format="json", **key).status_code == (
        201
    )
    for other in (
        {**first, "player": south},
        {**first, "points": 20},
        {**first, "reason": "counted early"},
        {"player": east, "kind": "false_hu"},
    ):
        response = api.post(penalties_url(table), other, format="json", **key)
        assert response.status_code == 409, other
        assert response.json()["error"] == "penalty_key_reused"
    assert Penalty.objects.count() == 1


def test_penalty_key_reused_with_the_same_body_answers_the_stored_one(api, table):
    """Same key, same penalty: 200 with the stored penalty, nothing added."""
    body = {"player": player_ids(table)[1], "kind": "false_hu"}
    key = {"HTTP_IDEMPOTENCY_KEY": "pen-2"}
    first = api.post(penalties_url(table), body, format="json", **key)
    again = api.post(penalties_url(table), body, format="json", **key)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["id"] == first.json()["id"]
    assert Penalty.objects.count() == 1


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def test_deeply_nested_json_on_the_calculator_is_refused():
    """Anonymous deeply nested JSON answers 400 malformed_json, not 500."""
    body = '{"concealed": ' + nested(100_000) + "}"
    response = APIClient().post(FANS_URL, body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"] == "malformed_json"
    assert "deep" in response.json()["detail"]


def test_moderately_nested_json_on_the_calculator_is_a_normal_answer():
    """Nesting within the bound reaches the engine, which names the problem."""
    body = '{"concealed": ' + nested(10) + "}"
    response = APIClient().post(FANS_URL, body, content_type="application/json")
    assert response.status_code == 200
    assert response.json()["code"] == "invalid_value"


def test_deeply_nested_json_elsewhere_is_refused(api, table):
    """Any JSON body of the API is bounded in depth: 400 with a message."""
    body = json.dumps(a_win(table))[:-1] + ', "tiles": ' + nested(100_000) + "}"
    response = api.post(hands_url(table), body, content_type="application/json")
    assert response.status_code == 400
    assert "deep" in json.dumps(response.json())
    assert not Hand.objects.exists()


def test_too_long_json_body_is_refused(api, tournament):
    """A JSON body above Django's upload cap is refused before it is parsed:
    Django's own 400 when something read the body first, else the parser's 413."""
    url = f"/api/tournaments/{tournament.slug}/players/"
    body = json.dumps([{"last_name": "Martin", "club": "x" * 100}] * 20_000)
    response = api.post(url, body, content_type="application/json")
    assert response.status_code in (400, 413)
    assert not Player.objects.exists()


def test_parser_refuses_a_body_over_the_cap(settings):
    """The parser reads at most the cap from the stream: 413 with a message."""
    import io

    from config.parsers import BoundedJSONParser, RequestTooLarge

    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 100
    with pytest.raises(RequestTooLarge, match="100 bytes"):
        BoundedJSONParser().parse(io.BytesIO(b"[" + b"1," * 100 + b"1]"))


@pytest.mark.parametrize("field", ["first_name", "last_name"])
def test_long_player_name_is_a_field_error(api, tournament, field):
    """A name over the model's length answers 400 on that field."""
    body = {"last_name": "Martin", field: "x" * 200}
    url = f"/api/tournaments/{tournament.slug}/players/"
    response = api.post(url, [body], format="json")
    assert response.status_code == 400
    assert field in json.dumps(response.json())
    assert not Player.objects.exists()


def test_too_many_players_at_once_are_refused(api, tournament):
    """Over the cap in one request: 400 naming the cap, nothing stored."""
    from tournaments.limits import MAX_PLAYERS_AT_ONCE

    url = f"/api/tournaments/{tournament.slug}/players/"
    body = [{"last_name": f"P{n}"} for n in range(MAX_PLAYERS_AT_ONCE + 1)]
    response = api.post(url, body, format="json")
    assert response.status_code == 422
    assert response.json()["error"] == "too_many_players"
    assert str(MAX_PLAYERS_AT_ONCE) in response.json()["detail"]
    assert not Player.objects.exists()


def test_a_thousand_players_in_bounded_queries(
    api, tournament, django_assert_max_num_queries
):
    """The cap's worth of players goes through in a few dozen queries."""
    from tournaments.limits import MAX_PLAYERS_AT_ONCE

    url = f"/api/tournaments/{tournament.slug}/players/"
    body = [
        {
            "first_name": "Ann",
            "last_name": f"P{n}",
            "club": f"Club {n % 7}",
            **({"ema_number": str(10_000 + n)} if n % 2 else {}),
        }
        for n in range(MAX_PLAYERS_AT_ONCE)
    ]
    with django_assert_max_num_queries(60):
        response = api.post(url, body, format="json")
    assert response.status_code == 201, response.content[:300]
    assert tournament.registrations.count() == MAX_PLAYERS_AT_ONCE
    numbers = sorted(tournament.registrations.values_list("number", flat=True))
    assert numbers == list(range(1, MAX_PLAYERS_AT_ONCE + 1))


HUGE_ID = 10**20


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("post", "rounds/1/swap/", {"first": HUGE_ID, "second": HUGE_ID - 1}),
        ("patch", f"players/{HUGE_ID}/", {"status": "withdrawn"}),
    ],
)
def test_huge_player_ids_are_not_an_overflow(api, tournament, method, path, body):
    """A player id beyond any key: 400 on the field, or 404 in the path."""
    seated_table(tournament)
    url = f"/api/tournaments/{tournament.slug}/{path}"
    response = getattr(api, method)(url, body, format="json")
    assert response.status_code in (400, 404)
    if response.status_code == 400:
        assert "first" in response.json()["params"]["fields"]


def test_huge_winner_id_is_a_field_error(api, table):
    response = api.post(hands_url(table), a_win(table, winner=HUGE_ID), format="json")
    assert response.status_code == 400
    assert "winner" in json.dumps(response.json())


@pytest.mark.urls("tests.integration.exports_urls")
def test_import_api_refuses_a_huge_shared_string(api, tournament):
    """The API import reads the zip directory first: 400, nothing saved."""
    from tests.integration.test_inputs_imports import with_huge_shared_string

    url = f"/api/tournaments/{tournament.slug}/players/import/"
    upload = SimpleUploadedFile("players.xlsx", with_huge_shared_string(50))
    response = api.post(url, {"file": upload}, format="multipart")
    assert response.status_code == 422
    codes = [problem["code"] for problem in response.json()["problems"]]
    assert codes == ["xlsx_too_large"]
    assert not Player.objects.exists()


@pytest.mark.urls("tests.integration.exports_urls")
def test_import_api_reports_a_long_name_on_its_row(api, tournament):
    url = f"/api/tournaments/{tournament.slug}/players/import/"
    data = ("Name\r\nBo Li\r\nAnna " + "x" * 200 + "\r\n").encode()
    upload = SimpleUploadedFile("players.csv", data)
    response = api.post(url, {"file": upload}, format="multipart")
    assert response.status_code == 422
    rows = response.json()["rows"]
    assert [p["code"] for p in rows[1]["problems"]] == ["name_too_long"]
    assert not Player.objects.exists()


def test_deeply_nested_tiles_in_a_form_body_are_refused(api, table):
    """The API reads JSON only (a form cannot carry what its schema says):
    a form-encoded body, deep tiles and all, is refused unread."""
    body = {**a_win(table), "tiles": nested(100_000)}
    response = api.post(hands_url(table), body, format="multipart")
    assert response.status_code == 415
    assert response.json()["error"] == "unsupported_media_type"
    assert not Hand.objects.exists()
