"""Backup names and what to prune: names in, names out, no database."""

from __future__ import annotations

from datetime import datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from tournaments.venue.backups import backup_name, backups_to_prune, taken_at

START = datetime(2026, 11, 27, 9, 0, 0)


def names_every_five_minutes(count: int) -> list[str]:
    return [backup_name(START + timedelta(minutes=5 * i)) for i in range(count)]


def test_a_backup_is_named_after_its_local_time():
    assert backup_name(datetime(2026, 11, 27, 15, 4, 5)) == (
        "muraille-20261127-150405.sqlite3"
    )


def test_the_time_is_read_back_from_the_name():
    assert taken_at("muraille-20261127-150405.sqlite3") == datetime(
        2026, 11, 27, 15, 4, 5
    )


def test_other_files_are_not_backups():
    for name in (
        "db.sqlite3",
        "muraille-20261127-150405.sqlite3-wal",
        ".muraille-abc.partial",
        "muraille-20261127-150405.sqlite3.partial",
        "muraille-20261399-250000.sqlite3",  # the shape, but no such date
        "notes-muraille-20261127-150405.sqlite3",
    ):
        assert taken_at(name) is None, name


def test_pruning_removes_the_oldest_beyond_the_newest_24():
    names = names_every_five_minutes(30)
    assert backups_to_prune(reversed(names), keep=24) == names[:6]


def test_pruning_never_names_another_file():
    names = [*names_every_five_minutes(26), "db.sqlite3", "keep-me.sqlite3"]
    pruned = backups_to_prune(names, keep=24)
    assert pruned == names[:2]


def test_nothing_is_pruned_below_the_limit():
    assert backups_to_prune(names_every_five_minutes(3), keep=24) == []


def test_the_newest_backup_survives_a_limit_below_one():
    names = names_every_five_minutes(3)
    assert backups_to_prune(names, keep=0) == names[:2]


@given(
    st.sets(st.integers(min_value=0, max_value=10**6), max_size=40),
    st.integers(min_value=1, max_value=30),
)
def test_pruning_keeps_exactly_the_newest(offsets, keep):
    """Whatever the times, the survivors are the ``keep`` newest backups."""
    names = [backup_name(START + timedelta(seconds=s)) for s in offsets]
    pruned = set(backups_to_prune(names, keep=keep))
    kept = sorted(set(names) - pruned)
    assert len(kept) == min(keep, len(names))
    assert all(old < new for old in pruned for new in kept)
