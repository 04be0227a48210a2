"""Apps above tournaments hear of a closed table once it commits
(``extensions.register_table_closed``); whatever they do with the news, the
table is closed and the tablet gets its answer."""

from __future__ import annotations

import logging

import pytest

from tests.integration.room_data import close, room_event
from tournaments.services import hands

pytestmark = pytest.mark.django_db


def test_a_failing_listener_is_logged_and_the_table_stays_closed(
    monkeypatch, caplog, django_capture_on_commit_callbacks
):
    told = []

    def rate_after_session(table_id: int) -> None:
        told.append(table_id)
        raise RuntimeError("the rating service is down")

    monkeypatch.setattr(hands, "table_closed_callbacks", lambda: [rate_after_session])
    tournament, _ = room_event()
    table = tournament.rounds.get(number=2).tables.get(number=1)
    with (
        caplog.at_level(logging.ERROR, logger="django.db.backends.base"),
        django_capture_on_commit_callbacks(execute=True),
    ):
        close(table)
    table.refresh_from_db()
    assert table.is_closed
    assert told == [table.pk]
    assert "rate_after_session" in caplog.text
    assert "the rating service is down" in caplog.text
