"""A player's career across every event: sessions, opponents, records.

Five queries whatever the career's length: the player, their session
results, the results of everyone who sat at those tables, and the
tournaments and players those name. Closed tables only, as the standings count them.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, replace
from datetime import date
from fractions import Fraction

from django.core.cache import cache
from django.core.paginator import Paginator
from django.db.models import Max
from django.http import Http404
from django.shortcuts import get_object_or_404

from leagues.charts import LineChart, line_chart
from leagues.models import LeagueAuditEvent
from leagues.selectors.visibility import Audience
from tournaments.models import AuditEvent, Player, SeatResult, Tournament

BEST = 5


@dataclass(frozen=True)
class Opponent:
    player: Player
    score: int
    rank: int
    table_points: Fraction


@dataclass(frozen=True)
class CareerSession:
    tournament: Tournament
    day: date | None
    round: int
    table: int
    score: int
    rank: int
    table_points: Fraction
    opponents: list[Opponent]


@dataclass
class HeadToHead:
    """Sessions at one table with ``opponent``: ``ahead`` counts those the
    player finished above them, ``behind`` below; ``points`` is the player's
    table points minus the opponent's over those sessions."""

    opponent: Player
    meetings: int = 0
    ahead: int = 0
    behind: int = 0
    points: Fraction = Fraction(0)


@dataclass(frozen=True)
class CareerEvent:
    tournament: Tournament
    sessions: int
    table_points: Fraction
    score: int


@dataclass(frozen=True)
class Career:
    player: Player
    sessions: list[CareerSession]
    events: list[CareerEvent]
    head_to_head: list[HeadToHead]
    best_sessions: list[CareerSession]
    best_events: list[CareerEvent]
    chart: LineChart
    totals: dict[str, object] = field(default_factory=dict)


def _day(tournament: Tournament) -> date | None:
    return tournament.start_date or tournament.created_at.date()


def _sessions(player: Player, audience: Audience) -> list[CareerSession]:
    """Value rows, not model instances: a five-year member has hundreds of
    sessions and three times as many opponents' results."""
    results = SeatResult.objects.filter(
        audience.tournaments("round__tournament"),
        registration__player=player,
        seat__table__is_closed=True,
    )
    mine = list(
        results.values_list(
            "seat__table_id",
            "round__tournament_id",
            "round__number",
            "seat__table__number",
            "score",
            "rank",
            "table_points_x12",
        )
    )
    table_ids = [row[0] for row in mine]
    mates = list(
        SeatResult.objects.filter(seat__table_id__in=table_ids)
        .exclude(registration__player=player)
        .values_list(
            "seat__table_id",
            "registration__player_id",
            "score",
            "rank",
            "table_points_x12",
        )
    )
    players = Player.objects.in_bulk({row[1] for row in mates})
    tournaments = Tournament.objects.in_bulk({row[1] for row in mine})
    others: dict[int, list[Opponent]] = defaultdict(list)
    for table_id, other, score, rank, tp12 in mates:
        others[table_id].append(
            Opponent(players[other], score, rank, Fraction(tp12, 12))
        )
    sessions = [
        CareerSession(
            tournament=tournaments[tournament_id],
            day=_day(tournaments[tournament_id]),
            round=number,
            table=table_number,
            score=score,
            rank=rank,
            table_points=Fraction(tp12, 12),
            opponents=sorted(others[table_id], key=lambda o: o.rank),
        )
        for table_id, tournament_id, number, table_number, score, rank, tp12 in mine
    ]
    sessions.sort(key=lambda s: (s.day or date.min, s.tournament.pk, s.round))
    return sessions


def _head_to_head(sessions: list[CareerSession]) -> list[HeadToHead]:
    records: dict[int, HeadToHead] = {}
    for session in sessions:
        for other in session.opponents:
            record = records.setdefault(other.player.pk, HeadToHead(other.player))
            record.meetings += 1
            record.ahead += session.rank < other.rank
            record.behind += session.rank > other.rank
            record.points += session.table_points - other.table_points
    return sorted(
        records.values(), key=lambda r: (-r.meetings, r.opponent.name, r.opponent.pk)
    )


