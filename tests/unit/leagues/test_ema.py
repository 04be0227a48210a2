"""The EMA's MERS ranking (leagues.ema): base ranks, ageing, dummies, parts."""

from __future__ import annotations

import random
from datetime import date, timedelta
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from leagues.ema.ranking import (
    EMA_AGES,
    AgeBracket,
    EmaParams,
    EmaResult,
    age_factor,
    base_rank,
    ema_ranking,
    round_half_up,
)
from leagues.errors import LeagueError
from tests.unit.leagues.ema_data import EXPECTED, ON, results

DAY = date(2026, 6, 1)


def one(
    player: int | str,
    tournament: int | str,
    place: int,
    players: int = 41,
    **kw: object,
) -> EmaResult:
    day = kw.get("day", DAY)
    weight = kw.get("weight", Fraction(1))
    assert isinstance(day, date) and isinstance(weight, Fraction)
    return EmaResult(player, tournament, day, place, players, weight)


def table(ranking: tuple[object, ...]) -> list[tuple[object, str, int]]:
    return [(r.player, str(r.rating), r.results) for r in ranking]  # type: ignore[attr-defined]


def test_reproduces_a_published_style_ranking() -> None:
    """Five players, nine tournaments over two years: the hand-checked table."""
    assert table(ema_ranking(results(), on=ON)) == EXPECTED


def test_input_order_does_not_change_the_ranking() -> None:
    """Results in any order give the same table."""
    shuffled = results()
    random.Random(3).shuffle(shuffled)
    assert table(ema_ranking(shuffled, on=ON)) == EXPECTED


def test_base_rank_is_linear_from_first_to_last() -> None:
    """1000 for the winner, 0 for the last, exact in between (75th of 100)."""
    assert base_rank(1, 100) == 1000
    assert base_rank(100, 100) == 0
    assert base_rank(75, 100) == Fraction(25000, 99)
    assert base_rank(2, 2) == 0


@pytest.mark.parametrize(("place", "players"), [(0, 10), (11, 10), (1, 1)])
def test_base_rank_rejects_impossible_places(place: int, players: int) -> None:
    """A place outside 1..n, or a one-player tournament, is an error."""
    with pytest.raises(LeagueError) as caught:
        base_rank(place, players)
    assert caught.value.code == "bad_place"


@pytest.mark.parametrize(
    ("age", "factor"),
    [(0, 1), (365, 1), (366, Fraction(1, 2)), (730, Fraction(1, 2)), (731, 0)],
)
def test_ema_age_brackets(age: int, factor: Fraction) -> None:
    """A year at full weight, the second at half weight, then nothing."""
    assert age_factor(age, EMA_AGES) == factor


def test_a_result_after_the_ranking_date_is_not_counted() -> None:
    """Ranking an earlier date leaves out the results played after it."""
    played = [one(1, "a", 1, day=DAY), one(1, "b", 1, day=DAY + timedelta(days=1))]
    (row,) = ema_ranking(played, on=DAY, params=EmaParams(min_listed=1))
    assert row.results == 1


def test_custom_brackets_weigh_old_results() -> None:
    """Three brackets: the factor of the first bracket holding the age."""
    ages = (
        AgeBracket(100, Fraction(1)),
        AgeBracket(200, Fraction(1, 3)),
        AgeBracket(300, Fraction(1, 4)),
    )
    played = [
        one(1, "new", 1, day=DAY),  # 1000 x 1
        one(1, "old", 41, day=DAY - timedelta(days=150)),  # 0 x 1/3
        one(1, "older", 21, day=DAY - timedelta(days=250)),  # 500 x 1/4
        one(1, "gone", 1, day=DAY - timedelta(days=301)),
    ]
    params = EmaParams(ages=ages, min_results=0, part_a=Fraction(1))
    (row,) = ema_ranking(played, on=DAY, params=params)
    assert row.results == 3
    assert row.part_a == Fraction(1000 + 125, 1 + Fraction(1, 3) + Fraction(1, 4))


def test_dummy_results_fill_up_to_min_results() -> None:
    """One win: part A over 1 + 4 dummies (200), part B over 1 + 3 (250)."""
    (row,) = ema_ranking([one(1, "a", 1)], on=DAY, params=EmaParams(min_listed=1))
    assert (row.part_a, row.part_b, row.rating) == (200, 250, Decimal("225.00"))


def test_dummies_never_displace_a_real_last_place() -> None:
    """Part B takes a real 0 (aged to weight 1/2) before a dummy 0 (weight 1)."""
    played = [
        one(1, "a", 1),
        one(1, "b", 41, day=DAY - timedelta(days=400)),
        one(1, "c", 1),
    ]
    (row,) = ema_ranking(played, on=DAY, params=EmaParams(best=3))
    assert row.part_b == Fraction(2000, Fraction(5, 2))


