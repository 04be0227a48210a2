"""The texts of the spreadsheet exports, marked for translation.

``tournaments.exports`` is free of Django and never calls gettext: it takes a
mapping from the keys of ``tournaments.exports.labels`` to texts. This module
holds those texts as lazy translations, so that ``makemessages`` finds them,
and ``export_labels()`` resolves them in the active language.

A text keeps the ``%(name)s`` placeholders that ``exports.labels`` documents
beside its key; the builders fill them.
"""

from __future__ import annotations

from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring.messages import ruleset_words
from tournaments.exports import labels as L

LABEL_TEXTS = {
    L.SHEET_STANDINGS: _("Standings"),
    L.SHEET_CHART: pgettext_lazy("spreadsheet", "Chart"),
    L.SHEET_ROUNDS: _("Rounds"),
    L.SHEET_HANDS: _("Hands"),
    L.SHEET_PENALTIES: _("Penalties"),
    L.SHEET_STATISTICS: _("Statistics"),
    L.RANK: _("Rank"),
    L.PLAYER: _("Player"),
    L.CLUB: _("Club"),
    L.COUNTRY: _("Country"),
    L.EMA_NUMBER: _("EMA number"),
    L.TABLE_POINTS: _("Table points"),
    L.SCORE: _("Score"),
    L.FIRSTS: _("1st"),
    L.SECONDS: _("2nd"),
    L.THIRDS: _("3rd"),
    L.FOURTHS: _("4th"),
    L.BEST_SESSION: _("Best session"),
    L.ROUND_TABLE_POINTS: _("R%(round)s table points"),
    L.ROUND_SCORE: _("R%(round)s score"),
    L.ROUND: _("Round"),
    L.TABLE: _("Table"),
    L.SEAT: pgettext_lazy("seat at a table", "Seat"),
    L.SESSION_SCORE: _("Session score"),
    L.TABLE_RANK: _("Rank at table"),
    L.HAND: _("Hand"),
    L.PREVALENT_WIND: _("Prevalent wind"),
    L.WINNER: _("Winner"),
    L.DISCARDER: _("Discarder"),
    L.HAND_VALUE: _("Fan total"),
    L.FANS: _("Fans"),
    L.PAYMENT_PLAYER: _("Player %(seat)s"),
    L.PAYMENT_POINTS: _("Payment %(seat)s"),
    L.PENALTY_POINTS: pgettext_lazy("penalty", "Points"),
    L.REASON: _("Reason"),
    L.REFEREE: _("Referee"),
    L.BIGGEST_HANDS: _("Biggest hands"),
    L.SELF_DRAWN: _("Self-drawn"),
    L.DRAWN_HAND: pgettext_lazy("hand without a winner", "Draw"),
    L.WIND_EAST: _("East"),
    L.WIND_SOUTH: _("South"),
    L.WIND_WEST: _("West"),
    L.WIND_NORTH: _("North"),
    L.CHART_TITLE: _("Cumulative table points of the top %(count)s players"),
    L.CHART_X_AXIS: pgettext_lazy("chart axis", "Round"),
    L.CHART_Y_AXIS: pgettext_lazy("chart axis", "Table points"),
    L.WORKBOOK_TITLE: _("%(tournament)s: results"),
}


def export_labels(ruleset: str = "") -> dict[str, str]:
    """Every export text in the active language (see ``translation.override``),
    in the words of ``ruleset`` where it has its own (``RuleSetWords``: the
    hand value's heading, the standings' figures, its ``sheet`` columns)."""
    texts = {key: str(text) for key, text in LABEL_TEXTS.items()}
    words = ruleset_words(ruleset)
    if words is not None:
        own = {L.HAND_VALUE: words.hand_value, **words.scores, **words.sheet}
        texts.update({key: gettext(text) for key, text in own.items()})
    return texts
