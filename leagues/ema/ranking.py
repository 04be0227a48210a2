"""The EMA's ranking of players (MERS), pure: results in, ranking out.

The method, its figures and their sources are in ``docs/ema-ranking.md``. In
short: each result's base rank is r = 1000 (n - p) / (n - 1); its weight is the
tournament's MERS weight times the factor of the first age bracket holding the
result's age in days on the ranking date; a player with fewer than
``min_results`` counted results gets dummy results (r = 0, weight 1) up to
that number; part A is the weighted mean of all of them (dummies included;
``part_a_share`` below 1 keeps only the best ``min_results + ceil(part_a_share
x (N - min_results))``, the EMA's own rule at 0.8), part B the weighted mean of
the ``best`` highest results; the rating is ``part_a x A + (1 - part_a) x B``,
rounded half up to 2 decimals.

Everything is exact (``Fraction``); the ranking date comes in as an argument.

``python -m leagues.ema`` reads one JSON request on stdin and writes the
ranking on stdout (``leagues/ema/protocol.py`` holds the format).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from fractions import Fraction
from itertools import pairwise

from leagues.errors import LeagueError

#: A player or tournament id as the caller knows it (database id or EMA number).
Id = int | str


@dataclass(frozen=True)
class EmaResult:
    """One player's result in one tournament.

    ``date`` is the tournament's last day, ``place`` the player's final place
    (1 = winner) among ``players`` ranked players, ``weight`` the
    tournament's MERS weight (1 to 6 in steps of 1/2 on the EMA's scale).
    """

    player: Id
    tournament: Id
    date: date
    place: int
    players: int
    weight: Fraction


@dataclass(frozen=True)
class AgeBracket:
    """Results at most ``max_age_days`` old (and younger than the previous
    bracket's bound) count with their weight times ``factor``."""

    max_age_days: int
    factor: Fraction


#: The EMA's ageing since 1 January 2018: a full year at full weight, the
#: second year at half weight, older results not counted.
EMA_AGES = (AgeBracket(365, Fraction(1)), AgeBracket(730, Fraction(1, 2)))


@dataclass(frozen=True)
class EmaParams:
    """The figures of the method; the defaults are the EMA's current values.

    ``part_a_share`` is the share of results beyond ``min_results`` that part
    A keeps. Its default, 1, is the method as issue 14 words it (part A: the
    mean of all counted results and the dummies), which the command must
    follow when a request gives only the issue's params; the EMA's own rule
    keeps the best 5 plus 80 % of the others, rounded up: pass 4/5 for it.
    """

    ages: tuple[AgeBracket, ...] = EMA_AGES
    min_results: int = 5
    best: int = 4
    part_a: Fraction = Fraction(1, 2)
    min_listed: int = 2
    part_a_share: Fraction = Fraction(1)

    def __post_init__(self) -> None:
        if not self.ages:
            raise LeagueError("bad_param", param="ages", reason="empty")
        bounds = [bracket.max_age_days for bracket in self.ages]
        if bounds[0] < 0 or any(b <= a for a, b in pairwise(bounds)):
            raise LeagueError(
                "bad_param", param="ages", reason="days_not_increasing", days=bounds
            )
        if any(bracket.factor <= 0 for bracket in self.ages):
            raise LeagueError("bad_param", param="ages", reason="factor_not_positive")
        for name, low in (("min_results", 0), ("best", 1), ("min_listed", 0)):
            if getattr(self, name) < low:
                raise LeagueError(
                    "bad_param", param=name, reason="too_small", minimum=low
                )
        for name in ("part_a", "part_a_share"):
            if not 0 <= getattr(self, name) <= 1:
                raise LeagueError("bad_param", param=name, reason="not_between_0_and_1")


@dataclass(frozen=True)
class EmaRanked:
    """A listed player: ``rating`` rounded to 2 decimals, ``results`` the
    number of counted results (dummies excluded), and the exact parts."""

    player: Id
    rating: Decimal
    results: int
    part_a: Fraction
    part_b: Fraction


@dataclass(frozen=True)
class _Counted:
    rank: Fraction
    weight: Fraction
    day: int
    tournament: str


_DUMMY = _Counted(Fraction(0), Fraction(1), 0, "")


def base_rank(place: int, players: int) -> Fraction:
    """1000 for the winner, 0 for the last, linear in between (exact)."""
    if players < 2 or not 1 <= place <= players:
        raise LeagueError("bad_place", place=place, players=players)
    return Fraction(1000 * (players - place), players - 1)


def age_factor(age_days: int, ages: Sequence[AgeBracket]) -> Fraction:
    """The factor of the first bracket holding ``age_days``; 0 when the result
    is older than the last bracket, or dated after the ranking date."""
    if age_days < 0:
        return Fraction(0)
    for bracket in ages:
        if age_days <= bracket.max_age_days:
            return bracket.factor
    return Fraction(0)


def round_half_up(value: Fraction, places: int = 2) -> Decimal:
    """``value`` (not negative) to ``places`` decimals, halves going up."""
    scale = 10**places
    return Decimal(math.floor(value * scale + Fraction(1, 2))).scaleb(-places)


def _weighted_mean(items: Sequence[_Counted]) -> Fraction:
    return sum((i.rank * i.weight for i in items), Fraction(0)) / sum(
        (i.weight for i in items), Fraction(0)
    )


def _best_first(item: _Counted) -> tuple[Fraction, Fraction, int, str]:
    """Higher base rank first; among equal ranks the heavier, then the more
    recent result, then the tournament id (so the order never depends on the
    input's)."""
    return (-item.rank, -item.weight, -item.day, item.tournament)


def _rank_player(
    player: Id, counted: list[_Counted], params: EmaParams
) -> tuple[Fraction, EmaRanked]:
    """The player's exact rating, and the listed row."""
    ordered = sorted(counted, key=_best_first)
    extra = max(0, len(ordered) - params.min_results)
    kept = len(ordered) - extra + math.ceil(params.part_a_share * extra)
    # Dummies come after every real result, even one with base rank 0.
    dummies = [_DUMMY] * max(0, params.min_results - len(ordered))
    part_a = _weighted_mean(ordered[:kept] + dummies)
    part_b = _weighted_mean((ordered + dummies)[: params.best])
    rating = params.part_a * part_a + (1 - params.part_a) * part_b
    row = EmaRanked(player, round_half_up(rating), len(ordered), part_a, part_b)
    return rating, row


def _id_key(value: Id) -> tuple[int, int, str]:
    return (0, value, "") if isinstance(value, int) else (1, 0, value)


def _count_results(
    results: Iterable[EmaResult], on: date, params: EmaParams
) -> dict[Id, list[_Counted]]:
    counted: dict[Id, list[_Counted]] = {}
    seen: set[tuple[Id, Id]] = set()
    for index, result in enumerate(results):
        at = f"results[{index}]"
        if result.weight <= 0:
            raise LeagueError("bad_weight", at=at, weight=str(result.weight))
        try:
            rank = base_rank(result.place, result.players)
        except LeagueError as error:
            raise LeagueError(error.code, at=at, **error.params) from None
        if (result.player, result.tournament) in seen:
            raise LeagueError(
                "duplicate_result",
                at=at,
                player=result.player,
                tournament=result.tournament,
            )
        seen.add((result.player, result.tournament))
        factor = age_factor((on - result.date).days, params.ages)
        if factor:
            counted.setdefault(result.player, []).append(
                _Counted(
                    rank,
                    result.weight * factor,
                    result.date.toordinal(),
                    str(result.tournament),
                )
            )
    return counted


def ema_ranking(
    results: Iterable[EmaResult], *, on: date, params: EmaParams | None = None
) -> tuple[EmaRanked, ...]:
    """The ranking on the date ``on``, best first.

    A player is listed with at least ``params.min_listed`` counted results (and
    never with none). Ties on the exact rating go to the smaller id (integers
    before strings). Raises ``LeagueError`` for an impossible place, a weight
    that is not positive, or one player twice in one tournament.
    """
    params = params or EmaParams()
    counted = _count_results(results, on, params)
    rows = [
        _rank_player(player, items, params)
        for player, items in counted.items()
        if len(items) >= max(1, params.min_listed)
    ]
    rows.sort(key=lambda pair: (-pair[0], _id_key(pair[1].player)))
    return tuple(row for _, row in rows)
