"""POST /api/mcr/fans: the command's answer over HTTP, plus code and payments."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from scoring.api import EXAMPLE_HAND, FanCalculatorApi
from tests.factories import UserFactory

URL = "/api/mcr/fans"

#: The hand of the API documentation, with one flower.
HAND = {**EXAMPLE_HAND, "flowers": 1}
# All Chows 2 + Single Wait 1 = 3 points, and three flowers that do not count.
BELOW_MINIMUM = {
    **HAND,
    "concealed": "123m456p678s5m",
    "melds": [{"kind": "chow", "tiles": "234s", "concealed": False, "from": "left"}],
    "winning_tile": "5m",
    "flowers": 3,
    "seat_wind": "S",
}


def post(client, body, **headers):
    data = body if isinstance(body, str) else json.dumps(body)
    return client.post(URL, data, content_type="application/json", **headers)


def test_discard_win_answers_fans_total_and_payments(anonymous_api):
    """A discard win: fans in number order, flowers in the total, T + 8 by the
    discarder and 8 by each other player."""
    response = post(anonymous_api, HAND)
    assert response.status_code == 200
    body = response.json()
    assert body["ok"] is True
    assert body["error"] is None
    assert body["code"] is None
    assert body["total"] == 10
    assert [(f["number"], f["points"], f["count"]) for f in body["fans"]] == [
        (39, 8, 1),
        (73, 1, 1),
        (81, 1, 1),
    ]
    assert body["fans"][0]["name"] == "Mixed Straight"
    assert body["fans"][0]["name_fr"] == "Grande suite"
    assert body["payments"] == {
        "kind": "discard",
        "hand_value": 10,
        "winner": 34,
        "discarder": -18,
        "each_other": -8,
        "deltas": [34, -18, -8, -8],
    }


def test_self_draw_each_other_player_pays_t_plus_8(anonymous_api):
    """Self-draw: each of the three others pays T + 8, no discarder."""
    body = post(anonymous_api, {**HAND, "self_drawn": True}).json()
    assert body["total"] == 11  # Self-Drawn adds 1
    assert body["payments"] == {
        "kind": "self_draw",
        "hand_value": 11,
        "winner": 57,
        "discarder": None,
        "each_other": -19,
        "deltas": [57, -19, -19, -19],
    }
    assert sum(body["payments"]["deltas"]) == 0


def test_below_minimum_answers_the_fans_found_without_payments(anonymous_api):
    """Below 8 points without flowers: ok false, the fans found, no payments."""
    body = post(anonymous_api, BELOW_MINIMUM).json()
    assert body["ok"] is False
    assert body["code"] == "below_minimum"
    assert body["fans"]
    assert 81 not in [fan["number"] for fan in body["fans"]]
    assert [fan["number"] for fan in body["fans"]] == [63, 79]
    assert body["total"] == 3
    assert body["error"] == "3 points without flowers: below the 8-point minimum."
    assert body["payments"] is None


def test_not_a_winning_hand(anonymous_api):
    """Tiles that make no winning shape answer 200 with ok false and the code."""
    body = post(anonymous_api, {**HAND, "concealed": "124m456p78s11z"}).json()
    assert body == {
        "ok": False,
        "total": 0,
        "fans": [],
        "error": "Not a winning hand.",
        "code": "not_a_winning_hand",
        "field": None,
        "payments": None,
    }


def test_error_in_the_language_of_accept_language(anonymous_api):
    """Accept-Language: fr gives the French sentence, the code stays English."""
    hand = {**HAND, "concealed": "124m456p78s11z"}
    body = post(anonymous_api, hand, HTTP_ACCEPT_LANGUAGE="fr").json()
    assert body["error"] == "Ce n’est pas une main gagnante."
    assert body["code"] == "not_a_winning_hand"


def test_field_errors_name_the_field_in_words(anonymous_api):
    """A missing winning tile is named as words in ``error``, as a key in
    ``field``."""
    body = post(anonymous_api, {**HAND, "winning_tile": ""}).json()
    assert body["ok"] is False
    assert body["code"] == "invalid_value"
    assert body["field"] == "winning_tile"
    assert body["error"] == "Invalid value for the winning tile."


def test_bad_meld_names_the_meld(anonymous_api):
    """A chow of three dragons is refused, naming the meld by its position."""
    melds = [{"kind": "chow", "tiles": "555z", "concealed": False, "from": "left"}]
    body = post(anonymous_api, {**HAND, "melds": melds}).json()
    assert body["code"] == "invalid_meld"
    assert body["field"] == "melds[0].tiles"
    assert body["error"] == "The tiles of meld 1 do not form a chow."


def test_too_many_copies_names_the_tile(anonymous_api):
    """Five East winds: the answer says which tile and how many."""
    pung = {"kind": "pung", "tiles": "111z", "concealed": False, "from": "left"}
    hand = {**HAND, "winning_tile": "1z", "melds": [pung]}
    body = post(anonymous_api, hand).json()
    assert body["code"] == "too_many_copies"
    assert "1z" in body["error"]


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ('{"concealed": ', "Not a JSON object: Expecting value"),
        ("[1, 2]", "Not a JSON object: expected an object"),
    ],
)
def test_malformed_json_is_a_400_with_a_clear_message(anonymous_api, body, words):
    """A body that is not a JSON object: 400 in the API's one error shape
    (the issue: the calculator's 400 had a shape of its own), the reason."""
    response = post(anonymous_api, body)
    assert response.status_code == 400
    answer = response.json()
    assert set(answer) == {"error", "field", "detail", "params"}
    assert answer["error"] == "malformed_json"
    assert answer["detail"].startswith(words)


def test_form_encoded_body_is_refused(anonymous_api):
    """Only JSON is read: a form body gets 415, not a half-read hand."""
    response = anonymous_api.post(URL, {"concealed": "123m"}, format="multipart")
    assert response.status_code == 415


def test_logged_in_browser_needs_no_csrf_token(db):
    """The calculator writes nothing: a session user posting without a CSRF
    token still gets an answer."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(UserFactory(username="referee"))
    response = post(client, HAND)
    assert response.status_code == 200
    assert response.json()["ok"] is True


def test_anonymous_callers_are_throttled(anonymous_api, settings):
    """Past the ``fans`` rate an anonymous caller gets HTTP 429."""
    from django.core.cache import cache
    from rest_framework.throttling import ScopedRateThrottle

    cache.clear()
    rates = {"fans": "2/min"}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ScopedRateThrottle, "THROTTLE_RATES", rates)
        codes = [post(anonymous_api, HAND).status_code for _ in range(3)]
    cache.clear()
    assert FanCalculatorApi.throttle_scope == "fans"
    assert codes == [200, 200, 429]


def test_schema_documents_the_payments(anonymous_api):
    """The OpenAPI schema describes the endpoint and the payments shape."""
    response = anonymous_api.get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    schema = json.loads(response.content)
    operation = schema["paths"]["/api/mcr/fans"]["post"]
    assert operation["operationId"] == "mcr_fans_calculate"
    payments = schema["components"]["schemas"]["FanCalculatorPayments"]
    assert set(payments["properties"]) == {
        "kind",
        "hand_value",
        "winner",
        "discarder",
        "each_other",
        "deltas",
    }
    assert "self_draw" in operation["description"]


def test_unexpected_failure_answers_like_the_command(anonymous_api, monkeypatch):
    """A bug in the engine answers internal_error, as the command does,
    instead of a bare 500."""

    def broken(hand):
        raise RuntimeError("boom")

    monkeypatch.setattr("scoring.services_fans.count_fans", broken)
    response = post(anonymous_api, HAND)
    assert response.status_code == 200
    assert response.json()["code"] == "internal_error"
    assert response.json()["error"] == "Internal error: the hand could not be scored."
