"""Statistics of players and events, read from the stored hands (issue 29).

The figures are computed by the pure ``scoring.engine.stats`` from the hands
of closed tables, as the standings count them, never from a second copy.
``load_sessions`` reads them for any set of tournaments, optionally one
player's sessions only, in four queries whatever the number of hands (the
results, the hands, the penalties, the tournaments' rules): the event page,
the player page, a league and a career all start there.

Both cached readers key their entry by a version of the tables read (every
write at a table bumps its version: a hand corrected or deleted, a table
closed or reopened), so a change is seen at once and nothing is deleted.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import Any, TypeVar

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.db.models import Count, Max, QuerySet, Sum
from django.utils.translation import get_language

from scoring.engine.errors import EngineError
from scoring.engine.rulesets import get_ruleset
from scoring.engine.stats import (
    EventStats,
    HandRecord,
    PlayerStats,
    SessionRecord,
    TableRecord,
    event_stats,
    stats_by_ruleset,
)
from tournaments.models import (
    WINDS,
    Hand,
    Penalty,
    Registration,
    SeatResult,
    Table,
    Tournament,
)
from tournaments.selectors.json_text import BATCH, as_text, decoded
from tournaments.selectors.room import get_standings_version

#: Seconds a computed entry stays; a new version makes a new key anyway.
STATS_CACHE_SECONDS = 15 * 60

T = TypeVar("T")


def min_hands_default() -> int:
    """The hands a player needs to lead a figure (``STATS_MIN_HANDS``)."""
    return int(settings.STATS_MIN_HANDS)


def _seat(wind: str | None) -> int | None:
    return _SEATS.get(wind)  # type: ignore[arg-type]


_SEATS = {wind: seat for seat, wind in enumerate(WINDS)}


def _rules(tournament_ids: Iterable[int]) -> dict[int, tuple[str, Any]]:
    """Each tournament's rule set code and cleaned options; a tournament
    under a rule set no longer registered is left out (no figures)."""
    found = {}
    rows = Tournament.objects.filter(pk__in=set(tournament_ids)).values_list(
        "pk", "ruleset", "ruleset_options"
    )
    for pk, code, raw in rows:
        try:
            ruleset = get_ruleset(code)
            found[pk] = (code, ruleset.clean_options(raw or {}))
        except EngineError:
            continue
    return found


def _hands(table_ids: Any) -> dict[int, list[HandRecord]]:
    """Every hand of the tables, by table in hand order; the JSON fields
    read as text and decoded a batch at a time (``json_text``)."""
    hands: dict[int, list[HandRecord]] = defaultdict(list)
    rows = (
        Hand.objects.filter(table_id__in=table_ids)
        .order_by("table_id", "number")
        .values_list(
            "table_id", "number", "kind", "winner__wind", "discarder__wind",
            "seat_winds", as_text("created_at"), as_text("deltas"), as_text("result"),
            as_text("fans"), as_text("tiles"),
        )
    )  # fmt: skip
    for row, (deltas, result, fans, tiles) in decoded(
        rows.iterator(chunk_size=BATCH), JSON_COLUMNS
    ):
        table_id, number, kind, winner, discarder, seat_winds, created_at = row[:7]
        hands[table_id].append(
            hand_record(
                number, kind, winner, discarder, seat_winds, created_at,
                (deltas, result, fans, tiles),
            )
        )  # fmt: skip
    return hands


def hand_record(
    number: int,
    kind: str,
    winner_wind: str | None,
    discarder_wind: str | None,
    seat_winds: str | None,
    created_at: str | None,
    json: Sequence[Any],
) -> HandRecord:
    """A stored hand as the statistics read it; ``created_at``: the time
    it was entered, as its stored text (``as_text``, see ``entered_at``);
    ``json``: its decoded deltas, result, fans and tiles."""
    deltas, result, fans, tiles = json
    return HandRecord(
        number,
        kind,
        _SEATS.get(winner_wind),  # type: ignore[arg-type]
        _SEATS.get(discarder_wind),  # type: ignore[arg-type]
        tuple(map(int, deltas or ())),
        result or {},
        seat_winds.find("E") if seat_winds and "E" in seat_winds else None,
        fans,
        tiles,
        entered_at(created_at),
    )


def entered_at(text: str | None) -> datetime | None:
    """A stored ``created_at`` read from its text (``as_text``): the value
    Django's field gives, without its per-row loader (on PostgreSQL a
    regular expression and three datetimes per value: 0.3 s of a
    102,400-hand event's statistics). PostgreSQL writes ISO 8601 with the
    session's offset (psycopg reads nothing else either); SQLite keeps the
    naive time in the connection's zone, as Django stores it."""
    if text is None:
        return None
    value = datetime.fromisoformat(text)
    if value.tzinfo is None:
        value = value.replace(tzinfo=connection.timezone)
    return value


