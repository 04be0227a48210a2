"""The request turned into dense indices, ready for the searches.

Players are relabelled at random (seeded): index i stands for ``ids[i]``, so
the searches and the designs work on 0..n-1 and the same seed always gives the
same relabelling.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .types import SeatingRequest


@dataclass
class Problem:
    """Dense view of a request.

    ``meet[p][q]`` counts the history meetings of current players p and q;
    ``last[p]`` is p's table in the last played round (-1 when p did not play
    it); ``club[p]`` is a club number, or a number of p's own when p has no
    club; ``pin[p]`` is p's 0-based table or -1; ``rank[p]`` is p's place in
    the ranking (unranked players come last, in a seeded order); ``winds[p]``
    counts p's East, South, West and North seats in the history;
    ``later_rounds`` is how many rounds of the tournament come after the
    planned ones.
    """

    ids: list[int]
    meet: list[list[int]]
    last: list[int]
    club: list[int]
    pin: list[int]
    rank: list[int]
    winds: list[list[int]]
    rounds: int
    later_rounds: int
    rng: random.Random

    @property
    def n(self) -> int:
        return len(self.ids)

    @property
    def tables(self) -> int:
        return len(self.ids) // 4


def build_problem(request: SeatingRequest) -> Problem:
    """Index the request's players in a seeded random order."""
    rng = random.Random(request.seed)
    ids = list(request.players)
    rng.shuffle(ids)
    index = {player: i for i, player in enumerate(ids)}
    n = len(ids)
    meet = [[0] * n for _ in range(n)]
    for round_ in request.history:
        for table in round_:
            seated = [index[p] for p in table if p in index]
            for a in seated:
                for b in seated:
                    if a != b:
                        meet[a][b] += 1
    winds = [[0, 0, 0, 0] for _ in range(n)]
    for round_ in request.history:
        for table in round_:
            for seat, p in enumerate(table):
                if p in index:
                    winds[index[p]][seat] += 1
    last = [-1] * n
    if request.history:
        for t, table in enumerate(request.history[-1]):
            for p in table:
                if p in index:
                    last[index[p]] = t
    return Problem(
        ids=ids,
        meet=meet,
        last=last,
        club=_clubs(request, ids),
        pin=[request.pins[p] - 1 if p in request.pins else -1 for p in ids],
        rank=_ranks(request, ids, rng),
        winds=winds,
        rounds=request.rounds_to_plan,
        later_rounds=request.rounds_total
        - request.round_index
        - request.rounds_to_plan
        + 1,
        rng=rng,
    )


def _clubs(request: SeatingRequest, ids: list[int]) -> list[int]:
    codes: dict[str, int] = {}
    club = []
    for i, player in enumerate(ids):
        code = request.clubs.get(player)
        if code is None or code == "":
            club.append(-1 - i)
        else:
            club.append(codes.setdefault(code, len(codes)))
    return club


def _ranks(request: SeatingRequest, ids: list[int], rng: random.Random) -> list[int]:
    seated = set(ids)
    order = [p for p in (request.ranking or ()) if p in seated]
    ranked = set(order)
    rest = [p for p in ids if p not in ranked]  # already in seeded order
    place = {p: r for r, p in enumerate(order + rest)}
    return [place[p] for p in ids]


def meetings_after(
    meet: list[list[int]], rounds: list[list[list[int]]]
) -> list[list[int]]:
    """A copy of the meeting counts ``meet`` once ``rounds`` are played too."""
    meet = [row[:] for row in meet]
    for round_ in rounds:
        for table in round_:
            for p in table:
                for q in table:
                    meet[p][q] += p != q
    return meet
