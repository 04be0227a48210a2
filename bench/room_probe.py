"""A second client beside locust: the standings poll as one phone sees it.

    .venv/bin/python bench/room_probe.py http://127.0.0.1:8765/t/SLUG/ \\
        --after 25 --seconds 60 --rate 2

Started by bench/room_load.sh with the load. After ``--after`` seconds (the
ramp), it asks the standings partial ``--rate`` times a second for
``--seconds`` seconds, as room.js does (``HX-Request`` and ``If-None-Match``
with the ETag the partial carries), one request at a time over a new
connection, and prints the latency's p50, p95 and maximum and the status
codes. Plain blocking sockets (http.client), no gevent: a figure that does
not depend on the load generator's own scheduling, which adds tens of
milliseconds to locust's figures (docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import http.client
import re
import time
from collections import Counter
from urllib.parse import urlsplit

ETAG = re.compile(r'data-etag="([^"]+)"')


def poll(url: str, etag: str) -> tuple[int, str, float]:
    """One poll: status, the new ETag (if any), milliseconds."""
    parts = urlsplit(url)
    started = time.perf_counter()
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    headers = {"HX-Request": "true"}
    if etag:
        headers["If-None-Match"] = etag
    connection.request("GET", parts.path, headers=headers)
    response = connection.getresponse()
    body = response.read().decode("utf-8", "replace")
    connection.close()
    elapsed = (time.perf_counter() - started) * 1000
    match = ETAG.search(body)
    fresh = match.group(1).replace("&quot;", '"') if match else etag
    return response.status, fresh, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url")
    parser.add_argument("--after", type=float, default=0.0)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--rate", type=float, default=2.0)
    args = parser.parse_args()
    _status, etag, _ms = poll(args.url, "")
    time.sleep(args.after)
    times: list[float] = []
    statuses: Counter[int] = Counter()
    end = time.monotonic() + args.seconds
    while time.monotonic() < end:
        started = time.monotonic()
        status, etag, elapsed = poll(args.url, etag)
        times.append(elapsed)
        statuses[status] += 1
        time.sleep(max(0.0, 1 / args.rate - (time.monotonic() - started)))
    times.sort()
    print(
        f"probe (one phone beside locust) standings poll: {len(times)} requests, "
        f"p50 {times[len(times) // 2]:.0f} ms, p95 {times[int(len(times) * 0.95)]:.0f}"
        f" ms, max {times[-1]:.0f} ms, status {dict(sorted(statuses.items()))}"
    )


if __name__ == "__main__":
    main()
