"""Fixtures of the publishing tests: a played event and a free local port."""

from __future__ import annotations

import socket

import pytest

from tests.integration.export_data import played_tournament
from tests.integration.round_helpers import organised


@pytest.fixture
def event(organiser):
    """Eight players, two finished rounds of hands and penalties."""
    tournament = organised(organiser, name="Printemps de Paris", rounds_count=2)
    played_tournament(tournament, organiser)
    tournament.refresh_from_db()  # the finished rounds finished it
    return tournament


def free_port() -> int:
    """A port nobody listens on at this moment (for an unreachable address)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
