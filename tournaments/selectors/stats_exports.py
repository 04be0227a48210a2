"""The workbook's "Statistics" sheet, from the event's figures (issue 29).

Read in the workbook's language (the export runs under
``translation.override``): the figures' headings in the rule set's words,
the values exact; ``tournaments.exports.stats_sheet`` lays them out.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from scoring.engine.stats import RATES, HandRecord
from scoring.messages import unit_label
from tournaments.exports.stats_sheet import (
    BiggestHandRow,
    StatsColumn,
    StatsPlayerRow,
    StatsSheet,
)
from tournaments.models import Tournament
from tournaments.selectors.stats import get_cached_tournament_stats
from tournaments.selectors.stats_words import figure_label


def get_stats_sheet(
    tournament: Tournament,
    hands: Callable[[], Mapping[int, Sequence[HandRecord]]] | None = None,
) -> StatsSheet | None:
    """Every player's figures (a column per figure the rule set knows) and
    the event's biggest hands; ``None`` before a table is closed.

    The figures are the statistics pages' cached ones (language-free,
    keyed by the closed tables' version): at 3,200 players and 8 rounds
    they take 7 s to compute and 0.7 s to read back, so a workbook built
    after the pages were seen, or in a second language, does not compute
    them again (issue 31, item 4). A miss computes and stores them, from
    the hands ``hands`` gives when given (the workbook's own read)."""
    found = get_cached_tournament_stats(tournament, hands=hands)
    event, code = found.event, found.ruleset
    if event is None:
        return None
    keys: list[str] = []
    for stats in event.players.values():
        keys += [key for key in stats.figures if key not in keys]
    names = {pk: r.player.name for pk, r in found.registrations.items()}
    players = sorted(
        (
            StatsPlayerRow(
                name=names.get(player, ""),
                values=tuple(
                    stats.figures[key].value if key in stats.figures else None
                    for key in keys
                ),
            )
            for player, stats in event.players.items()
        ),
        key=lambda row: row.name,
    )
    return StatsSheet(
        columns=tuple(
            StatsColumn(figure_label(key, code), rate=key in RATES) for key in keys
        ),
        players=tuple(players),
        biggest_hands=tuple(
            BiggestHandRow(
                player=names.get(hand.player, ""),
                value=hand.value.value,
                unit=unit_label(hand.value.unit),
                round_number=hand.round_number,
                table_number=hand.table_number,
                hand_number=hand.number,
                fans=", ".join(hand.items),
            )
            for hand in event.biggest_hands
        ),
    )