def test_min_listed() -> None:
    """Two counted results are needed to be listed; zero never lists anyone."""
    played = [one(1, "a", 1), one(2, "a", 2), one(2, "b", 1)]
    assert [r.player for r in ema_ranking(played, on=DAY)] == [2]
    assert [
        r.player for r in ema_ranking(played, on=DAY, params=EmaParams(min_listed=1))
    ] == [2, 1]
    old = [one(3, "x", 1, day=DAY - timedelta(days=800))]
    assert ema_ranking(old, on=DAY, params=EmaParams(min_listed=0)) == ()


def test_best_k_and_the_share_of_part_a() -> None:
    """Part B is the mean of the k best; part A is the mean of all results by
    default, or keeps min_results plus 80 % of the others, rounded up (10
    results: 9 kept) with the EMA's share 0.8."""
    played = [one(1, t, 41 - 4 * t) for t in range(1, 11)]  # 100, 200, ... 1000
    (row,) = ema_ranking(played, on=DAY, params=EmaParams(best=3))
    assert row.part_b == 900
    assert row.part_a == 550
    assert row.results == 10
    ema = EmaParams(best=3, part_a=Fraction(1), part_a_share=Fraction(4, 5))
    (row,) = ema_ranking(played, on=DAY, params=ema)
    assert row.part_a == Fraction(sum(range(200, 1001, 100)), 9)
    assert row.rating == Decimal("600.00")


def test_part_a_weight_mixes_the_two_parts() -> None:
    """part_a = 1/4: a quarter of A and three quarters of B."""
    params = EmaParams(part_a=Fraction(1, 4), min_listed=1)
    (row,) = ema_ranking([one(1, "a", 1)], on=DAY, params=params)
    assert row.rating == Decimal("237.50")


def test_ties_go_to_the_smaller_id() -> None:
    """Equal exact ratings: integer ids in order, then strings."""
    played = [one(p, t, 1, players=2) for p in (9, "b", 3) for t in ("x", "y")]
    assert [r.player for r in ema_ranking(played, on=DAY)] == [3, 9, "b"]


def test_rounding_is_exact_half_up() -> None:
    """2.675 rounds to 2.68 (a float would say 2.67); 1/8 to 0.13."""
    assert round_half_up(Fraction(2675, 1000)) == Decimal("2.68")
    assert round_half_up(Fraction(1, 8)) == Decimal("0.13")
    assert str(round_half_up(Fraction(1000))) == "1000.00"


@pytest.mark.parametrize(
    ("played", "code"),
    [
        ([one(1, "a", 42)], "bad_place"),
        ([one(1, "a", 1, weight=Fraction(0))], "bad_weight"),
        ([one(1, "a", 1), one(1, "a", 2)], "duplicate_result"),
    ],
)
def test_bad_results_are_errors(played: list[EmaResult], code: str) -> None:
    """The error names the result by its index."""
    with pytest.raises(LeagueError) as caught:
        ema_ranking(played, on=DAY)
    assert caught.value.code == code
    assert caught.value.params["at"] == f"results[{len(played) - 1}]"


@pytest.mark.parametrize(
    ("kwargs", "param"),
    [
        ({"ages": ()}, "ages"),
        ({"ages": (AgeBracket(10, Fraction(1)), AgeBracket(10, Fraction(1)))}, "ages"),
        ({"ages": (AgeBracket(10, Fraction(0)),)}, "ages"),
        ({"best": 0}, "best"),
        ({"min_results": -1}, "min_results"),
        ({"part_a": Fraction(3, 2)}, "part_a"),
        ({"part_a_share": Fraction(-1)}, "part_a_share"),
    ],
)
def test_bad_params_are_errors(kwargs: dict[str, object], param: str) -> None:
    with pytest.raises(LeagueError) as caught:
        EmaParams(**kwargs)  # type: ignore[arg-type]
    assert (caught.value.code, caught.value.params["param"]) == ("bad_param", param)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(1, 6),
            st.integers(2, 60),
            st.integers(0, 800),
            st.sampled_from([1, 2, 3, 5]),
        ),
        min_size=1,
        max_size=40,
    )
)
def test_ratings_stay_between_0_and_1000(
    rows: list[tuple[int, int, int, int]],
) -> None:
    """Whatever the results, every rating is within 0..1000 and the table is
    sorted best first."""
    played = [
        EmaResult(p, i, DAY - timedelta(days=age), 1 + i % n, n, Fraction(w, 2))
        for i, (p, n, age, w) in enumerate(rows)
    ]
    ranking = ema_ranking(played, on=DAY, params=EmaParams(min_listed=1))
    assert all(0 <= r.rating <= 1000 for r in ranking)
    assert [r.rating for r in ranking] == sorted(
        (r.rating for r in ranking), reverse=True
    )
