"""The line protocol of ``python -m scoring.engine.french`` (issue 13, item 3).

One JSON object a line in, one JSON answer a line out, flushed at once. A
line the command cannot answer gets ``{"error": "<English sentence>"}``
naming the field at fault, and the command goes on with the next line.
``run`` and ``error_answer`` serve the encyclopaedia's command too.

``hand`` lines answer ``{"added", "doubles", "raw", "points"}``; every key
of the protocol is required and JSON types are checked strictly
(``protocol``). Besides the protocol's fields they accept ``"grand_jeu":
bool`` and ``"options": {...}`` (the table settings, defaults otherwise).
``settle`` lines (advanced system; ``"system": "advanced"`` may be said)
answer ``{"deltas": {"E": n, ...}}``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TextIO

from scoring.engine import lines
from scoring.engine.errors import EngineError
from scoring.engine.french import protocol
from scoring.engine.french.hand import HAND_FIELDS, parse_hand
from scoring.engine.french.options import clean_options
from scoring.engine.french.results import System
from scoring.engine.french.score import HandContext, score_hand
from scoring.engine.french.sets import check_fields, optional_bool
from scoring.engine.french.settlement import settle
from scoring.engine.types import Wind, _wind, as_int

Answer = dict[str, object]

HAND_LINE_FIELDS = HAND_FIELDS | {
    "kind",
    "system",
    "seat",
    "dominant_wind",
    "round_wind",
    "mahjong",
    "options",
}
HAND_LINE_REQUIRED = (
    "system",
    "seat",
    "dominant_wind",
    "round_wind",
    "mahjong",
    "sets",
    "flowers",
    "seasons",
    "calling_hand",
    "self_drawn",
    "last_discard",
    "robbing_kong",
    "replacement_tile",
)
HAND_LINE_BOOLS = (
    "mahjong",
    "calling_hand",
    "self_drawn",
    "last_discard",
    "robbing_kong",
    "replacement_tile",
    "grand_jeu",
)
SETTLE_FIELDS = frozenset({"kind", "system", "mahjong", "scores"})
WINDS = tuple(Wind.at(i) for i in range(4))

MESSAGES: dict[str, str] = {
    "malformed_json": "Not a JSON object: %(detail)s",
    "unknown_field": "Unknown field: %(field)s.",
    "missing_field": "Missing field: %(field)s.",
    "unknown_kind": "Unknown kind %(kind)s (field %(field)s).",
    "unknown_system": "Unknown system %(system)s (field %(field)s): simple or "
    "advanced.",
    "settle_advanced_only": "Only the advanced system settles (field %(field)s: "
    "%(system)s); in the simple system nobody pays anybody.",
    "invalid_wind": "Invalid wind %(wind)s (field %(field)s): E, S, W or N.",
    "not_a_boolean": "Not true or false: %(value)s (field %(field)s).",
    "not_an_integer": "Not an integer: %(value)s (field %(field)s).",
    "malformed_tiles": "Malformed tiles: %(part)s (field %(field)s).",
    "too_many_copies": "%(count)s copies of %(tile)s (field %(field)s; at most four).",
    "unknown_set_kind": "Unknown set kind %(kind)s (field %(field)s): pair, "
    "chow, pung or kong.",
    "invalid_set": "The tiles of %(field)s do not form a %(kind)s.",
    "not_a_mahjong_hand": "A Mah-Jong hand is four sets and one pair (field "
    "%(field)s has %(sets)s sets, %(pairs)s pairs).",
    "too_many_tiles": "%(count)s tiles in %(field)s: a hand holds at most 13 "
    "(a kong counts as 3).",
    "bonus_number_out_of_range": "Flowers and seasons are numbered 1 to 4 "
    "(field %(field)s: %(number)s).",
    "bonus_number_repeated": "A flower or season number is repeated (field %(field)s).",
    "bonus_tile_twice": "Number %(number)s is held by two players (field %(field)s).",
    "mahjong_only": "Only the Mah-Jong player's hand may say %(condition)s "
    "(field %(field)s).",
    "conflicting_conditions": "%(first)s and %(second)s cannot both be true "
    "(field %(field)s).",
    "condition_needs": "%(condition)s needs %(needed)s (field %(field)s).",
    "scores_required": "Scores of E, S, W and N are required (field %(field)s).",
    "score_out_of_range": "Score %(score)s out of range (field %(field)s).",
    "unknown_option": "Unknown option: %(field)s.",
    "option_out_of_range": "Option %(field)s must be between %(minimum)s and "
    "%(maximum)s (got %(value)s).",
    "finish_out_of_range": "The finishing place is 1 to 4 or null (field "
    "%(field)s: %(finish)s).",
    "flowers_out_of_range": "Flowers and seasons: 0 to 8 (field %(field)s: "
    "%(flowers)s).",
    "invalid_sets": "Sets must be a list (field %(field)s).",
    "invalid_bonus_tiles": "Flowers and seasons must be a list of numbers "
    "(field %(field)s).",
    "not_an_object": "Not a JSON object (field %(field)s).",
    "invalid_hand": "Not a JSON object (field %(field)s).",
    "internal_error": "Internal error: the line could not be answered.",
}


def message(error: EngineError) -> str:
    """An English sentence for ``error``, naming its field."""
    template = MESSAGES.get(error.code)
    values = {**error.params, "field": error.field}
    if template is not None:
        try:
            return template % values
        except (KeyError, TypeError, ValueError):
            pass
    return f"{error.code} (field {error.field})" if error.field else error.code


def error_answer(error: EngineError) -> Answer:
    return {"error": message(error)}


def answer_data(data: Mapping[str, object]) -> Answer:
    """The answer to one French line (``hand`` or ``settle``)."""
    lines.require(data, ("kind",))
    kind = data.get("kind")
    if kind == "hand":
        return answer_hand(data)
    if kind == "settle":
        return answer_settle(data)
    raise EngineError("unknown_kind", field="kind", kind=str(kind))


def answer_hand(data: Mapping[str, object]) -> Answer:
    check_fields(data, HAND_LINE_FIELDS, "")
    check_hand_line(data)
    system = data.get("system")
    if system not in ("simple", "advanced"):
        raise EngineError("unknown_system", field="system", system=str(system))
    raw_options = data.get("options") or {}
    if not isinstance(raw_options, Mapping):
        raise EngineError("not_an_object", field="options")
    options = clean_options(raw_options)
    mahjong = optional_bool(data, "mahjong", "mahjong")
    round_wind = data.get("round_wind")
    context = HandContext(
        seat_wind=_wind(data.get("seat"), "seat"),
        dominant_wind=_wind(data.get("dominant_wind"), "dominant_wind"),
        round_wind=None if round_wind is None else _wind(round_wind, "round_wind"),
        mahjong=mahjong,
        east_doubled=System(system) is System.SIMPLE,
        own_flower_season=options.own_flower_season,
        grand_jeu_value=options.grand_jeu_value,
    )
    hand = parse_hand(data, mahjong=mahjong, self_draw_known=False)
    score = score_hand(hand, context)
    return {
        "added": score.added,
        "doubles": score.doubles,
        "raw": score.raw,
        "points": score.points,
    }


def check_hand_line(data: Mapping[str, object]) -> None:
    """The protocol's keys are all there, with their JSON types."""
    lines.require(data, HAND_LINE_REQUIRED)
    protocol.check_bools(data, HAND_LINE_BOOLS)
    protocol.check_sets(data["sets"])
    for name in ("flowers", "seasons"):
        protocol.check_int_list(data[name], name)


