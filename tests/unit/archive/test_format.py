"""The event archive's format (tournaments/archive): written and read back
unchanged, and every broken or hand-edited document refused whole at its
first problem, named by code and path."""

from __future__ import annotations

import copy
import json
from datetime import UTC, datetime
from typing import Any

import pytest

from tests.unit.archive.documents import document
from tournaments.archive import FORMAT, VERSION, ArchiveError, dump, parse


def refused(doc: Any) -> ArchiveError:
    with pytest.raises(ArchiveError) as caught:
        parse(doc)
    return caught.value


def test_a_document_reads_and_writes_back_identically():
    """dump(parse(doc)) is the document itself, through JSON text too."""
    doc = document()
    archive = parse(doc)
    assert dump(archive) == doc
    assert parse(json.loads(json.dumps(dump(archive)))) == archive


def test_the_values_read():
    archive = parse(document())
    assert archive.event.uid == "0b6f8a4e-6f0e-4d51-9a3e-3f1f2d7c9a10"
    table = archive.rounds[0].tables[0]
    assert [seat.registration for seat in table.seats] == [1, 2, 3, 4]
    assert (table.hands[0].winner, table.hands[0].discarder) == (1, 2)
    assert table.hands[1].winner == 3
    assert table.hands[0].created_at == datetime(2026, 3, 14, 9, tzinfo=UTC)
    assert table.penalties[0].referee == "Rita Referee"
    assert archive.audit[0].round == 1


def test_the_senders_payments_take_no_part_in_equality():
    """A hand's ``deltas`` are informative: an edited total is read (its
    shape checked) but two archives that differ only there are equal."""
    doc = document()
    edited = copy.deepcopy(doc)
    edited["rounds"][0]["tables"][0]["hands"][0]["deltas"] = [1000, 0, 0, -1000]
    assert parse(edited) == parse(doc)


def test_the_header_is_checked_first():
    assert FORMAT == "muraille-event" and VERSION == 1
    assert refused([]).code == "archive_not_muraille"
    doc = document()
    doc["format"] = "something-else"
    assert refused(doc).code == "archive_not_muraille"


def test_a_newer_version_is_refused_by_its_version():
    """Even with keys this reader does not know: the version speaks first."""
    doc = document()
    doc["version"] = VERSION + 1
    doc["event"]["a_new_field"] = 1
    error = refused(doc)
    assert (error.code, error.path) == ("archive_version_unsupported", "version")
    assert error.params["version"] == 2 and error.params["supported"] == 1


def _set(doc: dict, path: list, value: Any) -> None:
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value


def _delete(doc: dict, path: list) -> None:
    target = doc
    for key in path[:-1]:
        target = target[key]
    del target[path[-1]]


HAND = ["rounds", 0, "tables", 0, "hands"]
TABLE = ["rounds", 0, "tables", 0]

