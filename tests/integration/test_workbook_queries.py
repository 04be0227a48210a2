"""The standings workbook reads in as many queries at 24 players as at 8
(issue 31, item 4): every sheet is one query or a few, whatever the number
of players, tables and hands."""

from __future__ import annotations

import io
import zipfile

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.integration.room_data import room_event
from tests.integration.stats_data import played_event
from tournaments.models import WINDS, Hand, Round, Seat, Table
from tournaments.services.exports import build_export

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]


def queries(tournament) -> int:
    with CaptureQueriesContext(connection) as captured:
        build_export(tournament=tournament, kind="xlsx", language="en")
    return len(captured)


def test_the_query_count_does_not_grow_with_the_event():
    cache.clear()
    small, _ = room_event(8)
    large, _ = room_event(24)
    cold = queries(small), queries(large)
    warm = queries(small), queries(large)
    assert cold[0] == cold[1]
    assert warm[0] == warm[1]
    # The second build reads the statistics back from the cache.
    assert warm[0] < cold[0]


def _members(content: bytes) -> dict[str, bytes]:
    """The workbook's parts but its properties (their time stamps)."""
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        return {
            name: archive.read(name)
            for name in archive.namelist()
            if name != "docProps/core.xml"
        }


@pytest.mark.parametrize("code", ["mcr", "riichi", "french_simple"])
def test_one_read_of_the_hands_makes_the_same_workbook(code, organiser):
    """On a cache miss the statistics and the "Hands" sheet share one read
    of the hands (``WorkbookHands``); with the statistics cached the sheet
    streams them itself. Both workbooks are the same, part by part, and the
    shared read saves the statistics' own query of the hands."""
    cache.clear()
    tournament = played_event(code, organiser)
    open_table(tournament)
    with CaptureQueriesContext(connection) as cold_queries:
        cold = build_export(tournament=tournament, kind="xlsx", language="en")[1]
    with CaptureQueriesContext(connection) as warm_queries:
        warm = build_export(tournament=tournament, kind="xlsx", language="en")[1]
    assert _members(cold) == _members(warm)
    hands = [q["sql"] for q in cold_queries if 'FROM "tournaments_hand"' in q["sql"]]
    assert len(hands) == 1
    warm_hands = [
        q["sql"] for q in warm_queries if 'FROM "tournaments_hand"' in q["sql"]
    ]
    assert len(warm_hands) == 2  # the count, then the stream


def open_table(tournament) -> None:
    """A hand at a table still open: listed in "Hands", left out of the
    statistics."""
    round_ = tournament.rounds.get(number=3)
    round_.status = Round.Status.SEATED
    round_.save()
    registrations = list(tournament.registrations.order_by("number")[:4])
    table = Table.objects.create(round=round_, number=1)
    seats = [
        Seat.objects.create(table=table, round=round_, registration=r, wind=wind)
        for r, wind in zip(registrations, WINDS, strict=True)
    ]
    first = Hand.objects.filter(table__round__tournament=tournament).first()
    Hand.objects.create(
        table=table, number=1, prevalent_wind="E", seat_winds="ESWN",
        kind=first.kind, winner=seats[0] if first.winner_id else None,
        discarder=None, result=first.result, deltas=first.deltas, fans=first.fans,
    )  # fmt: skip
