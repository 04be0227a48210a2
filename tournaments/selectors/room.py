"""Reads for the room: who is still playing, a player's record, the seating
board and the "last change" value behind the public pages' ETags.

Each function runs a fixed number of queries, whatever the size of the event.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

from django.db.models import Count, F, Max, Q, QuerySet, Sum

from tournaments.models import (
    Registration,
    Round,
    Seat,
    Table,
    Tournament,
    in_wind_order,
)
from tournaments.selectors.single_flight import cached_once
from tournaments.selectors.standings import (
    Ranking,
    RoundResult,
    StandingRow,
    Standings,
    get_ranking,
    standing_row,
    standing_rows,
)


def list_playing_registrations(tournament: Tournament) -> set[int]:
    """Registration ids seated at a table still open in a round being played.

    One query. Their standings leave out the session in progress: only
    closed tables count.
    """
    return set(
        Seat.objects.filter(
            round__tournament=tournament,
            round__status=Round.Status.PLAYING,
            table__is_closed=False,
        ).values_list("registration_id", flat=True)
    )


def get_room_version(
    tournament: Tournament, *, closed_tables_only: bool = False
) -> str:
    """A short value that changes whenever a public page of the event may.

    Every write at a table bumps ``Table.version``; seating adds or replaces
    tables; a swap moves registrations between seats (the sum of seat id
    times registration id moves with it, a plain sum would not); a round's
    status and clock change the headers and the clock; registrations are
    counted by status so that a late entry or a withdrawal shows. Four small
    queries, no model row is loaded.

    ``closed_tables_only`` counts the versions of closed tables alone: the
    standings read nothing else of the tables (a hand at an open table does
    not move them, closing or reopening a table does), so 400 phones keep
    their 304 while 100 tablets enter hands.
    """
    tables = Table.objects.filter(round__tournament=tournament)
    if closed_tables_only:
        tables = tables.filter(is_closed=True)
    table_parts = tables.aggregate(
        count=Count("id"), versions=Sum("version"), last=Max("id")
    )
    seats = Seat.objects.filter(round__tournament=tournament).aggregate(
        count=Count("id"),
        places=Sum(F("id") * F("registration_id")),
        last=Max("id"),
    )
    rounds = tournament.rounds.order_by("number").values_list(
        "status", "clock_started_at", "clock_elapsed_s", "clock_extra_minutes"
    )
    registrations = tournament.registrations.aggregate(
        count=Count("id"),
        last=Max("id"),
        active=Count("id", filter=Q(status=Registration.Status.ACTIVE)),
        withdrawn=Count("id", filter=Q(status=Registration.Status.WITHDRAWN)),
    )
    parts = [
        "closed" if closed_tables_only else "all",
        *table_parts.values(),
        *seats.values(),
        *registrations.values(),
        *(part for row in rounds for part in row),
    ]
    # Times in ISO form: the value is part of cache keys, and a space (as in
    # str() of a datetime) is a key memcached would refuse.
    return "-".join(
        part.isoformat() if isinstance(part, datetime) else str(part) for part in parts
    )


def get_standings_version(tournament: Tournament) -> str:
    """The room version of what the standings read (closed tables only)."""
    return get_room_version(tournament, closed_tables_only=True)


#: Seconds a computed standings stays in the cache; a new version makes a new
#: key anyway, this only lets old keys go.
STANDINGS_CACHE_SECONDS = 15 * 60


def get_live_ranking(
    tournament: Tournament, version: str | None = None
) -> tuple[Ranking, frozenset[int]]:
    """The ranking and who is still playing, computed once per version.

    Every phone of the room asks for the same standings; the ranking is
    computed (two queries and ``rank_players``) by the first request after
    a change and read from the cache by the others. What is cached is
    compact and language-free: ids and numbers (``RankedEntry``), no model
    row; each page reads the registrations of the rows it shows. The key
    holds the tournament's id and slug (a database restored or rolled back
    reuses ids) and ``get_standings_version``, so a closed table or a new
    registration makes a new key; nothing has to be deleted. Computed once
    even when many ask at the same moment (``cached_once``).
    """
    if version is None:
        version = get_standings_version(tournament)
    key = f"ranking:{tournament.pk}:{tournament.slug}:{version}"
    # Single flight: the phones that poll right after a table closes wait
    # for the first one's ranking instead of each computing it.
    return cached_once(
        key,
        lambda: (
            get_ranking(tournament),
            frozenset(list_playing_registrations(tournament)),
        ),
        STANDINGS_CACHE_SECONDS,
    )


def get_live_standings(
    tournament: Tournament, version: str | None = None
) -> tuple[Standings, frozenset[int]]:
    """Every row of the cached ranking with its registration and sessions,
    and who is still playing: for the pages that show the whole list (the
    projector). Two queries past the ranking's."""
    ranking, playing = get_live_ranking(tournament, version)
    rows = standing_rows(tournament, ranking.entries, everyone=True)
    numbers = list(range(1, tournament.rounds_count + 1))
    return Standings(tournament, rows, numbers), playing


