"""The room on a tournament day: tablets entering hands, phones polling the
standings. Started by bench/room_load.sh (see there and docs/benchmarks.md);
pytest does not collect this file (no ``test_`` name, outside tests/).

    ROOM_EVENT=room.json locust -f bench/locustfile.py --headless \\
        -u 500 -r 50 --run-time 60s --host http://127.0.0.1:8765

- ``Tablet``: one per table of round 2 (ROOM_EVENT, from bench/room_event.py).
  Opens its tablet link, then every 5 s posts a hand the way the tablet page
  does (an htmx form POST with the CSRF header), and gets the table's fresh
  sheet back.
- ``Phone``: opens the standings page, then every 10 s polls the standings
  partial as room.js does: ``HX-Request`` and ``If-None-Match`` with the ETag
  the partial carries; a 304 keeps the page.

The weights give 1 tablet for 4 phones: ``-u 500`` is 100 tablets and 400
phones.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import re
import uuid
from pathlib import Path

from locust import FastHttpUser, constant_pacing, task

EVENT = json.loads(Path(os.environ.get("ROOM_EVENT", "room.json")).read_text())
TABLES = itertools.cycle(EVENT["tables"])
CSRF = re.compile(r'"X-CSRFToken": "([^"]+)"')
ETAG = re.compile(r'data-etag="([^"]+)"')
STANDINGS = f"/t/{EVENT['slug']}/"


def unescape(value: str) -> str:
    return value.replace("&quot;", '"').replace("&#x27;", "'")


class Tablet(FastHttpUser):
    weight = 1
    wait_time = constant_pacing(5)

    def on_start(self) -> None:
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

    def result(self) -> dict[str, str]:
        winner, discarder = self.rng.sample(self.players, 2)
        if self.rng.random() < 0.4:
            return {"kind": "self_draw", "winner": str(winner), "discarder": ""}
        return {"kind": "discard", "winner": str(winner), "discarder": str(discarder)}

    @task
    def enter_hand(self) -> None:
        data = {
            **self.result(),
            "fan_total": str(self.rng.choice([8, 8, 9, 10, 12, 16, 24])),
            "flowers": "0",
            "idempotency_key": uuid.uuid4().hex,
        }
        self.client.post(
            f"{self.url}hands/",
            data=data,
            headers={
                "HX-Request": "true",
                "X-CSRFToken": self.csrf,
                "Referer": f"{self.host}{self.url}",
            },
            name="hand entry",
        )


class Phone(FastHttpUser):
    weight = 4
    wait_time = constant_pacing(10)

    def on_start(self) -> None:
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