#: Where ``_hands`` reads its JSON fields' texts.
JSON_COLUMNS = (7, 8, 9, 10)


def _penalties(table_ids: Any) -> dict[tuple[int, int | None], list[int]]:
    found: dict[tuple[int, int | None], list[int]] = defaultdict(list)
    rows = (
        Penalty.objects.filter(table_id__in=table_ids)
        .order_by("table_id", "created_at", "pk")
        .values_list("table_id", "seat__wind", "points")
    )
    for table_id, wind, points in rows:
        found[(table_id, _seat(wind))].append(int(points))
    return found


def load_sessions(
    tournaments: QuerySet[Tournament],
    *,
    player_id: int | None = None,
    ruleset: str | None = None,
    hands: Mapping[int, Sequence[HandRecord]] | None = None,
) -> list[SessionRecord]:
    """The sessions at closed tables of ``tournaments`` (any queryset: one
    event, a league's, those an audience may see), every player's or
    ``player_id``'s only, under rule set ``ruleset`` when given; in order of
    tournament, round and table. Four queries.

    The table records of a player's sessions know only that player's seat
    (``players`` has ``None`` for the others). ``hands``: the tables' hands
    by table id, when the caller has read them already (the workbook reads
    them once for its "Hands" sheet too); three queries then."""
    results = SeatResult.objects.filter(
        round__tournament__in=tournaments, seat__table__is_closed=True
    )
    if ruleset is not None:
        results = results.filter(round__tournament__ruleset=ruleset)
    if player_id is not None:
        results = results.filter(registration__player_id=player_id)
    rows = list(
        results.order_by(
            "round__tournament_id", "round__number", "seat__table__number", "seat__wind"
        ).values_list(
            "seat__table_id", "seat__wind", "registration__player_id", "score",
            "rank", "table_points_x12", "round__tournament_id", "round__number",
            "seat__table__number",
        )
    )  # fmt: skip
    if not rows:
        return []
    table_ids = results.values("seat__table_id")
    if hands is None:
        hands = _hands(table_ids)
    penalties = _penalties(table_ids)
    rules = _rules(row[6] for row in rows)
    players: dict[int, list[Any]] = defaultdict(lambda: [None] * len(WINDS))
    for table_id, wind, player, *_ in rows:
        players[table_id][WINDS.index(wind)] = player
    tables: dict[int, TableRecord] = {}
    sessions = []
    for table_id, wind, player, score, rank, tp12, event, round_no, number in rows:
        if event not in rules:
            continue
        table = tables.get(table_id)
        if table is None:
            code, options = rules[event]
            table = tables[table_id] = TableRecord(
                key=table_id,
                ruleset=code,
                options=options,
                hands=tuple(hands.get(table_id, ())),
                players=tuple(players[table_id]),
                event=event,
                round_number=round_no,
                table_number=number,
            )
        seat = WINDS.index(wind)
        sessions.append(
            SessionRecord(
                player=player,
                seat=seat,
                table=table,
                score=score,
                rank=rank,
                table_points=Fraction(tp12, 12),
                penalties=tuple(penalties.get((table_id, seat), ())),
            )
        )
    return sessions


@dataclass(frozen=True)
class TournamentStats:
    """An event's figures (``event``: ``None`` before a table is closed)
    and its registrations by player id, for names and numbers."""

    tournament: Tournament
    ruleset: str
    event: EventStats | None
    registrations: dict[int, Registration]


