"""League standings under each ranking rule, with figures worked by hand."""

from __future__ import annotations

from datetime import date
from fractions import Fraction as F

import pytest

from leagues.errors import LeagueError
from leagues.season import (
    RankingRule,
    SessionEntry,
    counted_sessions,
    league_standings,
    season_progress,
)

NIGHT_1, NIGHT_2, NIGHT_3 = date(2026, 1, 8), date(2026, 1, 15), date(2026, 1, 22)


def s(player, event, day, tp, score, rank=1, round_=1):
    return SessionEntry(player, event, day, round_, 1, score, rank, int(F(tp) * 12))


# Ann: 4, 0, 4 (3 sessions); Bob: 2, 2 (2 sessions); Cy: 4 (1 session);
# Dee: 1, 1, 1 (3 sessions).
SEASON = [
    s("ann", 1, NIGHT_1, 4, 30),
    s("ann", 2, NIGHT_2, 0, -20, rank=4),
    s("ann", 3, NIGHT_3, 4, 10),
    s("bob", 1, NIGHT_1, 2, 5, rank=2),
    s("bob", 2, NIGHT_2, 2, 8, rank=2),
    s("cy", 3, NIGHT_3, 4, 50),
    s("dee", 1, NIGHT_1, 1, -3, rank=3),
    s("dee", 2, NIGHT_2, 1, -1, rank=3),
    s("dee", 3, NIGHT_3, 1, -2, rank=3),
]


def table(rows):
    return [(r.rank, r.player, r.value, r.sessions) for r in rows]


def test_total_of_table_points():
    """Total: Ann 8, Bob 4, Cy 4, Dee 3; Bob and Cy tie on 4 and the score
    (13 against 50) puts Cy first."""
    rows = league_standings(SEASON, RankingRule("total"))
    assert table(rows) == [
        (1, "ann", 8, 3),
        (2, "cy", 4, 1),
        (3, "bob", 4, 2),
        (4, "dee", 3, 3),
    ]
    assert rows[0].record.score == 20


def test_average_with_a_minimum_of_sessions():
    """Average, at least 2 sessions: Ann 8/3, Bob 2, Dee 1; Cy (one session,
    average 4) is listed after them, unranked."""
    rows = league_standings(SEASON, RankingRule("average", min_sessions=2))
    assert table(rows) == [
        (1, "ann", F(8, 3), 3),
        (2, "bob", 2, 2),
        (3, "dee", 1, 3),
        (None, "cy", 4, 1),
    ]


def test_best_two_sessions():
    """Best 2: Ann 4 + 4 (the 0 dropped), Cy 4, Bob 2 + 2, Dee 1 + 1 (Cy's
    score 50 beats Bob's 13); the tie-breaks read the counted sessions only
    (Ann's score 40, not 20)."""
    rows = league_standings(SEASON, RankingRule("best", best=2))
    assert table(rows) == [
        (1, "ann", 8, 3),
        (2, "cy", 4, 1),
        (3, "bob", 4, 2),
        (4, "dee", 2, 3),
    ]
    assert rows[0].record.score == 40
    assert rows[0].record.sessions == 2


def test_best_sessions_tie_keeps_the_earlier_session():
    entries = [s("x", 1, NIGHT_1, 2, 5), s("x", 2, NIGHT_2, 2, 5)]
    (kept,) = counted_sessions(entries, RankingRule("best", best=1))
    assert kept.day == NIGHT_1


def test_players_equal_on_every_key_share_the_placing():
    entries = [s("a", 1, NIGHT_1, 2, 5, rank=2), s("b", 1, NIGHT_1, 2, 5, rank=2)]
    rows = league_standings(entries, RankingRule("total"))
    assert [(r.rank, r.shared) for r in rows] == [(1, True), (1, True)]


def test_tie_breaks_are_the_leagues_setting():
    """Ordered by firsts first: Bob (no first) falls below Cy on a tie."""
    entries = [s("bob", 1, NIGHT_1, 4, 99, rank=2), s("cy", 1, NIGHT_1, 4, 1)]
    by_score = league_standings(entries, RankingRule("total"), ["score"])
    by_firsts = league_standings(entries, RankingRule("total"), ["firsts"])
    assert [r.player for r in by_score] == ["bob", "cy"]
    assert [r.player for r in by_firsts] == ["cy", "bob"]


def test_a_player_without_a_session_is_listed_unranked():
    rows = league_standings([], RankingRule("total"), players=["new"])
    assert table(rows) == [(None, "new", 0, 0)]


def test_season_progress_follows_the_rule_event_by_event():
    progress = season_progress(SEASON, RankingRule("total"), [1, 2, 3], ["ann", "bob"])
    assert progress == {"ann": [4, 4, 8], "bob": [2, 4, 4]}


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"kind": "median"}, "unknown_ranking_rule"),
        ({"min_sessions": -1}, "bad_min_sessions"),
        ({"kind": "best", "best": 0}, "bad_best_sessions"),
    ],
)
def test_a_bad_rule_is_refused_with_a_code(fields, code):
    with pytest.raises(LeagueError) as error:
        RankingRule(**fields)
    assert error.value.code == code