def _events(sessions: list[CareerSession]) -> list[CareerEvent]:
    grouped: dict[int, list[CareerSession]] = {}
    for session in sessions:
        grouped.setdefault(session.tournament.pk, []).append(session)
    return [
        CareerEvent(
            tournament=played[0].tournament,
            sessions=len(played),
            table_points=sum((s.table_points for s in played), Fraction(0)),
            score=sum(s.score for s in played),
        )
        for played in grouped.values()
    ]


def _known_to(player: Player, audience: Audience) -> bool:
    """``player`` is registered in an event ``audience`` may see."""
    if audience.everything:
        return True
    visible = audience.tournaments("tournament")
    return player.registrations.filter(visible).exists()


def get_career(player_id: int, *, audience: Audience) -> Career:
    """The player's career (five queries, six without a session); 404 for
    an unknown player.

    Only the events ``audience`` may see: the public ones for everyone, and
    to an organiser those they organise too (a private event's results are
    for its organisers)."""
    player = get_object_or_404(Player.objects.select_related("club"), pk=player_id)
    sessions = _sessions(player, audience)
    if not sessions and not _known_to(player, audience):
        # A player seen only in private events: not even their name.
        raise Http404
    events = _events(sessions)
    running, cumulative = Fraction(0), []
    for session in sessions:
        running += session.table_points
        cumulative.append(running)
    return Career(
        player=player,
        sessions=sessions,
        events=events,
        head_to_head=_head_to_head(sessions),
        best_sessions=sorted(sessions, key=lambda s: (-s.score, s.day or date.min))[
            :BEST
        ],
        best_events=sorted(events, key=lambda e: (-e.table_points, -e.score))[:BEST],
        chart=line_chart(cumulative),
        totals={
            "sessions": len(sessions),
            "events": len(events),
            "table_points": running,
            "firsts": sum(1 for s in sessions if s.rank == 1),
        },
    )


CAREER_CACHE_SECONDS = 3600


def career_version(player_id: int) -> str:
    """Changes with any score of an event the player played, and with any
    merge (both audited); two queries on indexed columns."""
    scores = AuditEvent.objects.filter(
        tournament__registrations__player_id=player_id
    ).aggregate(m=Max("pk"))["m"]
    merges = LeagueAuditEvent.objects.filter(league__isnull=True).aggregate(
        m=Max("pk")
    )["m"]
    return f"{player_id}:{scores or 0}:{merges or 0}"


def get_cached_career(
    player_id: int, *, audience: Audience, version: str | None = None
) -> Career:
    """``get_career``, cached by the player's data version and the audience:
    a long career is read and summed once per change, not once per view.
    ``version``: ``career_version``, when the caller has read it."""
    key = f"career:{version or career_version(player_id)}:{audience.key}"
    career = cache.get(key)
    if career is None:
        career = get_career(player_id, audience=audience)
        cache.set(key, career, CAREER_CACHE_SECONDS)
    return career


#: Sessions on a page of the career page, newest first.
SESSIONS_PER_PAGE = 50


@dataclass(frozen=True)
class CareerPage:
    """What one page of the career page shows: the career with only that
    page's ``sessions`` (newest first), page ``number`` of ``count``
    sessions in all."""

    career: Career
    number: int
    count: int


def page_number(raw: object) -> int:
    """A page number from the query string; 1 for anything else."""
    text = str(raw or "")
    return int(text) if text.isdigit() and 0 < len(text) <= 6 else 1


def get_career_page(
    player_id: int, *, audience: Audience, page: object, version: str | None = None
) -> CareerPage:
    """One page of the career, cached by version, audience and page: a
    long career's page reads back its fifty sessions, not its thousand
    (unpickling every session and opponent costs more than the page).
    A page past the last is the last, cached under its own number only."""
    version = version or career_version(player_id)
    wanted = page_number(page)
    key = f"career-page:{version}:{audience.key}"
    found = cache.get(f"{key}:{wanted}")
    if found is None:
        career = get_cached_career(player_id, audience=audience, version=version)
        paginator = Paginator(career.sessions[::-1], SESSIONS_PER_PAGE)
        current = paginator.get_page(wanted)
        found = CareerPage(
            career=replace(career, sessions=list(current.object_list)),
            number=current.number,
            count=len(career.sessions),
        )
        cache.set(f"{key}:{current.number}", found, CAREER_CACHE_SECONDS)
    return found
