"""A gunicorn worker killed (SIGKILL) inside a hand POST, before the hand is
written or after it is committed and before the answer leaves: the client
sees its connection drop, sends the same request again with the same
Idempotency-Key, and the hand is stored exactly once."""

from __future__ import annotations

import os
import signal
import threading
import uuid

import pytest
import requests

from tests.factories import player_ids
from tests.faults.processes import gunicorn, started, wait_until
from tests.integration.page_factories import organised_table
from tournaments.models import Hand

pytestmark = [pytest.mark.faults, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def served(database_url, environment, tmp_path):
    pauses = tmp_path / "pauses"
    pauses.mkdir()
    env = environment(database_url=database_url, FAULT_PAUSE_DIR=str(pauses))
    served = gunicorn(env, tmp_path / "gunicorn.log", app="tests.faults.paused_wsgi")
    with started(served.group):
        yield served, pauses


@pytest.mark.parametrize("where", ["before", "after"])
def test_the_retry_after_a_killed_worker_stores_the_hand_once(
    served, organiser, token, where
):
    served, pauses = served
    table = organised_table(organiser)
    east, south, _, _ = player_ids(table)
    url = f"{served.url}/api/tables/{table.pk}/hands/"
    body = {"kind": "discard", "winner": east, "discarder": south, "fan_total": 8}
    headers = {"Authorization": token, "Idempotency-Key": uuid.uuid4().hex}
    first: dict[str, BaseException | requests.Response] = {}

    def send_first() -> None:
        try:
            first["answer"] = requests.post(
                url,
                json=body,
                headers={**headers, "X-Fault-Pause": where},
                timeout=30,
            )
        except requests.RequestException as error:
            first["answer"] = error

    sender = threading.Thread(target=send_first)
    sender.start()
    paused = wait_until(
        lambda: next(iter(pauses.iterdir()), None), timeout_s=20, what="the pause"
    )
    assert Hand.objects.filter(table=table).count() == (1 if where == "after" else 0)
    os.kill(int(paused.name), signal.SIGKILL)
    sender.join(timeout=30)

    # What the client sees: no answer at all, so it does not know whether
    # the hand was stored.
    assert isinstance(first["answer"], requests.ConnectionError), first["answer"]
    # The master starts another worker; the client sends the same request.
    retry = wait_until(
        lambda: _post_or_none(url, body, headers), timeout_s=30, what="the retry"
    )
    assert retry.status_code == (200 if where == "after" else 201), retry.text
    assert retry.json()["winner"] == east
    again = requests.post(url, json=body, headers=headers, timeout=10)
    assert again.status_code == 200, again.text
    assert again.json()["id"] == retry.json()["id"]
    assert Hand.objects.filter(table=table).count() == 1
    assert served.group.alive()


def _post_or_none(url, body, headers) -> requests.Response | None:
    try:
        return requests.post(url, json=body, headers=headers, timeout=10)
    except requests.ConnectionError:
        return None
