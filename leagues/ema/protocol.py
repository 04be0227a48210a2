"""JSON in, JSON out: the request format of ``python -m leagues.ema``.

Request (one JSON object on stdin)::

    {"date": "YYYY-MM-DD",
     "results": [{"player": id, "tournament": id, "date": "YYYY-MM-DD",
                  "place": p, "players": n, "weight": w}, ...],
     "params": {"ages": [[max_age_days, factor], ...], "min_results": m,
                "best": k, "part_a": a, "min_listed": l, "part_a_share": s}}

Every param is optional (the EMA's values by default, see ``EmaParams``).
Ids are integers or strings; weights and factors are JSON numbers, read as
exact decimals, or strings such as ``"1/2"``. Answer: ``{"ranking": [{"player":
id, "rating": x, "results": c}, ...]}`` best first, the rating written with
exactly 2 decimals; or ``{"error": "code: details"}`` with exit status 2.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import Any

from leagues.ema.ranking import (
    AgeBracket,
    EmaParams,
    EmaRanked,
    EmaResult,
    Id,
    ema_ranking,
)
from leagues.errors import LeagueError

_REQUEST = ("date", "results", "params")
_RESULT = ("player", "tournament", "date", "place", "players", "weight")
_PARAMS = ("ages", "min_results", "best", "part_a", "min_listed", "part_a_share")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_EXPONENT = re.compile(r"[eE]")
_MAX_EXPONENT = 1000


@dataclass(frozen=True)
class EmaRequest:
    on: date
    results: tuple[EmaResult, ...]
    params: EmaParams


def _no_constant(name: str) -> Any:
    raise LeagueError("invalid_json", reason=f"{name} is not a number")


def _object(
    value: Any, at: str, allowed: tuple[str, ...], required: tuple[str, ...]
) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise LeagueError("not_an_object", at=at)
    unknown = sorted(set(value) - set(allowed))
    if unknown:
        raise LeagueError("unknown_fields", at=at, fields=unknown)
    for name in required:
        if name not in value:
            raise LeagueError("missing_field", at=at, field=name)
    return value


def _id(value: Any, at: str) -> Id:
    if isinstance(value, bool) or not isinstance(value, int | str) or value == "":
        raise LeagueError("bad_id", at=at, value=value)
    return value


def _int(value: Any, at: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise LeagueError("not_an_integer", at=at, value=value)
    return value


def _number(value: Any, at: str) -> Fraction:
    """An exact number from an int, a JSON decimal or a string ("1/2", "0.5").

    An exponent beyond +-``_MAX_EXPONENT`` is refused before ``Fraction``
    would spend hours writing 10 to that power out exactly.
    """
    if isinstance(value, bool) or not isinstance(value, int | Decimal | str):
        raise LeagueError("not_a_number", at=at, value=value)
    try:
        if isinstance(value, str) and _EXPONENT.search(value):
            value = Decimal(value.strip())
        if isinstance(value, Decimal) and abs(value.adjusted()) > _MAX_EXPONENT:
            raise ValueError(value)
        return Fraction(value)
    except (ArithmeticError, ValueError):
        raise LeagueError("not_a_number", at=at, value=value) from None


def _date(value: Any, at: str) -> date:
    if isinstance(value, str) and _DATE.fullmatch(value):
        try:
            return date.fromisoformat(value)
        except ValueError:
            pass
    raise LeagueError("bad_date", at=at, value=value)


def _result(value: Any, at: str) -> EmaResult:
    item = _object(value, at, _RESULT, _RESULT)
    return EmaResult(
        player=_id(item["player"], f"{at}.player"),
        tournament=_id(item["tournament"], f"{at}.tournament"),
        date=_date(item["date"], f"{at}.date"),
        place=_int(item["place"], f"{at}.place"),
        players=_int(item["players"], f"{at}.players"),
        weight=_number(item["weight"], f"{at}.weight"),
    )


def _ages(value: Any) -> tuple[AgeBracket, ...]:
    if not isinstance(value, list):
        raise LeagueError("not_a_list", at="params.ages")
    brackets = []
    for index, pair in enumerate(value):
        at = f"params.ages[{index}]"
        if not isinstance(pair, list) or len(pair) != 2:
            raise LeagueError("not_a_pair", at=at)
        brackets.append(AgeBracket(_int(pair[0], at), _number(pair[1], at)))
    return tuple(brackets)


def _params(value: Any) -> EmaParams:
    data = _object({} if value is None else value, "params", _PARAMS, ())
    kwargs: dict[str, Any] = {}
    if "ages" in data:
        kwargs["ages"] = _ages(data["ages"])
    for name in ("min_results", "best", "min_listed"):
        if name in data:
            kwargs[name] = _int(data[name], f"params.{name}")
    for name in ("part_a", "part_a_share"):
        if name in data:
            kwargs[name] = _number(data[name], f"params.{name}")
    return EmaParams(**kwargs)


def parse_request(text: str) -> EmaRequest:
    """An EmaRequest from the command's JSON; LeagueError when malformed."""
    try:
        data = json.loads(text, parse_float=Decimal, parse_constant=_no_constant)
    except (ValueError, RecursionError) as error:
        # ValueError covers JSONDecodeError and an integer past Python's
        # digit limit; RecursionError a request nested thousands deep.
        if isinstance(error, LeagueError):
            raise
        raise LeagueError("invalid_json", reason=str(error)) from None
    request = _object(data, "request", _REQUEST, ("date", "results"))
    if not isinstance(request["results"], list):
        raise LeagueError("not_a_list", at="results")
    return EmaRequest(
        on=_date(request["date"], "date"),
        results=tuple(
            _result(item, f"results[{index}]")
            for index, item in enumerate(request["results"])
        ),
        params=_params(request.get("params")),
    )


def render(ranking: tuple[EmaRanked, ...]) -> str:
    """The answer, ratings written as decimals with exactly 2 places."""
    rows = ", ".join(
        f'{{"player": {json.dumps(row.player)}, "rating": {row.rating}, '
        f'"results": {row.results}}}'
        for row in ranking
    )
    return f'{{"ranking": [{rows}]}}'


def run(text: str) -> tuple[int, str]:
    """The command's exit status and answer for one request."""
    try:
        request = parse_request(text)
        ranking = ema_ranking(request.results, on=request.on, params=request.params)
    except LeagueError as error:
        return 2, json.dumps({"error": str(error)}, ensure_ascii=False)
    return 0, render(ranking)