@dataclass(frozen=True)
class PlayerRound:
    """One session of the player: where, against whom, and how it went."""

    seat: Seat
    opponents: list[Seat]
    is_closed: bool

    @property
    def result(self):
        return getattr(self.seat, "result", None)

    @property
    def is_playing(self) -> bool:
        """At the table now: the round is under way and the table still open."""
        return not self.is_closed and self.seat.round.status == Round.Status.PLAYING

    @property
    def table_points(self) -> Fraction | None:
        result = self.result
        return result.table_points if result and self.is_closed else None


@dataclass(frozen=True)
class PlayerRecord:
    registration: Registration
    rounds: list[PlayerRound]
    standing: StandingRow | None
    players_ranked: int
    is_playing: bool


def _opponents(seats: list[Seat], registration: Registration) -> dict[int, list]:
    """The other three seats of each of the player's tables (one query)."""
    by_table: dict[int, list[Seat]] = {seat.table_id: [] for seat in seats}
    others = (
        Seat.objects.filter(table_id__in=by_table)
        .exclude(registration=registration)
        .select_related("registration__player")
    )
    for seat in others:
        by_table[seat.table_id].append(seat)
    return {table: in_wind_order(seats) for table, seats in by_table.items()}


def get_player_record(
    tournament: Tournament, number: int, ranking: Ranking | None = None
) -> PlayerRecord:
    """The player registered as ``number``: sessions, opponents and standing.

    Four queries: the registration, its seats, the opponents and the
    ranking's one, unless the caller hands ``ranking`` over (the page takes
    it from the cache: ``get_live_ranking``); the player's own row is a
    look-up in it, its sessions are the seats already read. Raises
    ``Registration.DoesNotExist`` for an unknown number.
    """
    registration = Registration.objects.select_related("player__club").get(
        tournament=tournament, number=number
    )
    seats = list(
        Seat.objects.filter(registration=registration)
        .select_related("table", "round", "result")
        .order_by("round__number")
    )
    opponents = _opponents(seats, registration)
    rounds = [
        PlayerRound(
            seat=seat,
            opponents=opponents[seat.table_id],
            is_closed=seat.table.is_closed,
        )
        for seat in seats
    ]
    if ranking is None:
        ranking = get_ranking(tournament)
    entry = ranking.entry_of(registration.pk)
    standing = None
    if entry is not None:
        standing = standing_row(entry, registration, _closed_results(rounds))
    playing = any(entry.is_playing for entry in rounds)
    return PlayerRecord(
        registration=registration,
        rounds=rounds,
        standing=standing,
        players_ranked=len(ranking),
        is_playing=playing,
    )


def _closed_results(rounds: list[PlayerRound]) -> dict[int, RoundResult]:
    """The player's sessions the standings count (closed tables), by round."""
    results = {}
    for entry in rounds:
        result = entry.result
        if entry.is_closed and result is not None:
            number = entry.seat.round.number
            results[number] = RoundResult(
                number,
                entry.seat.table.number,
                result.score,
                result.rank,
                result.table_points,
            )
    return results


def list_round_sitters(round_: Round) -> list[Seat]:
    """The round's seats, players in alphabetical order, with their table.

    One query; the "where do I sit?" board of the projector.
    """
    return list(
        Seat.objects.filter(round=round_)
        .select_related("registration__player", "table")
        .order_by(
            "registration__player__last_name",
            "registration__player__first_name",
            "registration__number",
        )
    )


def list_public_tournaments() -> QuerySet[Tournament]:
    return Tournament.objects.filter(is_public=True)
