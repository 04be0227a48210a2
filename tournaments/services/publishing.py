"""Publishing an event to another Muraille: the venue laptop sends its whole
event archive to ``<base URL>/api/events/`` of an online Muraille.

The standard library's HTTP client does the work, so the laptop needs
nothing beyond Python. Every failure becomes a ``ServiceError`` whose code
names it in words an organiser understands (the other side unreachable, a
wrong token, the archive refused and why). The token travels in the
``Authorization`` header only: it is never logged, stored, or put in an
error's parameters.
"""

from __future__ import annotations

import http.client
import json
import socket
import ssl
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any
from urllib.parse import urljoin, urlsplit

from django.db import transaction
from django.utils import translation
from django.views.decorators.debug import sensitive_variables

from tournaments.models import Tournament
from tournaments.selectors.archive import PUBLISH_ACTION, build_archive
from tournaments.services.audit import Actor, record_event
from tournaments.services.errors import ServiceError

ENDPOINT = "api/events/"
DEFAULT_TIMEOUT_S = 120
"""A large event is a few megabytes that the other side checks and scores
again hand by hand: generous, so a slow server is not called unreachable."""
MAX_ANSWER_BYTES = 1_000_000
"""The other side's answer is a few lines of JSON; more is not read."""
MAX_DETAIL_CHARS = 500
"""The other side's explanation of a refusal, as passed on to the organiser."""


class Outcome(StrEnum):
    CREATED = "created"
    CHANGED = "changed"
    UNCHANGED = "unchanged"


@dataclass(frozen=True, slots=True)
class PublishResult:
    """What the other Muraille did with the event, and where it is there."""

    url: str
    slug: str
    outcome: Outcome
    changes: list[str] = field(default_factory=list)


def endpoint_of(base_url: str) -> str:
    """``<base URL>/api/events/``; ``ServiceError("publish_bad_url")`` for an
    address that is not plain http(s), or that carries a password, a query or
    a fragment (a path prefix, for a Muraille served under one, is kept)."""
    text = (base_url or "").strip()
    try:
        parts = urlsplit(text)
        hostname, _port = parts.hostname, parts.port
    except ValueError as error:
        raise ServiceError("publish_bad_url", field="base_url", url=text) from error
    if parts.scheme not in ("http", "https") or not hostname:
        raise ServiceError("publish_bad_url", field="base_url", url=text)
    if parts.username is not None or parts.password is not None:
        raise ServiceError("publish_url_credentials", field="base_url")
    if parts.query or parts.fragment:
        raise ServiceError("publish_bad_url", field="base_url", url=text)
    return urljoin(text.rstrip("/") + "/", ENDPOINT)


@sensitive_variables("token")
def check_token(token: str) -> str:
    """The token as sent; refused when empty or when it could not be a header
    value (a pasted line break or space)."""
    token = (token or "").strip()
    if not token:
        raise ServiceError("publish_no_token", field="token")
    if not token.isascii() or not token.isprintable() or " " in token:
        raise ServiceError("publish_bad_token_format", field="token")
    return token