def answer_settle(data: Mapping[str, object]) -> Answer:
    check_fields(data, SETTLE_FIELDS, "")
    lines.require(data, ("mahjong", "scores"))
    system = data.get("system", str(System.ADVANCED))
    if system != str(System.ADVANCED):
        raise EngineError("settle_advanced_only", field="system", system=str(system))
    winner = _wind(data.get("mahjong"), "mahjong")
    raw = data.get("scores")
    if not isinstance(raw, Mapping) or set(raw) != {str(w) for w in WINDS}:
        raise EngineError("scores_required", field="scores")
    for wind in WINDS:
        protocol.check_int(raw[str(wind)], f"scores.{wind}")
    scores = [as_int(raw[str(w)], f"scores.{w}") for w in WINDS]
    for wind, score in zip(WINDS, scores, strict=True):
        if score < 0:
            raise EngineError("score_out_of_range", field=f"scores.{wind}", score=score)
    deltas = settle((scores[0], scores[1], scores[2], scores[3]), winner.order, 0)
    return {"deltas": {str(w): d for w, d in zip(WINDS, deltas, strict=True)}}


def answer_line(line: str, answer: Callable[[Mapping[str, object]], Answer]) -> Answer:
    """The answer for one input line; never raises."""
    return lines.answer_line(line, answer, error_answer)


def run(
    answer: Callable[[Mapping[str, object]], Answer],
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Answer every line of ``stdin`` on ``stdout`` (the process's by default).

    Every line gets exactly one answer line, a blank one an error (as the MCR
    and riichi commands do), so that a client counting lines stays in step.
    """
    return lines.serve(lambda line: answer_line(line, answer), stdin, stdout)
