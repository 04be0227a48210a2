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
from scoring.engine.error_words import english, error_text
from scoring.engine.errors import EngineError
from scoring.engine.french import protocol
from scoring.engine.french.hand import HAND_FIELDS, parse_hand
from scoring.engine.french.options import clean_options
from scoring.engine.french.results import System
from scoring.engine.french.score import HandContext, score_hand
from scoring.engine.french.sets import check_fields, optional_bool
from scoring.engine.french.settlement import settle
from scoring.engine.french.words import FAMILY_ERRORS
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

# The French and the family commands answer in the words of the hands
# scored set by set (the family's are the French ones and its own).
ERRORS = FAMILY_ERRORS


def message(error: EngineError) -> str:
    """An English sentence for ``error``, naming its field: the sentence
    names it, or ``"field: sentence"``."""
    template = error_text(error.code, ERRORS)
    named = template is not None and "%(field)s" in template
    return english(error, ERRORS, name_field=not named)


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
