"""Run service calls at the same moment, each in its own thread and
database connection (PostgreSQL only: SQLite has no row locks)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.db import connection

from tournaments.services.errors import ServiceError

#: How long a thread may wait at the start line or to finish: a bound so a
#: hung race fails the test instead of hanging the suite, never a figure the
#: test checks.
SAFETY_BOUND_S = 120


@dataclass
class Outcome:
    name: str
    value: Any = None
    error: BaseException | None = None

    @property
    def code(self) -> str | None:
        return getattr(self.error, "code", None)


@pytest.fixture
def postgres_only() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("row locks and real concurrency need PostgreSQL")


def race(**calls: Callable[[], Any]) -> dict[str, Outcome]:
    """Start every call together (a barrier) and wait for all of them.

    Each thread opens its own connection and closes it at the end, as
    Django's connections are per thread.
    """
    barrier = threading.Barrier(len(calls))
    outcomes = {name: Outcome(name) for name in calls}

    def run(name: str, call: Callable[[], Any]) -> None:
        try:
            barrier.wait(SAFETY_BOUND_S)
            outcomes[name].value = call()
        except BaseException as error:  # reported by the test
            outcomes[name].error = error
        finally:
            connection.close()

    threads = [
        threading.Thread(target=run, args=(name, call)) for name, call in calls.items()
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(SAFETY_BOUND_S)
    assert not any(thread.is_alive() for thread in threads), "a call never returned"
    return outcomes


def assert_only_named_errors(
    outcomes: dict[str, Outcome], allowed: dict[str, set[str]]
) -> None:
    """No deadlock, no database error, no 500: each call either succeeded or
    raised a ``ServiceError`` whose code is one it may meet in this race."""
    for outcome in outcomes.values():
        if outcome.error is None:
            continue
        assert isinstance(outcome.error, ServiceError), (
            f"{outcome.name}: {outcome.error!r}"
        )
        assert outcome.code in allowed.get(outcome.name, set()), (
            f"{outcome.name}: {outcome.code}"
        )


#: Every race test: PostgreSQL only (real row locks), each thread its own
#: connection, so no wrapping test transaction.
RACE_MARKS = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("postgres_only"),
]


def discard(winner: int, discarder: int) -> dict[str, Any]:
    """A hand won on a discard, 8 points: the result every race records."""
    return {
        "kind": "discard",
        "winner": winner,
        "discarder": discarder,
        "fan_total": 8,
        "flowers": 0,
    }
