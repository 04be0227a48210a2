"""The sessions the ratings read, in their one canonical order, and the
sessions closed since a rating job: what an incremental update may rate.

openskill is order-dependent, so every job rates sessions in one order:
the tournament's start date (undated last, on every database), the
tournament, the round, the table's number, the table. An update that rates
only the sessions closed since the last job gives the ratings a full
recompute would give when those sessions could have been rated last: when
no session already rated comes after one of them in that order with one of
their players (sessions without a common player commute: each player's
rating sees the same updates in the same order). Tables of one round close
in any order; their players are disjoint, so they stay incremental.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db.models import Exists, F, OuterRef, Q, Subquery

from leagues.ratings import TableSession
from tournaments.models import AuditEvent, SeatResult, Table

ORDER = (
    F("round__tournament__start_date").asc(nulls_last=True),
    "round__tournament_id",
    "round__number",
    "seat__table__number",
    "seat__table_id",
)
"""The canonical order of rated sessions (then seats by primary key)."""

Key = tuple[date | None, int, int, int, int]

SAFE_ACTIONS = frozenset(
    {
        "tournament.create",
        "players.register",
        "players.import",
        "registration.status",
        "round.finish",
        "table.new_link",
        "table.close",
    }
)
"""Audited writes that change no rated session (a closed table's session is
new: it is checked below). ``registration.status`` changes no session the
ratings read (substitutes are rated too)."""
SAFE_PREFIXES = ("checkin.", "signup.", "seating.", "confirmation.")
TABLE_WRITES = frozenset(
    {
        "hand.record",
        "hand.correct",
        "hand.delete",
        "hand.flag",
        "hand.confirm",
        "hand.revalue",
        "penalty.add",
        "penalty.remove",
    }
)
"""Writes to one table's session: harmless while it is open (not rated) or
when it is one of the new sessions, a correction of a rated one otherwise."""


def _grouped(rows: Iterable[tuple[int, int, int]]) -> list[TableSession]:
    sessions: list[TableSession] = []
    current, players, ranks = None, [], []
    for table_id, player, rank in rows:
        if table_id != current and players:
            sessions.append(TableSession(tuple(players), tuple(ranks)))
            players, ranks = [], []
        current = table_id
        players.append(player)
        ranks.append(rank)
    if players:
        sessions.append(TableSession(tuple(players), tuple(ranks)))
    return sessions


def _closed() -> Any:
    return SeatResult.objects.filter(seat__table__is_closed=True).order_by(*ORDER, "pk")


def load_sessions() -> list[TableSession]:
    """Every session of a closed table, in the canonical order (one query)."""
    rows = _closed().values_list("seat__table_id", "registration__player_id", "rank")
    return _grouped(rows.iterator(chunk_size=4000))


def load_sessions_seen() -> tuple[int, list[TableSession]]:
    """Every session and the newest audited score write (its id) they
    include, read in one statement: one snapshot, so a table closed while
    they are read is either in both or in neither (the next update rates
    exactly the tables closed after that id)."""
    newest = AuditEvent.objects.order_by("-pk")
    rows = _closed().values_list(
        "seat__table_id",
        "registration__player_id",
        "rank",
        Subquery(newest.values("pk")[:1]),
    )
    seen = 0
    triples = []
    for table_id, player, rank, fingerprint in rows.iterator(chunk_size=4000):
        seen = fingerprint or 0
        triples.append((table_id, player, rank))
    if not triples:
        newest_id = AuditEvent.objects.order_by("-pk").values_list("pk", flat=True)
        seen = newest_id.first() or 0
    return seen, _grouped(triples)


@dataclass(frozen=True)
class NewSessions:
    """The sessions to rate after a job that saw writes up to
    ``since``, in order; ``fingerprint`` the newest write they include."""

    fingerprint: int
    sessions: list[TableSession]
    players: frozenset[int]


def _after(key: Key) -> Q:
    """Sessions after ``key`` in the canonical order (undated last)."""
    day, tournament, number, table_number, table = key
    same_round = Q(seat__table__number__gt=table_number) | Q(
        seat__table__number=table_number, seat__table_id__gt=table
    )
    same_tournament = Q(round__number__gt=number) | (
        Q(round__number=number) & same_round
    )
    later = Q(round__tournament_id__gt=tournament) | (
        Q(round__tournament_id=tournament) & same_tournament
    )
    undated = Q(round__tournament__start_date__isnull=True)
    if day is None:
        return undated & later
    return (
        undated
        | Q(round__tournament__start_date__gt=day)
        | (Q(round__tournament__start_date=day) & later)
    )


def _unsafe(
    events: list[tuple[int, str, int | None]], new: set[int], open_: set[int]
) -> str:
    """Why these writes need a full recompute ("" when they do not)."""
    for _pk, action, table in events:
        if action in SAFE_ACTIONS or action.startswith(SAFE_PREFIXES):
            continue
        if action in TABLE_WRITES and table is not None:
            if table in new or table in open_:
                continue
            return "correction"
        if action == "tournament.update":
            continue  # checked with its before and after below
        return action.split(".")[0] if action else "unknown"
    return ""


def _dates_moved(since: int, until: int) -> bool:
    """A tournament's start date changed: the canonical order moved."""
    for before, after in AuditEvent.objects.filter(
        pk__gt=since, pk__lte=until, action="tournament.update"
    ).values_list("before", "after"):
        if "start_date" in (after or {}) and (before or {}).get(
            "start_date"
        ) != after.get("start_date"):
            return True
    return False


