"""Tournament standings: table points first, then the tie-breaks (mcr.md 7)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from scoring.engine.errors import EngineError
from scoring.engine.session import SeatScore
from scoring.engine.standings import (
    DEFAULT_TIEBREAKS,
    TIEBREAKS,
    PlayerRecord,
    accumulate,
    clean_tiebreaks,
    rank_players,
)


def record(player_id, tp, score=0, places=(0, 0, 0, 0), best=None, sessions=1):
    return PlayerRecord(
        player_id=player_id,
        table_points=Fraction(tp),
        score=score,
        places=places,
        best_session=best,
        sessions=sessions,
    )


def ranking(records, tiebreaks=DEFAULT_TIEBREAKS):
    return [(r.rank, r.record.player_id) for r in rank_players(records, tiebreaks)]


def test_table_points_come_first():
    """More table points rank higher whatever the score."""
    records = [record(1, 2, score=500), record(2, 4, score=-100)]
    assert ranking(records) == [(1, 2), (2, 1)]


def test_fractional_table_points_are_compared_exactly():
    """7/3 beats 2 + 1/3 - epsilon: no float rounding."""
    records = [record(1, Fraction(7, 3)), record(2, Fraction(233, 100))]
    assert ranking(records) == [(1, 1), (2, 2)]


def test_score_breaks_a_tie_on_table_points():
    """Equal table points: the higher total score ranks higher."""
    records = [record(1, 6, score=10), record(2, 6, score=40)]
    assert ranking(records) == [(1, 2), (2, 1)]


def test_places_break_a_tie_on_score():
    """Then the number of 1st, then 2nd, then 3rd places."""
    records = [
        record(1, 6, 10, places=(1, 0, 2, 0)),
        record(2, 6, 10, places=(1, 1, 0, 1)),
        record(3, 6, 10, places=(2, 0, 0, 1)),
        record(4, 6, 10, places=(1, 0, 1, 1)),
    ]
    assert ranking(records) == [(1, 3), (2, 2), (3, 1), (4, 4)]


def test_best_session_breaks_the_last_tie():
    """Then the best single session score; no session ranks lowest."""
    places = (1, 1, 0, 0)
    records = [
        record(1, 6, 10, places, best=30),
        record(2, 6, 10, places, best=None),
        record(3, 6, 10, places, best=45),
    ]
    assert ranking(records) == [(1, 3), (2, 1), (3, 2)]


def test_players_equal_on_every_key_share_the_placing():
    """Ranks run 1, 2, 2, 4; sharers are listed by player id."""
    records = [
        record(9, 4, 50),
        record(7, 2, 10, best=10),
        record(3, 2, 10, best=10),
        record(5, 1, 0),
    ]
    assert ranking(records) == [(1, 9), (2, 3), (2, 7), (4, 5)]


def test_tiebreaks_never_outrank_the_rule_sets_own_order():
    """The issue's bug: with tie-breaks ["score"], a player with 0 table points
    ranked above one with 8. MCR ranks by table points first, whatever the
    tie-breaks say; they only break ties."""
    records = [record(1, 8, score=-40), record(2, 0, score=90)]
    assert ranking(records, ("score",)) == [(1, 1), (2, 2)]
    assert ranking(records, ("score", "table_points")) == [(1, 1), (2, 2)]


def test_a_rule_set_without_table_points_ranks_by_score():
    """French tables may play without table points: the rule set says so."""
    records = [record(1, 0, score=10), record(2, 0, score=90)]
    ranked = rank_players(records, ("firsts",), ranking=("score",))
    assert [(r.rank, r.record.player_id) for r in ranked] == [(1, 2), (2, 1)]


def test_tiebreak_order_is_a_setting():
    """Equal on table points, the tournament's tie-breaks decide, in order."""
    records = [
        record(1, 4, score=10, places=(1, 0, 0, 0)),
        record(2, 4, score=90, places=(0, 1, 0, 0)),
    ]
    assert ranking(records, ("firsts", "score")) == [(1, 1), (2, 2)]
    assert ranking(records, ("score", "firsts")) == [(1, 2), (2, 1)]


def test_shorter_tiebreak_list_shares_more_placings():
    """With table points only, equal table points share the placing."""
    records = [record(1, 4, score=10), record(2, 4, score=90)]
    assert ranking(records, ("table_points",)) == [(1, 1), (1, 2)]


@pytest.mark.parametrize(
    ("tiebreaks", "code", "params"),
    [
        (("table_points", "wins"), "unknown_tiebreak", {"tiebreak": "wins"}),
        (("score", "score"), "duplicate_tiebreak", {"tiebreak": "score"}),
    ],
)
def test_invalid_tiebreaks_are_refused(tiebreaks, code, params):
    """Tie-break names are checked: known, once each."""
    with pytest.raises(EngineError) as caught:
        rank_players([record(1, 4)], tiebreaks)
    assert (caught.value.code, caught.value.field) == (code, "tiebreaks")
    assert caught.value.params == params


def test_empty_tiebreak_order_means_the_default():
    """A tournament that never chose an order gets DEFAULT_TIEBREAKS."""
    assert clean_tiebreaks([]) == DEFAULT_TIEBREAKS
    records = [record(1, 4, score=10), record(2, 4, score=90)]
    assert ranking(records, ()) == ranking(records)


def test_no_players_no_standings():
    """An empty tournament has empty standings."""
    assert rank_players([]) == []


def test_accumulate_sums_a_players_sessions():
    """Totals, places (a shared rank counts as that rank) and best session."""
    sessions = [
        SeatScore(40, 0, 40, 1, Fraction(3)),
        SeatScore(-10, -30, -40, 4, Fraction(0)),
        SeatScore(12, 0, 12, 1, Fraction(7, 3)),
        SeatScore(5, 0, 5, 3, Fraction(1, 2)),
    ]
    assert accumulate(42, sessions) == PlayerRecord(
        player_id=42,
        table_points=Fraction(35, 6),
        score=17,
        places=(2, 0, 1, 1),
        best_session=40,
        sessions=4,
    )


def test_accumulate_without_sessions():
    """A player who has not played yet has no best session."""
    assert accumulate(1, []) == record(1, 0, sessions=0)


def _reference_ranking(records, names):
    """rank_players as first written: sorted on the tuples of Fractions,
    by player id within a tie, a shared rank for equal tuples."""

    def key(r):
        return tuple(TIEBREAKS[name](r) for name in names)

    ordered = sorted(records, key=lambda r: r.player_id)
    ordered.sort(key=key, reverse=True)
    out = []
    for position, r in enumerate(ordered):
        shares = out and key(ordered[position - 1]) == key(r)
        out.append((out[-1][0] if shares else position + 1, r.player_id))
    return out


@pytest.mark.parametrize("seed", range(5))
def test_ranking_on_dense_keys_matches_the_fractions_order(seed):
    """rank_players compares each key's place among the distinct values
    (integers) instead of the Fractions: the same order and the same ties,
    on records full of ties, thirds, negative scores and players without a
    session."""
    rng = random.Random(seed)
    records = [
        record(
            player_id=rng.randrange(10**6),
            tp=Fraction(rng.randrange(-6, 60), rng.choice((1, 2, 3, 12))),
            score=rng.randrange(-30, 30),
            places=tuple(rng.randrange(3) for _ in range(4)),
            best=rng.choice((None, rng.randrange(-10, 10))),
        )
        for _ in range(300)
    ]
    records = list({r.player_id: r for r in records}.values())
    for names in (DEFAULT_TIEBREAKS, ("table_points", "best_session", "firsts")):
        assert ranking(records, names) == _reference_ranking(records, names)
