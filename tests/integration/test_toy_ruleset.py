"""A toy second rule set plugs in through the registry alone (issue 16).

``ToyRuleSet`` lives only here: two kinds of result ("win", "tie"), a winner
and a number of "points". Nothing in views, forms or serializers knows it;
the tablet's form, the API's serializer, the sheet's words and the standings
order all come from what it tells the registry.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import pytest
from django.urls import reverse

from scoring.engine import rulesets
from scoring.engine.base import BaseRuleSet, HandValue
from scoring.engine.errors import EngineError
from scoring.engine.session import share_place_points
from scoring.engine.types import (
    DealState,
    Deltas,
    FieldKind,
    ResultField,
    ResultForm,
    SessionOutcome,
    Wind,
)
from scoring.engine.words import N_, RuleSetWords
from tests.factories import TournamentFactory, player_ids, seated_table
from tournaments.models import Hand, SeatResult
from tournaments.selectors.standings import get_standings

pytestmark = pytest.mark.django_db


@dataclass(frozen=True)
class ToyResult:
    kind: str
    winner: int | None = None
    points: int = 0

    @property
    def discarder(self) -> int | None:
        return None

    def to_dict(self) -> dict[str, object]:
        return {"kind": self.kind, "winner": self.winner, "points": self.points}


class ToyRuleSet(BaseRuleSet[dict[str, object], ToyResult]):
    """The winner takes ``points`` from each of the three others."""

    code = "toy"
    words = RuleSetWords(
        name=N_("Toy"),
        hand_value=N_("Points"),
        units=(N_("points"),),
        results={"win": "win", "tie": "tie", "winner": "Winner", "points": "points"},
    )

    def hand_value(
        self, result: Mapping[str, object], scores: Sequence[int] | None = None
    ) -> HandValue | None:
        points = result.get("points")
        return HandValue(points, "points") if isinstance(points, int) else None

    def default_options(self) -> dict[str, object]:
        return {}

    def clean_options(self, raw: Mapping[str, object]) -> dict[str, object]:
        for key in raw:
            raise EngineError("unknown_option", field=key, option=key)
        return {}

    def result_form(self, options: object) -> ResultForm:
        return ResultForm(
            kinds=("win", "tie"),
            fields=(
                ResultField("winner", FieldKind.SEAT, ("win",)),
                ResultField("points", FieldKind.INTEGER, ("win",), minimum=1),
            ),
        )

    def parse_result(self, data: Mapping[str, object], options: object) -> ToyResult:
        kind = data.get("kind")
        if kind == "tie":
            return ToyResult("tie")
        if kind != "win":
            raise EngineError("unknown_kind", field="kind", kind=str(kind))
        if data.get("winner") is None:
            raise EngineError("winner_required", field="winner")
        points = data.get("points")
        if not isinstance(points, int) or points < 1:
            raise EngineError("fan_total_required", field="points")
        return ToyResult("win", int(data["winner"]), points)  # type: ignore[call-overload]

    def first_deal(self, options: object) -> DealState:
        return DealState(
            hand_number=1,
            prevalent_wind=Wind.EAST,
            seat_winds=(Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH),
        )

    def next_deal(
        self, deal: DealState, result: ToyResult, options: object
    ) -> DealState:
        return DealState(
            hand_number=deal.hand_number + 1,
            prevalent_wind=deal.prevalent_wind,
            seat_winds=deal.seat_winds,
        )

    def hand_payments(
        self, result: ToyResult, deal: DealState, options: object
    ) -> Deltas:
        if result.winner is None:
            return (0, 0, 0, 0)
        deltas = [-result.points] * 4
        deltas[result.winner] = 3 * result.points
        return (deltas[0], deltas[1], deltas[2], deltas[3])

    def penalty_deltas(
        self, kind: str, offender: int, points: int | None, options: object
    ) -> Deltas:
        raise EngineError("unknown_penalty", field="kind", kind=kind)

    def session_over(
        self,
        hands_played: int,
        deal: DealState | None,
        options: object,
        *,
        time_called: bool,
        scores: tuple[int, int, int, int] | None = None,
    ) -> bool:
        return time_called or hands_played >= 2

    def session_result(
        self, scores: tuple[int, int, int, int], options: object
    ) -> SessionOutcome:
        ranks, points = share_place_points(scores, (4, 2, 1, 0))
        return SessionOutcome(ranks=ranks, table_points=points)

    def ranking(self, options: object) -> tuple[str, ...]:
        return ("score",)


@pytest.fixture
def toy_table(organiser):
    rulesets.register(ToyRuleSet())
    try:
        tournament = TournamentFactory(ruleset="toy")
        tournament.organisers.add(organiser)
        yield seated_table(tournament)
    finally:
        rulesets._registry.pop("toy", None)


def sheet_url(table, name="table"):
    return reverse(f"referee:{name}", kwargs={"token": table.token})


def test_the_tablet_asks_for_the_toy_rule_sets_inputs(client, toy_table):
    page = client.get(sheet_url(toy_table)).content.decode()
    assert 'value="win"' in page and 'value="tie"' in page
    assert 'name="points"' in page and 'data-kinds="win"' in page
    assert 'name="fan_total"' not in page and 'name="discarder"' not in page


def test_a_toy_hand_is_recorded_from_the_tablet_and_said_in_words(client, toy_table):
    east, south, west, north = player_ids(toy_table)
    data = {"kind": "win", "winner": west, "points": "5", "idempotency_key": "k1"}
    assert client.post(sheet_url(toy_table, "hand-create"), data).status_code == 302
    hand = Hand.objects.get(table=toy_table)
    assert hand.result == {"kind": "win", "winner": 2, "points": 5}
    assert hand.deltas == [-5, -5, 15, -5]
    page = client.get(sheet_url(toy_table)).content.decode()
    west_name = toy_table.seats.get(wind="W").registration.player.name
    assert f"win · Winner {west_name} · points 5" in page


def test_a_toy_hand_through_the_api_and_the_rule_sets_ranking(api, toy_table):
    """The API's serializer takes the toy inputs; the session closes after
    two hands and the standings follow the toy's order (score first)."""
    east, south, west, north = player_ids(toy_table)
    url = f"/api/tables/{toy_table.pk}/hands/"
    first = api.post(url, {"kind": "win", "winner": north, "points": 2}, format="json")
    assert first.status_code == 201, first.content
    refused = api.post(url, {"kind": "win", "winner": north}, format="json")
    assert refused.status_code == 422
    assert refused.json()["field"] == "points"
    assert api.post(url, {"kind": "tie"}, format="json").status_code == 201
    assert (
        api.post(f"/api/tables/{toy_table.pk}/close/", {}, format="json").status_code
        == 200
    )
    assert SeatResult.objects.filter(seat__table=toy_table).count() == 4
    rows = get_standings(toy_table.round.tournament).rows
    assert rows[0].registration.player_id == north
    assert rows[0].table_points == Fraction(4)
