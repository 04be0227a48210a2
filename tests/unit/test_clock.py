"""The round clock's arithmetic (tournaments/clock.py), without a database."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from tournaments.clock import ClockState, format_seconds, read_clock

NOON = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


def test_a_clock_never_started_shows_the_whole_session():
    """Not started: 120 minutes are 7,200 seconds left, nothing runs."""
    clock = read_clock(session_minutes=120, elapsed_s=0, started_at=None, now=NOON)
    assert clock.state == ClockState.NOT_STARTED
    assert clock.seconds_left == 7200
    assert not clock.running


def test_a_running_clock_counts_down_from_its_start():
    """Started 10 minutes ago: 110 minutes left."""
    clock = read_clock(
        session_minutes=120,
        elapsed_s=0,
        started_at=NOON - timedelta(minutes=10),
        now=NOON,
    )
    assert clock.state == ClockState.RUNNING
    assert clock.seconds_left == 110 * 60
    assert clock.running


def test_a_paused_clock_keeps_the_time_run_before_the_pause():
    """Paused after 30 minutes: 90 minutes left, whatever the time now."""
    clock = read_clock(
        session_minutes=120, elapsed_s=1800, started_at=None, now=NOON + timedelta(1)
    )
    assert clock.state == ClockState.PAUSED
    assert clock.seconds_left == 5400
    assert not clock.running


def test_resumed_clock_adds_the_current_run_to_the_earlier_ones():
    """30 minutes before a pause, 20 since the resume: 70 minutes left."""
    clock = read_clock(
        session_minutes=120,
        elapsed_s=1800,
        started_at=NOON - timedelta(minutes=20),
        now=NOON,
    )
    assert clock.seconds_left == 70 * 60


def test_extensions_for_the_round_and_for_one_table_add_up():
    """120 + 5 for every table + 3 for this one = 128 minutes in all."""
    clock = read_clock(
        session_minutes=120,
        elapsed_s=120 * 60,
        started_at=None,
        now=NOON,
        round_extra_minutes=5,
        table_extra_minutes=3,
    )
    assert clock.total_s == 128 * 60
    assert clock.seconds_left == 8 * 60
    assert clock.state == ClockState.PAUSED


def test_past_the_end_the_clock_is_over_with_negative_seconds():
    """Started 2 h 1 min ago for a 2-hour session: over by 60 seconds."""
    clock = read_clock(
        session_minutes=120,
        elapsed_s=0,
        started_at=NOON - timedelta(minutes=121),
        now=NOON,
    )
    assert clock.state == ClockState.OVER
    assert clock.is_over
    assert clock.seconds_left == -60
    assert clock.running


def test_exactly_at_the_end_the_time_is_over():
    clock = read_clock(session_minutes=1, elapsed_s=60, started_at=None, now=NOON)
    assert clock.state == ClockState.OVER
    assert clock.seconds_left == 0


def test_a_start_in_the_future_counts_as_no_time_run():
    """A server clock that stepped back never gives more than the session."""
    clock = read_clock(
        session_minutes=10,
        elapsed_s=0,
        started_at=NOON + timedelta(seconds=5),
        now=NOON,
    )
    assert clock.seconds_left == 600


def test_format_seconds_shows_hours_only_when_there_are_some():
    assert format_seconds(3909) == "1:05:09"
    assert format_seconds(247) == "4:07"
    assert format_seconds(-12) == "-0:12"
    assert format_seconds(0) == "0:00"


def test_the_face_shows_zero_once_the_time_is_over():
    clock = read_clock(session_minutes=1, elapsed_s=75, started_at=None, now=NOON)
    assert clock.display == "0:00"
    running = read_clock(session_minutes=90, elapsed_s=0, started_at=None, now=NOON)
    assert running.display == "1:30:00"
