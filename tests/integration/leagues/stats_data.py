"""A league whose season mixes rule sets, for the league statistics tests.

Two MCR nights played by the same eight players (the second event's
registrations moved onto the first's players, so their figures span two
events), a riichi night and a French night, each played through the
services (``tests.integration.stats_data``) and counted in the league.
"""

from __future__ import annotations

from collections import defaultdict

from leagues.models import League
from leagues.services import leagues as league_services
from tests.integration.leagues.data import make_league
from tests.integration.stats_data import played_event, recount
from tournaments.models import Registration, Tournament


def same_players(first: Tournament, second: Tournament) -> None:
    """``second``'s registrations moved onto ``first``'s players, by number."""
    players = dict(first.registrations.values_list("number", "player_id"))
    for registration in second.registrations.all():
        Registration.objects.filter(pk=registration.pk).update(
            player_id=players[registration.number]
        )


def mixed_league(organiser, **fields) -> tuple[League, dict[str, list[Tournament]]]:
    """The league and its events by rule set code."""
    league = make_league(organiser, ruleset="mcr", **fields)
    events = {
        "mcr": [played_event("mcr", organiser, 5), played_event("mcr", organiser, 7)],
        "riichi": [played_event("riichi", organiser, 3)],
        "french_simple": [played_event("french_simple", organiser, 4)],
    }
    same_players(*events["mcr"])
    for tournaments in events.values():
        for tournament in tournaments:
            league_services.add_event(
                league=league, tournament=tournament, actor=organiser
            )
    return league, events


def merged_recount(tournaments: list[Tournament]) -> dict[int, dict[str, object]]:
    """Each player's tallies over several events: counts added, lists joined."""
    merged: dict[int, dict[str, object]] = defaultdict(lambda: defaultdict(int))
    for tournament in tournaments:
        for player, tally in recount(tournament).items():
            mine = merged[player]
            for key, value in tally.items():
                if isinstance(value, list):
                    mine[key] = [*mine.get(key, []), *value]
                else:
                    mine[key] = mine.get(key, 0) + value
    return merged
