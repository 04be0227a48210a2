"""Publishing to another Muraille: the request it sends, and every failure
of the exchange named in words, against a stand-in server on 127.0.0.1."""

from __future__ import annotations

import json

import pytest
from django.utils import translation

from tests.integration.publishing.conftest import free_port
from tests.integration.publishing.fake_remote import Answer, fake_remote, json_answer
from tournaments.messages import error_message
from tournaments.models import AuditEvent
from tournaments.selectors.archive import build_archive
from tournaments.services.errors import ServiceError
from tournaments.services.publishing import Outcome, publish_event

pytestmark = pytest.mark.django_db
TOKEN = "0123456789abcdef0123456789abcdef01234567"
ANSWER = {"slug": "printemps", "url": "/t/printemps/", "created": True,
          "changed": True, "changes": ["Created the event"]}  # fmt: skip


def publish(event, url: str, **kwargs):
    return publish_event(tournament=event, base_url=url, token=TOKEN, **kwargs)


def refusal(event, url: str, **kwargs) -> ServiceError:
    with pytest.raises(ServiceError) as caught:
        publish(event, url, **kwargs)
    return caught.value


def assert_no_secret(error: ServiceError) -> None:
    """The token is in no part of the error a page or a log could show."""
    assert TOKEN not in repr(error.params) + str(error) + error_message(error)


def test_the_archive_is_posted_as_json_with_the_token(event, organiser):
    """One POST to <base>/api/events/, the archive as its JSON body, the
    token in the Authorization header; the answer's path made absolute."""
    with fake_remote() as remote:
        remote.answer = json_answer(201, ANSWER)
        result = publish(event, remote.url, actor=organiser)
    (request,) = remote.received
    assert request.path == "/api/events/"
    assert request.headers["Authorization"] == f"Token {TOKEN}"
    assert request.headers["Content-Type"] == "application/json"
    assert "Content-Encoding" not in request.headers
    assert request.json() == json.loads(json.dumps(build_archive(event)))
    assert result.outcome == Outcome.CREATED
    assert result.url == remote.url + "t/printemps/"
    assert result.changes == ["Created the event"]


def test_a_success_is_in_the_audit_trail_without_the_token(event, organiser):
    with fake_remote() as remote:
        remote.answer = json_answer(201, ANSWER)
        result = publish(event, remote.url, actor=organiser)
    audit = AuditEvent.objects.get(tournament=event, action="event.publish")
    assert audit.actor == organiser
    assert audit.after == {"to": remote.url, "url": result.url, "outcome": "created"}
    assert TOKEN not in json.dumps(audit.after)


def test_the_next_publication_sends_the_same_archive(event):
    """The audit event of a publication stays home: the event did not change,
    so neither does what is sent (the other side can answer "unchanged")."""
    with fake_remote() as remote:
        remote.answer = json_answer(201, ANSWER)
        publish(event, remote.url)
        publish(event, remote.url)
    first, second = remote.received
    assert first.body == second.body
    assert AuditEvent.objects.filter(action="event.publish").count() == 2


def test_a_path_prefix_is_kept(event):
    """A Muraille served under /muraille/ takes events at /muraille/api/events/."""
    with fake_remote() as remote:
        remote.answer = json_answer(201, {**ANSWER, "url": "https://x.org/t/a/"})
        result = publish(event, remote.url + "muraille")
    assert remote.received[0].path == "/muraille/api/events/"
    assert result.url == "https://x.org/t/a/"


@pytest.mark.parametrize(
    ("created", "changed", "outcome"),
    [(False, True, Outcome.CHANGED), (False, False, Outcome.UNCHANGED)],
)
def test_an_event_already_there_is_changed_or_unchanged(
    event, created, changed, outcome
):
    with fake_remote() as remote:
        answer = {**ANSWER, "created": created, "changed": changed, "changes": []}
        remote.answer = json_answer(200, answer)
        assert publish(event, remote.url).outcome == outcome


