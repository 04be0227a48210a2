"""Skill ratings (leagues.ratings): openskill's Plackett-Luce over sessions."""

from __future__ import annotations

import pytest

from leagues.errors import LeagueError
from leagues.ratings import (
    RatingModel,
    SkillRating,
    TableSession,
    rate_sessions,
    seeding_order,
)


def session(players: tuple[int, ...], ranks: tuple[int, ...]) -> TableSession:
    return TableSession(players, ranks)


def test_winners_go_up_and_losers_down() -> None:
    """After one session from equal priors, mu follows the ranks."""
    ratings = rate_sessions([session((1, 2, 3, 4), (2, 4, 1, 3))])
    mus = {p: r.mu for p, r in ratings.items()}
    assert mus[3] > mus[1] > RatingModel().mu > mus[4] > mus[2]
    assert sorted(mus, key=mus.__getitem__, reverse=True) == [3, 1, 4, 2]
    assert all(r.sessions == 1 for r in ratings.values())


def test_more_sessions_shrink_sigma() -> None:
    """The more a player plays, the surer the rating."""
    tables = [
        session(
            (1, 2, 3, 4), (1 + i % 4, 1 + (i + 1) % 4, 1 + (i + 2) % 4, 1 + (i + 3) % 4)
        )
        for i in range(24)
    ]
    after_2 = rate_sessions(tables[:2])[1].sigma
    after_24 = rate_sessions(tables)[1].sigma
    assert after_24 < after_2 < RatingModel().sigma


def test_ties_share_the_update() -> None:
    """Two players tied for first from equal priors end equal, between the
    strict first and second; the third and fourth move as without the tie; a
    four-way tie leaves every mu where it was."""
    tied = rate_sessions([session((1, 2, 3, 4), (1, 1, 3, 4))])
    strict = rate_sessions([session((1, 2, 3, 4), (1, 2, 3, 4))])
    assert tied[1].mu == tied[2].mu and tied[1].sigma == tied[2].sigma
    assert strict[1].mu > tied[1].mu > strict[2].mu > tied[3].mu
    assert tied[3].mu == pytest.approx(strict[3].mu)
    assert tied[4].mu == pytest.approx(strict[4].mu)
    level = rate_sessions([session((1, 2, 3, 4), (1, 1, 1, 1))])
    assert all(r.mu == pytest.approx(RatingModel().mu) for r in level.values())
    assert len({r.sigma for r in level.values()}) == 1


def test_a_tie_does_not_depend_on_the_seats() -> None:
    """Tied players swapped between seats get the same figures."""
    one = rate_sessions([session((1, 2, 3, 4), (2, 1, 2, 4))])
    other = rate_sessions([session((3, 2, 1, 4), (2, 1, 2, 4))])
    assert one == other


def test_ordinal_is_the_conservative_figure() -> None:
    """ordinal = mu - z sigma, with the model's z."""
    model = RatingModel(z=2.0)
    rating = rate_sessions([session((1, 2, 3, 4), (1, 2, 3, 4))], model=model)[1]
    assert rating.ordinal == pytest.approx(rating.mu - 2.0 * rating.sigma)


def test_same_sessions_same_ratings() -> None:
    """Deterministic: no seed, the same input gives the same figures."""
    tables = [session((1, 2, 3, 4), (1, 2, 3, 4)), session((5, 1, 3, 6), (4, 1, 2, 2))]
    assert rate_sessions(tables) == rate_sessions(tables)


def test_rating_new_sessions_from_stored_ratings() -> None:
    """Rating the history at once equals rating its end from the ratings
    stored at its middle (what a job does after each night)."""
    tables = [
        session((1, 2, 3, 4), (1, 2, 3, 4)),
        session((5, 1, 3, 6), (4, 1, 2, 2)),
        session((2, 4, 5, 6), (1, 3, 2, 4)),
    ]
    at_once = rate_sessions(tables)
    stored = rate_sessions(tables[:2])
    assert (
        rate_sessions(tables[2:], prior=stored)
        | {p: r for p, r in stored.items() if p not in {2, 4, 5, 6}}
        == at_once
    )
    assert at_once[2].sessions == 2


def test_progress_is_reported_up_to_one() -> None:
    seen: list[float] = []
    tables = [session((1, 2, 3, 4), (1, 2, 3, 4))] * 250
    rate_sessions(tables, on_progress=seen.append)
    assert seen == sorted(seen) and seen[-1] == 1.0 and len(seen) >= 100


@pytest.mark.parametrize(
    ("players", "ranks", "code"),
    [
        ((1, 2, 3, 4), (1, 2, 3), "bad_session"),
        ((1,), (1,), "bad_session"),
        ((1, 2, 3, 1), (1, 2, 3, 4), "player_twice_at_table"),
        ((1, 2, 3, 4), (0, 1, 2, 3), "bad_rank"),
        ((1, 2, 3, 4), (1, 2, 3, 5), "bad_rank"),
    ],
)
def test_malformed_sessions_are_errors(
    players: tuple[int, ...], ranks: tuple[int, ...], code: str
) -> None:
    good = session((7, 8, 9, 10), (1, 2, 3, 4))
    with pytest.raises(LeagueError) as caught:
        rate_sessions([good, TableSession(players, ranks)])
    assert (caught.value.code, caught.value.params["at"]) == (code, "sessions[1]")


def test_seeding_order_puts_newcomers_at_the_prior() -> None:
    """Best ordinal first; an unrated player sits at the newcomer's ordinal
    (0 with the defaults); equal ordinals keep the given order."""
    ratings = {
        1: SkillRating(1, 30.0, 2.0, 24.0, 40),
        2: SkillRating(2, 20.0, 8.0, -4.0, 1),
        3: SkillRating(3, 27.0, 3.0, 18.0, 30),
    }
    assert seeding_order([2, 9, 1, 8, 3], ratings) == (1, 3, 9, 8, 2)
