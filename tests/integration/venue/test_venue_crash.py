"""Crash: the venue killed (``kill -9`` of its whole process group) while
tablets are recording, then started again on the same folder."""

from __future__ import annotations

import threading
import time
from collections import Counter

import pytest
import requests

from tests.integration.venue.conftest import copy_venue, stored_hands
from tests.integration.venue.venue_process import Tablet, venue_server

# The venue in processes of its own, on its SQLite files whatever the
# suite's database: run once, in the SQLite pass; on one xdist worker, which
# builds the venue template once.
pytestmark = [pytest.mark.own_sqlite, pytest.mark.xdist_group("venue_template")]

TABLETS = 20
HANDS_BEFORE_THE_CRASH = 3 * TABLETS


def test_a_killed_venue_keeps_every_acknowledged_hand(venue_template, tmp_path):
    """Every hand whose answer came back is there after the restart, and the
    hands sent again with their idempotency key (as the tablet's queue does)
    are stored once, whether or not the killed server had stored them."""
    folder = copy_venue(venue_template, tmp_path)
    tables = venue_template.event["tables"][:TABLETS]
    acknowledged: list[str] = []
    in_flight: dict[int, dict[str, str]] = {}
    refused: list[str] = []
    with venue_server(folder) as venue:
        tablets = [Tablet(venue.url, table) for table in tables]
        stop = threading.Event()

        def play(n: int) -> None:
            tablet, k = tablets[n], 0
            while tablet.number and not stop.is_set():
                data = tablet.hand(f"crash-{n}-{k}", k)
                in_flight[n] = data
                try:
                    answer = tablet.post(data, timeout=60)
                except requests.RequestException:
                    return  # the server died: this hand stays in flight
                if answer.status_code != 200:
                    refused.append(f"{answer.status_code}: {answer.text[:200]}")
                    return
                acknowledged.append(data["idempotency_key"])
                del in_flight[n]
                tablet.read(answer.text)
                k += 1

        threads = [threading.Thread(target=play, args=(n,)) for n in range(TABLETS)]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 300
        while len(acknowledged) < HANDS_BEFORE_THE_CRASH and not refused:
            assert time.monotonic() < deadline, "the tablets did not get answers"
            time.sleep(0.01)
        venue.kill()  # the tablets are still posting
        stop.set()
        for thread in threads:
            thread.join(timeout=120)
    assert not refused
    with venue_server(folder) as again:
        stored = Counter(key for _t, _n, key in stored_hands(folder))
        assert {key: stored[key] for key in acknowledged} == dict.fromkeys(
            acknowledged, 1
        )
        for n, data in in_flight.items():
            tablets[n].move(again.url)
            answer = tablets[n].post(data)
            assert answer.status_code == 200, answer.text[:500]
        stored = Counter(key for _t, _n, key in stored_hands(folder))
        resent = [data["idempotency_key"] for data in in_flight.values()]
        sent = [*acknowledged, *resent]
        assert {key: stored[key] for key in sent} == dict.fromkeys(sent, 1)
        numbers = Counter((table, number) for table, number, _k in stored_hands(folder))
        assert set(numbers.values()) == {1}
