"""The collector paused while a workbook is built, and resumed after."""

from __future__ import annotations

import gc
import threading

import pytest

from tournaments.exports.collector import collector_paused


@pytest.fixture(autouse=True)
def _collector_restored():
    enabled = gc.isenabled()
    yield
    if enabled:
        gc.enable()
    else:
        gc.disable()


def test_paused_inside_and_resumed_after():
    gc.enable()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_resumed_after_an_error():
    gc.enable()
    with pytest.raises(ValueError), collector_paused():
        raise ValueError
    assert gc.isenabled()


def test_left_off_when_it_was_off_before():
    gc.disable()
    with collector_paused():
        pass
    assert not gc.isenabled()


def test_builds_at_once_resume_it_when_the_last_ends():
    """Two threads' builds overlap: the first to end leaves it paused."""
    gc.enable()
    inside, release = threading.Event(), threading.Event()

    def other_build():
        with collector_paused():
            inside.set()
            release.wait(5)

    thread = threading.Thread(target=other_build)
    with collector_paused():
        thread.start()
        assert inside.wait(5)
    assert not gc.isenabled()  # the other build still runs
    release.set()
    thread.join(5)
    assert gc.isenabled()
