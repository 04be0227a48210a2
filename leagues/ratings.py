"""Skill ratings from table sessions, pure: openskill's Plackett-Luce model.

Each session of a table (usually four players) gives each player a rank (1 =
best; equal ranks are ties). Sessions are rated one after the other, in the
order given: the caller passes them in play order (date, then table and
session number), and the same sessions in the same order always give the same
ratings, so no seed is needed.

A rating is a normal belief about the player's skill: ``mu`` its mean and
``sigma`` its uncertainty, both on openskill's scale (a newcomer is 25 and
25/3). ``ordinal`` = mu - z sigma (z = 3 by default) is the conservative
figure to sort by: a player's true skill is very likely above it. These are
statistical estimates, not scores: they are floats, as openskill computes
them, and only the ranking rules (``leagues.ema``) are exact.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import permutations

from openskill.models import PlackettLuce, PlackettLuceRating

from .errors import LeagueError

#: A player id as the caller knows it.
Id = int | str


@dataclass(frozen=True)
class TableSession:
    """One table's session: its players and each one's final rank (1 = best,
    ties share a rank, as in 1, 1, 3, 4)."""

    players: tuple[Id, ...]
    ranks: tuple[int, ...]


@dataclass(frozen=True)
class RatingModel:
    """openskill's parameters (its defaults) and the ``z`` of the ordinal.

    ``tau`` is added to every sigma before each session so that a regular
    player's rating can still move; ``beta`` is the spread of one session's
    performance around the skill.
    """

    mu: float = 25.0
    sigma: float = 25.0 / 3.0
    beta: float = 25.0 / 6.0
    tau: float = 25.0 / 300.0
    z: float = 3.0


@dataclass(frozen=True)
class SkillRating:
    """A player's rating after ``sessions`` rated sessions."""

    player: Id
    mu: float
    sigma: float
    ordinal: float
    sessions: int


def _check(session: TableSession, index: int) -> None:
    at = f"sessions[{index}]"
    count = len(session.players)
    if count < 2 or len(session.ranks) != count:
        raise LeagueError("bad_session", at=at, players=count, ranks=len(session.ranks))
    if len(set(session.players)) != count:
        raise LeagueError("player_twice_at_table", at=at, players=session.players)
    for rank in session.ranks:
        if (
            isinstance(rank, bool)
            or not isinstance(rank, int)
            or not 1 <= rank <= count
        ):
            raise LeagueError("bad_rank", at=at, rank=rank, players=count)


def _progress_step(total: int) -> int:
    return max(1, total // 100)


def _strict_orders(ranks: tuple[int, ...]) -> list[list[float]]:
    """Every strict order a ranking with ties stands for (1, 1, 3, 4 gives
    1, 2, 3, 4 and 2, 1, 3, 4); a ranking without ties gives itself."""
    groups: dict[int, list[int]] = {}
    for seat, rank in enumerate(ranks):
        groups.setdefault(rank, []).append(seat)
    orders: list[list[float]] = [[0.0] * len(ranks)]
    place = 1
    for rank in sorted(groups):
        seats = groups[rank]
        orders = [
            _placed(order, seats, perm, place)
            for order in orders
            for perm in permutations(range(len(seats)))
        ]
        place += len(seats)
    return orders


def _placed(
    order: list[float], seats: list[int], perm: tuple[int, ...], place: int
) -> list[float]:
    placed = list(order)
    for offset, seat in zip(perm, seats, strict=True):
        placed[seat] = float(place + offset)
    return placed


def _rate_one(
    engine: PlackettLuce, ratings: list[PlackettLuceRating], ranks: tuple[int, ...]
) -> list[tuple[float, float]]:
    """(mu, sigma) of each seat after one session.

    openskill 6.2.0's Plackett-Luce mishandles tied ranks (openskill.py issue
    #155, fix proposed in pull request #176: with ranks 1, 1, 3, 4 the third
    gains as much as the two winners). A tie is therefore rated as the mean of
    the updates of the strict orders it stands for: at most 24 for a
    four-way tie, one for a session without ties.
    """
    orders = _strict_orders(ranks)
    totals = [[0.0, 0.0] for _ in ratings]
    for order in orders:
        rated = engine.rate([[rating] for rating in ratings], ranks=order)
        for total, (after,) in zip(totals, rated, strict=True):
            total[0] += after.mu
            total[1] += after.sigma
    return [(mu / len(orders), sigma / len(orders)) for mu, sigma in totals]


def rate_sessions(
    sessions: Sequence[TableSession],
    *,
    model: RatingModel | None = None,
    prior: Mapping[Id, SkillRating] | None = None,
    on_progress: Callable[[float], None] | None = None,
) -> dict[Id, SkillRating]:
    """Every player's rating after ``sessions``, rated in order.

    ``prior`` holds ratings to start from (the last stored ones, when only new
    sessions are rated); a player without one starts at the model's prior.
    ``on_progress(fraction)`` is called about every 1 % of the sessions and
    with 1.0 at the end. Raises ``LeagueError`` for a malformed session.
    """
    model = model or RatingModel()
    engine = PlackettLuce(
        mu=model.mu, sigma=model.sigma, beta=model.beta, tau=model.tau
    )
    state: dict[Id, tuple[PlackettLuceRating, int]] = {
        player: (engine.rating(mu=r.mu, sigma=r.sigma), r.sessions)
        for player, r in (prior or {}).items()
    }
    step = _progress_step(len(sessions))
    for index, session in enumerate(sessions):
        _check(session, index)
        before = [
            state[player][0] if player in state else engine.rating()
            for player in session.players
        ]
        after = _rate_one(engine, before, session.ranks)
        for player, (mu, sigma) in zip(session.players, after, strict=True):
            played = state[player][1] if player in state else 0
            state[player] = (engine.rating(mu=mu, sigma=sigma), played + 1)
        if on_progress is not None and (index + 1) % step == 0:
            on_progress((index + 1) / len(sessions))
    if on_progress is not None:
        on_progress(1.0)
    return {
        player: SkillRating(
            player, rating.mu, rating.sigma, rating.mu - model.z * rating.sigma, played
        )
        for player, (rating, played) in state.items()
    }


def seeding_order(
    players: Sequence[Id],
    ratings: Mapping[Id, SkillRating],
    *,
    model: RatingModel | None = None,
) -> tuple[Id, ...]:
    """``players`` by ordinal, best first: the optional seeding of a first
    round. A player without a rating counts as a newcomer (the model's prior
    ordinal); equal ordinals keep the order of ``players``."""
    model = model or RatingModel()
    newcomer = model.mu - model.z * model.sigma
    return tuple(
        sorted(
            players,
            key=lambda p: -(ratings[p].ordinal if p in ratings else newcomer),
        )
    )
