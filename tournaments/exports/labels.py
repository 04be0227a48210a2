"""The translatable texts of the exports, passed in by the Django side.

The builders never call gettext: the caller hands them a mapping from these
keys to texts in the user's language. Missing keys fall back to the English
of ``DEFAULT_LABELS``, so a caller may pass only what it translates.
A text may hold ``%(name)s`` placeholders (listed beside each key); the
builders fill them with the ``%`` operator, as gettext strings expect.

The EMA sheet is not translated: the EMA reads it in English.
"""

from __future__ import annotations

from collections.abc import Mapping

# Sheet titles (Excel limits them to 31 characters, without []:*?/\).
SHEET_STANDINGS = "sheet_standings"
SHEET_CHART = "sheet_chart"
SHEET_ROUNDS = "sheet_rounds"
SHEET_HANDS = "sheet_hands"
SHEET_PENALTIES = "sheet_penalties"
SHEET_STATISTICS = "sheet_statistics"

# Column headers.
RANK = "rank"
PLAYER = "player"
CLUB = "club"
COUNTRY = "country"
EMA_NUMBER = "ema_number"
TABLE_POINTS = "table_points"
SCORE = "score"
FIRSTS = "firsts"
SECONDS = "seconds"
THIRDS = "thirds"
FOURTHS = "fourths"
BEST_SESSION = "best_session"
ROUND_TABLE_POINTS = "round_table_points"  # %(round)s
ROUND_SCORE = "round_score"  # %(round)s
ROUND = "round"
TABLE = "table"
SEAT = "seat"
SESSION_SCORE = "session_score"
TABLE_RANK = "table_rank"
HAND = "hand"
PREVALENT_WIND = "prevalent_wind"
WINNER = "winner"
DISCARDER = "discarder"
HAND_VALUE = "hand_value"
FANS = "fans"
PAYMENT_PLAYER = "payment_player"  # %(seat)s: 1..4
PAYMENT_POINTS = "payment_points"  # %(seat)s: 1..4
PENALTY_POINTS = "penalty_points"
REASON = "reason"
REFEREE = "referee"
BIGGEST_HANDS = "biggest_hands"

# Cell texts.
SELF_DRAWN = "self_drawn"
DRAWN_HAND = "drawn_hand"
WIND_EAST = "wind_east"
WIND_SOUTH = "wind_south"
WIND_WEST = "wind_west"
WIND_NORTH = "wind_north"

# Chart and workbook properties.
CHART_TITLE = "chart_title"  # %(count)s: number of players drawn
CHART_X_AXIS = "chart_x_axis"
CHART_Y_AXIS = "chart_y_axis"
WORKBOOK_TITLE = "workbook_title"  # %(tournament)s

DEFAULT_LABELS: Mapping[str, str] = {
    SHEET_STANDINGS: "Standings",
    SHEET_CHART: "Chart",
    SHEET_ROUNDS: "Rounds",
    SHEET_HANDS: "Hands",
    SHEET_PENALTIES: "Penalties",
    SHEET_STATISTICS: "Statistics",
    RANK: "Rank",
    PLAYER: "Player",
    CLUB: "Club",
    COUNTRY: "Country",
    EMA_NUMBER: "EMA number",
    TABLE_POINTS: "Table points",
    SCORE: "Score",
    FIRSTS: "1st",
    SECONDS: "2nd",
    THIRDS: "3rd",
    FOURTHS: "4th",
    BEST_SESSION: "Best session",
    ROUND_TABLE_POINTS: "R%(round)s table points",
    ROUND_SCORE: "R%(round)s score",
    ROUND: "Round",
    TABLE: "Table",
    SEAT: "Seat",
    SESSION_SCORE: "Session score",
    TABLE_RANK: "Rank at table",
    HAND: "Hand",
    PREVALENT_WIND: "Prevalent wind",
    WINNER: "Winner",
    DISCARDER: "Discarder",
    HAND_VALUE: "Fan total",
    FANS: "Fans",
    PAYMENT_PLAYER: "Player %(seat)s",
    PAYMENT_POINTS: "Payment %(seat)s",
    PENALTY_POINTS: "Points",
    REASON: "Reason",
    REFEREE: "Referee",
    BIGGEST_HANDS: "Biggest hands",
    SELF_DRAWN: "Self-drawn",
    DRAWN_HAND: "Draw",
    WIND_EAST: "East",
    WIND_SOUTH: "South",
    WIND_WEST: "West",
    WIND_NORTH: "North",
    CHART_TITLE: "Cumulative table points of the top %(count)s players",
    CHART_X_AXIS: "Round",
    CHART_Y_AXIS: "Table points",
    WORKBOOK_TITLE: "%(tournament)s: results",
}

WIND_LABELS = {"E": WIND_EAST, "S": WIND_SOUTH, "W": WIND_WEST, "N": WIND_NORTH}


def merge_labels(labels: Mapping[str, str] | None) -> dict[str, str]:
    """The caller's labels over the English defaults."""
    return {**DEFAULT_LABELS, **(labels or {})}


def standings_headers(labels: Mapping[str, str], rounds: int) -> list[str]:
    """The header row shared by the "Standings" sheet and the CSV export."""
    headers = [
        labels[key]
        for key in (
            RANK, PLAYER, CLUB, COUNTRY, EMA_NUMBER, TABLE_POINTS, SCORE,
            FIRSTS, SECONDS, THIRDS, FOURTHS, BEST_SESSION,
        )
    ]  # fmt: skip
    for number in range(1, rounds + 1):
        headers.append(labels[ROUND_TABLE_POINTS] % {"round": number})
        headers.append(labels[ROUND_SCORE] % {"round": number})
    return headers