REFUSALS = [
    (json_answer(401, {"error": "not_authenticated", "detail": "Invalid token."}),
     "publish_bad_token", "refused the API token"),
    (json_answer(403, {"error": "permission_denied", "detail": "No."}),
     "publish_forbidden", "must be an organiser there"),
    (json_answer(404, {"error": "not_found", "detail": "Not found."}),
     "publish_not_muraille", "No Muraille taking events answers"),
    (Answer(413, b"<h1>Request Entity Too Large</h1>"),
     "publish_too_large", "as too large"),
    (Answer(502, b"<h1>Bad gateway</h1>"),
     "publish_server_error", "HTTP 502"),
    (json_answer(429, {"error": "throttled", "detail": "Slow down."}),
     "publish_throttled", "wait before sending again"),
    (Answer(200, b"<html>a parking page</html>"),
     "publish_not_json", "is not a Muraille's"),
    (Answer(302, b"", {"Location": "https://elsewhere.example/api/events/"}),
     "publish_redirected", "https://elsewhere.example/api/events/"),
    # The page would link to the event's URL: only http and https.
    (json_answer(201, {**ANSWER, "url": "javascript:alert(1)"}),
     "publish_not_json", "is not a Muraille's"),
]  # fmt: skip


@pytest.mark.parametrize(("answer", "code", "words"), REFUSALS)
def test_each_refusal_is_named_in_words(event, answer, code, words):
    """And nothing is recorded locally as published."""
    with fake_remote() as remote:
        remote.answer = answer
        error = refusal(event, remote.url)
    assert error.code == code
    assert words in error_message(error)
    assert_no_secret(error)
    assert len(remote.received) == 1  # a redirect is not followed
    assert not AuditEvent.objects.filter(action="event.publish").exists()


def test_the_receiving_sides_own_reason_is_passed_on(event):
    """A 400 in the API's error shape: its ``detail`` reaches the organiser."""
    detail = "rounds[0].number: a number was expected."
    body = {"error": "archive_bad_type", "field": "rounds[0].number",
            "detail": detail, "params": {}}  # fmt: skip
    with fake_remote() as remote:
        remote.answer = json_answer(400, body)
        error = refusal(event, remote.url)
    assert error.code == "publish_refused"
    assert error_message(error) == (
        "The other Muraille refused the event: rounds[0].number: a number was expected."
    )


def test_the_receiving_side_answers_in_the_organisers_language(event):
    with fake_remote() as remote, translation.override("fr"):
        remote.answer = json_answer(201, ANSWER)
        publish(event, remote.url)
    assert remote.received[0].headers["Accept-Language"] == "fr"


def test_nobody_listening_is_unreachable(event):
    error = refusal(event, f"http://127.0.0.1:{free_port()}/")
    assert error.code == "publish_unreachable"
    assert "cannot be reached" in error_message(error)
    assert_no_secret(error)


def test_a_silent_server_is_a_timeout(event):
    with fake_remote() as remote:
        remote.answer = Answer(201, b"{}", delay_s=30)
        error = refusal(event, remote.url, timeout=0.5)
    assert error.code == "publish_timeout"
    assert "did not answer in time" in error_message(error)


def test_https_to_a_plain_server_is_a_tls_error(event):
    """The TLS handshake fails (the server speaks plain HTTP)."""
    with fake_remote() as remote:
        error = refusal(event, remote.url.replace("http://", "https://"))
    assert error.code == "publish_tls_error"
    assert "secure connection" in error_message(error)


@pytest.mark.parametrize(
    ("url", "code"),
    [
        ("ftp://muraille.example.org/", "publish_bad_url"),
        ("muraille.example.org", "publish_bad_url"),
        ("", "publish_bad_url"),
        ("https://muraille.example.org/?x=1", "publish_bad_url"),
        ("http://127.0.0.1:99999/", "publish_bad_url"),
        ("https://me:secret@muraille.example.org/", "publish_url_credentials"),
    ],
)
def test_an_unusable_address_is_refused_before_sending(event, url, code):
    error = refusal(event, url)
    assert (error.code, error.field) == (code, "base_url")
    assert "secret" not in repr(error.params)


@pytest.mark.parametrize(
    ("token", "code"),
    [("", "publish_no_token"), ("  ", "publish_no_token"),
     ("abc\r\nX-Evil: 1", "publish_bad_token_format"),
     ("two words", "publish_bad_token_format")],
)  # fmt: skip
def test_an_unusable_token_is_refused_before_sending(event, token, code):
    with fake_remote() as remote, pytest.raises(ServiceError) as caught:
        publish_event(tournament=event, base_url=remote.url, token=token)
    assert (caught.value.code, caught.value.field) == (code, "token")
    assert remote.received == []
