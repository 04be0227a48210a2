"""The room on a tournament day: tablets entering hands, phones polling the
standings. Started by bench/room_load.sh (see there and docs/benchmarks.md);
pytest does not collect this file (no ``test_`` name, outside tests/).

    ROOM_EVENT=room.json locust -f bench/locustfile.py --headless \\
        -u 500 -r 50 --run-time 60s --host http://127.0.0.1:8765

- ``Tablet``: one per table of round 2 (ROOM_EVENT, from bench/room_event.py).
  Opens its tablet link, then every 5 s posts a hand the way the tablet page
  does: an htmx form POST with the CSRF header and what the sheet's form
  carries (the table version, the hand number, ``partial``), so the answer
  is the hand's changes (the whole sheet for a table's first and last hand).
  Every other 5 s its sheet poller asks whether the table changed
  (``If-None-Match``, a 304), as tablet.js does every 10 s. Once the
  session is over (16 hands: the answer has no hand form) it only polls, as
  a table waiting to be closed.
- ``Phone``: opens the standings page, then every 10 s polls the standings
  partial as room.js does: ``HX-Request`` and ``If-None-Match`` with the ETag
  the partial carries; a 304 keeps the page.

The weights give 1 tablet for 4 phones: ``-u 500`` is 100 tablets and 400
phones.

Each user waits a random part of its period before its first request, so
that tablets and phones keep phases of their own, as in a room where tables
finish hands and players look at their phones at any moment. Without it the
users stay in lockstep: locust starts the users of each second of the ramp
together (``floor(spawn rate)`` at once), and with periods of whole seconds
they then all fire in the same few milliseconds of every second, a burst of
the whole second's requests at once. ``ROOM_LOCKSTEP=1`` keeps the lockstep
(to compare). The offsets are seeded (``ROOM_SEED``).
"""

from __future__ import annotations

import itertools
import json
import os
import random
import re
import uuid
from pathlib import Path

import gevent
from locust import FastHttpUser, constant_pacing, task
from room_pages import CSRF, ETAG, NUMBER, VERSION, unescape

EVENT = json.loads(Path(os.environ.get("ROOM_EVENT", "room.json")).read_text())
# ROOM_PROBE=1: the event's last table is bench/room_probe.py's tablet.
PROBED = os.environ.get("ROOM_PROBE", "0") == "1"
TABLES = itertools.cycle(EVENT["tables"][:-1] if PROBED else EVENT["tables"])
WATCH = re.compile(r"table-\d+-v\d+")  # the sheet poller's ETag
STANDINGS = f"/t/{EVENT['slug']}/"
# ROOM_PARTIAL=0: tablets post without ``partial`` and get the whole sheet
# back, as before the answer sent the hand's changes only (to compare).
PARTIAL = os.environ.get("ROOM_PARTIAL", "1") == "1"
LOCKSTEP = os.environ.get("ROOM_LOCKSTEP", "0") == "1"
PHASES = random.Random(int(os.environ.get("ROOM_SEED", "2026")))


def own_phase(period: float) -> None:
    """Wait a random part of ``period`` (see the module docstring)."""
    if not LOCKSTEP:
        gevent.sleep(PHASES.uniform(0, period))


class Tablet(FastHttpUser):
    weight = 1
    wait_time = constant_pacing(5)

    def on_start(self) -> None:
        own_phase(5)
        table = next(TABLES)
        self.url = f"/table/{table['token']}/"
        self.players = table["players"]
        self.rng = random.Random(table["token"])
        with self.client.get(
            self.url, name="tablet page", catch_response=True
        ) as response:
            match = CSRF.search(response.text or "")
            if response.status_code != 200 or match is None:
                response.failure(f"tablet page: {response.status_code}")
                self.csrf = ""
            else:
                self.csrf = match.group(1)
            self.version = self.number = self.watch = ""
            self.read_sheet(response.text or "")
        self.polls = 0

    def read_sheet(self, text: str) -> None:
        """What the next post carries: the version and number the sheet shows
        (a partial answer carries them too); no hand number once the
        session is over."""
        version = VERSION.search(text)
        number = NUMBER.search(text)
        watch = WATCH.search(text)
        if version:
            self.version = version.group(1)
        if watch:
            self.watch = f'"{watch.group(0)}"'
        self.number = number.group(1) if number else ""

    def result(self) -> dict[str, str]:
        winner, discarder = self.rng.sample(self.players, 2)
        if self.rng.random() < 0.4:
            return {"kind": "self_draw", "winner": str(winner), "discarder": ""}
        return {"kind": "discard", "winner": str(winner), "discarder": str(discarder)}

    @task
    def enter_hand(self) -> None:
        self.polls += 1
        if self.polls % 2 == 0 or not self.number:
            self.poll_sheet()
        if not self.number:
            return
        data = {
            **self.result(),
            "fan_total": str(self.rng.choice([8, 8, 9, 10, 12, 16, 24])),
            "flowers": "0",
            "idempotency_key": uuid.uuid4().hex,
            "table_version": self.version,
            "hand_number": self.number,
        }
        if PARTIAL:
            data["partial"] = "1"
        with self.client.post(
            f"{self.url}hands/",
            data=data,
            headers={
                "HX-Request": "true",
                "X-CSRFToken": self.csrf,
                "Referer": f"{self.host}{self.url}",
            },
            name="hand entry",
            catch_response=True,
        ) as response:
            text = response.text or ""
            if response.status_code != 200 or "errorlist" in text:
                response.failure(f"hand refused: {response.status_code}")
            self.read_sheet(text)

    def poll_sheet(self) -> None:
        """tablet.js's sheet poller: 304 while the table is as shown."""
        with self.client.get(
            f"{self.url}state/",
            headers={
                "HX-Request": "true",
                "If-None-Match": self.watch,
            },
            name="tablet poll",
            catch_response=True,
        ) as response:
            if response.status_code in (200, 304):
                response.success()


class Phone(FastHttpUser):
    weight = 4
    wait_time = constant_pacing(10)

    def on_start(self) -> None:
        own_phase(10)
        response = self.client.get(STANDINGS, name="standings page")
        match = ETAG.search(response.text or "")
        self.etag = unescape(match.group(1)) if match else ""

    @task
    def poll_standings(self) -> None:
        headers = {"HX-Request": "true"}
        if self.etag:
            headers["If-None-Match"] = self.etag
        with self.client.get(
            STANDINGS, headers=headers, name="standings poll", catch_response=True
        ) as response:
            if response.status_code == 304:
                response.success()
                return
            match = ETAG.search(response.text or "")
            if response.status_code != 200 or match is None:
                response.failure(f"standings poll: {response.status_code}")
                return
            self.etag = unescape(match.group(1))