# Error reports (DEBUG pages, mailed tracebacks) show no token.
@sensitive_variables("token")
def publish_event(
    *,
    tournament: Tournament,
    base_url: str,
    token: str,
    timeout: float = DEFAULT_TIMEOUT_S,
    actor: Actor = None,
) -> PublishResult:
    """Send the tournament's archive to the Muraille at ``base_url`` and
    record "published to <url>" in the local audit trail when it took it.

    Sent as it is, not compressed: the receiving API is not known to accept
    a compressed body. Raises ``ServiceError`` (codes ``publish_*``) for an
    unusable address or token and for every failure of the exchange.
    """
    endpoint = endpoint_of(base_url)
    token = check_token(token)
    body = json.dumps(build_archive(tournament), ensure_ascii=False).encode()
    status, answer = _post(endpoint, body, token, timeout)
    result = _result_of(endpoint, status, answer)
    with transaction.atomic():
        record_event(
            tournament=tournament,
            action=PUBLISH_ACTION,
            obj=tournament,
            actor=actor,
            after={
                "to": endpoint.removesuffix(ENDPOINT),
                "url": result.url,
                "outcome": str(result.outcome),
            },
        )
    return result


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """A redirect is reported, not followed: urllib would repeat the POST as
    a GET without its body, and the token must not follow it elsewhere."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


@sensitive_variables("token", "request")
def _post(endpoint: str, body: bytes, token: str, timeout: float) -> tuple[int, bytes]:
    request = urllib.request.Request(
        endpoint,
        data=body,
        method="POST",
        headers={
            "Content-Type": "application/json",
            "Accept": "application/json",
            # The other side's refusals come back in the organiser's language.
            "Accept-Language": translation.get_language() or "en",
            "Authorization": f"Token {token}",
            "User-Agent": "Muraille-publish/1",
        },
    )
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        with opener.open(request, timeout=timeout) as response:
            return response.status, response.read(MAX_ANSWER_BYTES)
    except urllib.error.HTTPError as error:
        with error:
            answer = error.read(MAX_ANSWER_BYTES) if error.fp else b""
        raise _http_error(error.code, answer, error.headers) from None
    except urllib.error.URLError as error:
        raise _network_error(error.reason, endpoint) from None
    except (TimeoutError, OSError, http.client.HTTPException) as error:
        raise _network_error(error, endpoint) from None


def _network_error(reason: Any, endpoint: str) -> ServiceError:
    host = urlsplit(endpoint).netloc
    if isinstance(reason, TimeoutError | socket.timeout):
        return ServiceError("publish_timeout", host=host)
    if isinstance(reason, ssl.SSLError | ssl.CertificateError):
        return ServiceError("publish_tls_error", host=host, reason=str(reason)[:200])
    if isinstance(reason, socket.gaierror):
        return ServiceError("publish_unknown_host", host=urlsplit(endpoint).hostname)
    if isinstance(reason, ConnectionRefusedError):
        return ServiceError("publish_unreachable", host=host)
    if isinstance(reason, http.client.HTTPException | ConnectionError):
        return ServiceError("publish_connection_lost", host=host)
    return ServiceError("publish_unreachable", host=host)


def _http_error(status: int, answer: bytes, headers: Any) -> ServiceError:
    detail = _remote_detail(answer)
    if status in (301, 302, 303, 307, 308):
        location = (headers.get("Location") or "") if headers else ""
        return ServiceError("publish_redirected", location=location[:300])
    if status == 401:
        return ServiceError("publish_bad_token", field="token")
    if status == 403:
        return ServiceError("publish_forbidden", field="token")
    if status in (404, 405):
        return ServiceError("publish_not_muraille", field="base_url", status=status)
    if status == 413:
        return ServiceError("publish_too_large")
    if status == 429:
        return ServiceError("publish_throttled")
    if status >= 500:
        return ServiceError("publish_server_error", status=status)
    if detail:
        return ServiceError("publish_refused", detail=detail, status=status)
    return ServiceError("publish_unexpected_status", status=status)


def _remote_detail(answer: bytes) -> str:
    """The ``detail`` sentence of an answer in the API's error shape, else ""."""
    try:
        data = json.loads(answer)
    except ValueError:
        return ""
    detail = data.get("detail") if isinstance(data, dict) else None
    return str(detail)[:MAX_DETAIL_CHARS] if detail else ""


def _result_of(endpoint: str, status: int, answer: bytes) -> PublishResult:
    try:
        data = json.loads(answer)
        url, slug = str(data["url"]), str(data["slug"])
        created, changed = bool(data["created"]), bool(data["changed"])
        changes = [str(line) for line in data.get("changes") or []]
    except (ValueError, KeyError, TypeError) as error:
        raise ServiceError("publish_not_json", status=status) from error
    # The page links to it: a javascript: or data: URL from a hostile
    # server must never become a link on the organiser's page.
    absolute = urljoin(endpoint, url)
    if urlsplit(absolute).scheme not in ("http", "https"):
        raise ServiceError("publish_not_json", status=status)
    if created:
        outcome = Outcome.CREATED
    elif changed:
        outcome = Outcome.CHANGED
    else:
        outcome = Outcome.UNCHANGED
    # The answer's URL may be a path on the other side: made absolute there.
    return PublishResult(absolute, slug, outcome, changes)
