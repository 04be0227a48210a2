"""Riichi's hand inputs reach the tablet's form through the registry alone
(issue 16's seam, ready for issue 12's tablet): the kinds of result, the
winner's han, fu or yakuman, the riichi declarations and the tenpai seats,
each for the kinds that ask for it; what the form gives back parses."""

from __future__ import annotations

from scoring.engine.riichi.ruleset import RiichiRuleSet
from tournaments.forms import HandForm

RIICHI = RiichiRuleSet()
OPTIONS = RIICHI.clean_options({})
PLAYERS = [(11, "Anna"), (12, "Bo"), (13, "Carl"), (14, "Dora")]


def form(data):
    return HandForm(data, players=PLAYERS, entry=RIICHI.result_form(OPTIONS))


def engine_payload(result):
    """Player ids to seats, as the hand service does for the engine."""
    seat = {player: index for index, (player, _name) in enumerate(PLAYERS)}
    payload = dict(result)
    for key in ("winner", "discarder", "offender"):
        if key in payload:
            payload[key] = seat[payload[key]]
    for key in ("riichi", "tenpai"):
        if key in payload:
            payload[key] = [seat[player] for player in payload[key]]
    return payload


def test_the_form_offers_riichis_kinds_and_inputs():
    fields = form(None).fields
    kinds = [value for value, _label in fields["kind"].choices]
    assert kinds == ["discard", "self_draw", "draw", "abortive_draw", "chombo"]
    assert {"han", "fu", "yakuman", "riichi", "tenpai", "offender"} <= set(fields)
    assert fields["tenpai"].widget.attrs["data-kinds"] == "draw"
    assert "fan_total" not in fields


def test_a_ron_keeps_only_the_inputs_of_a_ron_and_parses():
    bound = form(
        {
            "kind": "discard",
            "winner": "12",
            "discarder": "11",
            "han": "3",
            "fu": "40",
            "riichi": ["12", "14"],
            "tenpai": ["13"],  # tapped before the kind changed: dropped
        }
    )
    assert bound.is_valid(), bound.errors
    result = bound.result()
    assert result == {
        "kind": "discard",
        "winner": 12,
        "discarder": 11,
        "han": 3,
        "fu": 40,
        "riichi": [12, 14],
    }
    parsed = RIICHI.parse_result(engine_payload(result), OPTIONS)
    assert parsed.winner == 1 and parsed.discarder == 0


def test_a_draw_with_tenpai_players_parses():
    bound = form({"kind": "draw", "tenpai": ["11", "13"], "han": "2"})
    assert bound.is_valid(), bound.errors
    result = bound.result()
    assert result == {"kind": "draw", "tenpai": [11, 13]}
    parsed = RIICHI.parse_result(engine_payload(result), OPTIONS)
    assert parsed.tenpai == (0, 2)
