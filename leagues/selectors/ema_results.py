"""Every weighted tournament's final places at once, for the EMA ranking.

The EMA reads each tournament's final places (``tournaments.selectors.
standings.get_standings``: two queries a tournament). A league's EMA page
reads hundreds of them, so this module reads every tournament's
registrations and closed sessions in two queries, whatever their number,
and places the players with the same pure ranking (``scoring.engine.
standings``) the standings use: same records, same rule set order, same
tie-breaks, so the same places.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from leagues.ema import EmaResult
from scoring.engine.rulesets import get_ruleset
from scoring.engine.standings import DEFAULT_TIEBREAKS, PlayerRecord, rank_players
from tournaments.models import Registration, SeatResult, Tournament

_Session = tuple[int, int, int]
"""One session: score, rank at the table, table points x12."""


def _registrations(ids: list[int]) -> dict[int, dict[int, int]]:
    """Each tournament's ranked registrations: registration id to player
    id (substitutes sit but do not rank)."""
    found: dict[int, dict[int, int]] = defaultdict(dict)
    rows = (
        Registration.objects.filter(tournament_id__in=ids)
        .exclude(status=Registration.Status.SUBSTITUTE)
        .values_list("tournament_id", "pk", "player_id")
    )
    for tournament, registration, player in rows.iterator(chunk_size=5000):
        found[tournament][registration] = player
    return found


def _sessions(ids: list[int]) -> dict[int, dict[int, _Session]]:
    """Each registration's sessions of closed tables, by round number."""
    found: dict[int, dict[int, _Session]] = defaultdict(dict)
    rows = (
        SeatResult.objects.filter(
            round__tournament_id__in=ids, seat__table__is_closed=True
        )
        .exclude(registration__status=Registration.Status.SUBSTITUTE)
        .values_list(
            "registration_id", "round__number", "score", "rank", "table_points_x12"
        )
    )
    for registration, number, score, rank, tp12 in rows.iterator(chunk_size=5000):
        found[registration][number] = (score, rank, tp12)
    return found


def _record(registration: int, sessions: dict[int, _Session]) -> PlayerRecord:
    """``scoring.engine.standings.accumulate`` over integers: the table
    points summed x12 and made a fraction once (one ``Fraction`` a player,
    not one a session: 128,000 sessions cost a second otherwise)."""
    places = [0, 0, 0, 0]
    for _score, rank, _tp12 in sessions.values():
        places[rank - 1] += 1
    scores = [score for score, _rank, _tp12 in sessions.values()]
    return PlayerRecord(
        player_id=registration,
        table_points=Fraction(sum(tp12 for _s, _r, tp12 in sessions.values()), 12),
        score=sum(scores),
        places=(places[0], places[1], places[2], places[3]),
        best_session=max(scores) if scores else None,
        sessions=len(scores),
    )


def _places(
    tournament: Tournament,
    registrations: dict[int, int],
    sessions: dict[int, dict[int, _Session]],
) -> list[tuple[int, int]]:
    """(player id, final place) of each ranked player who played a session,
    as ``get_standings`` places them (a player without a session ranks too,
    below the others, but is no EMA result)."""
    records = [_record(reg, sessions.get(reg, {})) for reg in registrations]
    ruleset = get_ruleset(tournament.ruleset)
    options = ruleset.clean_options(tournament.ruleset_options or {})
    ranked = rank_players(
        records,
        tournament.tiebreaks or DEFAULT_TIEBREAKS,
        ranking=ruleset.ranking(options),
    )
    return [
        (registrations[entry.record.player_id], entry.rank)
        for entry in ranked
        if entry.record.sessions
    ]


def tournament_day(tournament: Tournament):
    """The date the EMA gives a tournament's results: its last day."""
    return tournament.end_date or tournament.start_date or tournament.created_at.date()


def list_ema_results(tournaments: list[Tournament]) -> list[EmaResult]:
    """Every ranked player's final place in each of ``tournaments`` (two
    queries whatever their number)."""
    ids = [tournament.pk for tournament in tournaments]
    registrations = _registrations(ids)
    sessions = _sessions(ids)
    results: list[EmaResult] = []
    for tournament in tournaments:
        places = _places(tournament, registrations.get(tournament.pk, {}), sessions)
        day = tournament_day(tournament)
        weight = Fraction(str(tournament.mers_weight))
        results += [
            EmaResult(
                player=player,
                tournament=tournament.pk,
                date=day,
                place=place,
                players=len(places),
                weight=weight,
            )
            for player, place in places
        ]
    return results