def count_sessions() -> int:
    """The closed tables with a session (what a full recompute rates)."""
    results = SeatResult.objects.filter(seat__table_id=OuterRef("pk"))
    return Table.objects.filter(Exists(results), is_closed=True).count()


def list_new_sessions(since: int, rated: int) -> NewSessions | str:
    """The sessions of the tables closed after the audited write ``since``,
    or the reason they cannot be rated after the others (a rated session
    corrected, reopened or merged, a start date moved, a new session placed
    before a rated one of the same player): then every session must be
    rated again. ``rated``: the sessions the stored ratings count; when
    they and the new ones are not every session, something unaudited
    changed them (a tournament deleted): every session again. At most six
    queries, whatever the league's size."""
    events = list(
        AuditEvent.objects.filter(pk__gt=since)
        .order_by("pk")
        .values_list("pk", "action", "table_id")
    )
    if not events:
        if count_sessions() != rated:
            return "count"
        return NewSessions(since, [], frozenset())
    fingerprint = events[-1][0]
    touched = {table for _pk, _action, table in events if table is not None}
    closed_now = set(
        Table.objects.filter(pk__in=touched, is_closed=True).values_list(
            "pk", flat=True
        )
    )
    new = {
        table
        for _pk, action, table in events
        if action == "table.close" and table in closed_now
    }
    reason = _unsafe(events, new, touched - closed_now)
    if reason:
        return reason
    if _dates_moved(since, fingerprint):
        return "date"
    rows = list(
        _closed()
        .filter(seat__table_id__in=new)
        .values_list(
            "seat__table_id",
            "registration__player_id",
            "rank",
            "round__tournament__start_date",
            "round__tournament_id",
            "round__number",
            "seat__table__number",
        )
    )
    sessions = _grouped(row[:3] for row in rows)
    if count_sessions() != rated + len(sessions):
        return "count"
    if not rows:
        return NewSessions(fingerprint, [], frozenset())
    players = frozenset(row[1] for row in rows)
    first = rows[0]
    key: Key = (first[3], first[4], first[5], first[6], first[0])
    overtaken = (
        SeatResult.objects.filter(seat__table__is_closed=True)
        .filter(_after(key), registration__player_id__in=players)
        .exclude(seat__table_id__in=new)
    )
    if overtaken.exists():
        return "order"
    return NewSessions(fingerprint, sessions, players)