TAMPERED = [
    # A string where a number is.
    ([*HAND, 1, "number"], "2", "archive_bad_type",
     "rounds[0].tables[0].hands[1].number"),
    (["event", "rounds_count"], "2", "archive_bad_type", "event.rounds_count"),
    (["version"], "1", "archive_bad_type", "version"),
    # A hand's winner who does not sit at the table.
    ([*HAND, 0, "winner"], 7, "archive_not_seated",
     "rounds[0].tables[0].hands[0].winner"),
    # A winner who sits there but is not the one the result names.
    ([*HAND, 0, "winner"], 3, "archive_disagrees_with_result",
     "rounds[0].tables[0].hands[0].winner"),
    ([*HAND, 0, "kind"], "self_draw", "archive_disagrees_with_result",
     "rounds[0].tables[0].hands[0].kind"),
    # A seat whose registration is not in the archive.
    ([*TABLE, "seats", 2, "registration"], 9, "archive_unknown_registration",
     "rounds[0].tables[0].seats[2].registration"),
    ([*TABLE, "seats", 1, "wind"], "W", "archive_bad_seats",
     "rounds[0].tables[0].seats[1].wind"),
    ([*HAND, 2, "number"], 4, "archive_bad_numbering",
     "rounds[0].tables[0].hands[2].number"),
    ([*HAND, 0, "result", "fan_total"], 7, "archive_rule_refused",
     "rounds[0].tables[0].hands[0].result"),
    ([*HAND, 0, "seat_winds"], "EESW", "archive_bad_winds",
     "rounds[0].tables[0].hands[0].seat_winds"),
    ([*HAND, 0, "created_at"], "2026-03-14T09:00:00", "archive_bad_time",
     "rounds[0].tables[0].hands[0].created_at"),
    ([*HAND, 1, "idempotency_key"], "key-1", "archive_duplicate",
     "rounds[0].tables[0].hands[1].idempotency_key"),
    ([*HAND, 0, "deltas"], [1, 2, "3", 4], "archive_bad_type",
     "rounds[0].tables[0].hands[0].deltas[2]"),
    ([*TABLE, "penalties", 0, "registration"], 8, "archive_not_seated",
     "rounds[0].tables[0].penalties[0].registration"),
    ([*TABLE, "penalties", 0, "kind"], "chombo", "archive_rule_refused",
     "rounds[0].tables[0].penalties[0]"),
    (["registrations", 1, "number"], 1, "archive_duplicate", "registrations[1].number"),
    (["registrations", 0, "player", "ema_number"], "12ab", "archive_bad_ema_number",
     "registrations[0].player.ema_number"),
    (["registrations", 2, "player", "ema_number"], "04010001",
     "archive_duplicate_player", "registrations[2].player.ema_number"),
    (["registrations", 0, "status"], "ghost", "archive_bad_choice",
     "registrations[0].status"),
    (["event", "uid"], "not-a-uuid", "archive_bad_uid", "event.uid"),
    (["event", "slug"], "paris open", "archive_bad_slug", "event.slug"),
    (["event", "ruleset"], "no-such-rules", "archive_rule_refused", "event.ruleset"),
    (["event", "rounds_count"], 3, "archive_rounds_count", "rounds"),
    (["event", "mers_weight"], 1.5, "archive_bad_decimal", "event.mers_weight"),
    (["event", "name"], " ", "archive_blank", "event.name"),
    (["event", "start_date"], "14/03/2026", "archive_bad_date", "event.start_date"),
    (["audit", 0, "table"], 5, "archive_unknown_table", "audit[0].table"),
    (["rounds", 1, "number"], 3, "archive_bad_numbering", "rounds[1].number"),
    (["rounds", 0, "clock_elapsed_s"], -1, "archive_out_of_range",
     "rounds[0].clock_elapsed_s"),
    ([*HAND, 0, "is_public"], True, "archive_unknown_key",
     "rounds[0].tables[0].hands[0].is_public"),
]  # fmt: skip


@pytest.mark.parametrize(("path", "value", "code", "where"), TAMPERED)
def test_a_tampered_document_is_refused_at_its_problem(path, value, code, where):
    doc = document()
    _set(doc, path, value)
    error = refused(doc)
    assert (error.code, error.path) == (code, where)
    assert error.params["path"] == where


def test_a_missing_key_is_named():
    doc = document()
    _delete(doc, [*HAND, 1, "result"])
    error = refused(doc)
    assert (error.code, error.path) == (
        "archive_missing_key",
        "rounds[0].tables[0].hands[1].result",
    )


def test_a_player_seated_twice_in_a_round_is_refused():
    doc = document()
    table = copy.deepcopy(doc["rounds"][0]["tables"][0])
    table["number"], table["hands"], table["penalties"] = 2, [], []
    doc["rounds"][0]["tables"].append(table)
    error = refused(doc)
    assert error.code == "archive_seated_twice"
    assert error.path == "rounds[0].tables[1].seats[0].registration"


def test_sizes_are_bounded():
    doc = document()
    doc["rounds"][0]["tables"][0]["hands"] *= 100  # 300 hands at one table
    assert refused(doc).code == "archive_too_many"
    doc = document()
    doc["event"]["name"] = "x" * 161
    assert refused(doc).code == "archive_too_long"