def get_tournament_stats(
    tournament: Tournament,
    *,
    min_hands: int | None = None,
    hands: Mapping[int, Sequence[HandRecord]] | None = None,
) -> TournamentStats:
    """The event's figures and every player's (six queries, five with
    ``hands``: see ``load_sessions``), without the cache: see
    ``get_cached_tournament_stats``."""
    sessions = load_sessions(Tournament.objects.filter(pk=tournament.pk), hands=hands)
    minimum = min_hands_default() if min_hands is None else min_hands
    registrations = {
        r.player_id: r for r in tournament.registrations.select_related("player__club")
    }
    # Substitutes fill tables but do not rank: they lead no figure either.
    ranked = {
        player
        for player, registration in registrations.items()
        if registration.status != Registration.Status.SUBSTITUTE
    }
    event = (
        event_stats(sessions, min_hands=minimum, ranked=ranked) if sessions else None
    )
    return TournamentStats(
        tournament=tournament,
        ruleset=tournament.ruleset,
        event=event,
        registrations=registrations,
    )


def get_cached_tournament_stats(
    tournament: Tournament,
    *,
    min_hands: int | None = None,
    version: str | None = None,
    hands: Callable[[], Mapping[int, Sequence[HandRecord]]] | None = None,
) -> TournamentStats:
    """``get_tournament_stats``, computed once per version of the closed
    tables (``get_standings_version``: a hand corrected or deleted, a table
    closed or reopened, a registration makes a new key). Language-free.
    ``version``: that version, when the caller has read it already;
    ``hands``: gives the tables' hands by table id on a miss, read by the
    caller (``load_sessions``)."""
    minimum = min_hands_default() if min_hands is None else min_hands
    if version is None:
        version = get_standings_version(tournament)
    key = f"stats:event:{tournament.pk}:{tournament.slug}:{minimum}:{version}"
    found = cache.get(key)
    if found is None:
        found = get_tournament_stats(
            tournament, min_hands=minimum, hands=hands() if hands else None
        )
        cache.set(key, found, STATS_CACHE_SECONDS)
    return found


def cached_view(
    name: str, tournament: Tournament, version: str, build: Callable[[], T]
) -> T:
    """What a page or the API shows of the event's figures (``name``: which
    view), built once per version of the closed tables and per language.

    The figures themselves are cached too, but a view caches its own rows:
    reading back the whole figures (hundreds of players' exact fractions)
    costs more than the view's few plain rows."""
    key = f"stats:{name}:{tournament.pk}:{tournament.slug}:{version}:{get_language()}"
    found = cache.get(key)
    if found is None:
        found = build()
        cache.set(key, found, STATS_CACHE_SECONDS)
    return found


def player_stats_version(player_id: int, tournaments: QuerySet[Tournament]) -> str:
    """A value that changes with any write at a closed table the player sat
    at in ``tournaments`` (and with the set of those tables: a merge, a
    table closed or reopened, another scope). One query."""
    parts = Table.objects.filter(
        round__tournament__in=tournaments,
        is_closed=True,
        seats__registration__player_id=player_id,
    ).aggregate(
        count=Count("id"), versions=Sum("version"), last=Max("id"), ids=Sum("id")
    )
    return "-".join(str(part or 0) for part in parts.values())


def get_player_stats(
    player_id: int,
    tournaments: QuerySet[Tournament],
    *,
    ruleset: str | None = None,
) -> dict[str, PlayerStats]:
    """One player's figures over their closed sessions in ``tournaments``,
    by rule set code (one entry with ``ruleset``); none without a session.
    Five queries, four of them only when the player's tables changed."""
    version = player_stats_version(player_id, tournaments)
    key = f"stats:player:{player_id}:{ruleset or '*'}:{version}"
    found = cache.get(key)
    if found is None:
        sessions = load_sessions(tournaments, player_id=player_id, ruleset=ruleset)
        found = stats_by_ruleset(sessions)
        cache.set(key, found, STATS_CACHE_SECONDS)
    return found
