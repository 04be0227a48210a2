"""Builders for the page tests, on top of the shared ``tests.factories``."""

from __future__ import annotations

import uuid
from typing import Any

from tests.factories import (
    RegistrationFactory,
    TournamentFactory,
    UserFactory,
    player_ids,
    seated_table,
)
from tournaments.models import Table, Tournament

__all__ = [
    "RegistrationFactory",
    "TournamentFactory",
    "UserFactory",
    "hand_data",
    "organised_table",
    "player_ids",
    "post_hand",
    "tournament_with_players",
]


def tournament_with_players(organiser: Any, count: int, **fields: Any) -> Tournament:
    """A tournament organised by ``organiser`` with ``count`` active players."""
    tournament = TournamentFactory(**fields)
    tournament.organisers.add(organiser)
    for _ in range(count):
        RegistrationFactory(tournament=tournament)
    return tournament


def organised_table(organiser: Any, **fields: Any) -> Table:
    """A seated table of four in a tournament that ``organiser`` runs."""
    tournament = TournamentFactory(**fields)
    tournament.organisers.add(organiser)
    return seated_table(tournament)


def post_hand(api: Any, table: Table, body: dict, status: int = 201) -> Any:
    """A hand posted to the API as an outside client sends it; its answer."""
    response = api.post(f"/api/tables/{table.pk}/hands/", body, format="json")
    assert response.status_code == status, response.content
    return response.json()


def hand_data(
    kind: str,
    winner: int | None = None,
    discarder: int | None = None,
    fan_total: int | None = None,
    flowers: int = 0,
    key: str | None = None,
    prefix: str = "",
    **extra: Any,
) -> dict[str, Any]:
    """The POST body of the tablet's hand form (``prefix`` for the edit form)."""
    fields = {
        "kind": kind,
        "winner": winner if winner is not None else "",
        "discarder": discarder if discarder is not None else "",
        "fan_total": fan_total if fan_total is not None else "",
        "flowers": flowers,
        "idempotency_key": key if key is not None else uuid.uuid4().hex,
        **extra,
    }
    return {f"{prefix}-{k}" if prefix else k: v for k, v in fields.items()}
