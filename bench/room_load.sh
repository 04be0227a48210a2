#!/usr/bin/env bash
# The room's load benchmark, in one command (docs/benchmarks.md has figures):
#
#   bench/room_load.sh                  # 400 players, 100 tablets, 400 phones, 60 s
#   PLAYERS=400 RUN_TIME=120s bench/room_load.sh
#   ROOM_LOCKSTEP=1 bench/room_load.sh  # users in lockstep, as locust starts them
#
# On 127.0.0.1 only: a fresh PostgreSQL database on the server of
# BENCH_PG (default the local one), Redis database BENCH_REDIS_DB as cache and
# broker, a Celery worker, gunicorn with 2 workers a core (production settings
# over plain HTTP), then locust headless bounded by -u and --run-time. Everything
# it starts is stopped on exit, and its database dropped. Prints locust's
# summary, then p95 of hand entry and standings, requests/s and errors, the
# time each kind of request took in gunicorn's workers, and the standings poll
# and a hand entry as one more phone and tablet outside locust saw them
# (bench/room_probe.py).
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
PY=$ROOT/.venv/bin
PLAYERS=${PLAYERS:-400}
# 60 s: the tables' 16 hands (80 s at one every 5 s, from each tablet's
# arrival during the ramp) last through the whole measured window.
RUN_TIME=${RUN_TIME:-60s}
# Phones and tablets arrive at this many a second; the figures count from the
# moment all are there (--reset-stats), as a room in full swing.
SPAWN_RATE=${SPAWN_RATE:-20}
PORT=${PORT:-8765}
# Two sync workers a core: a request waits on PostgreSQL for part of its
# time, and a third of the room's requests are 304s of about 1 ms.
WORKERS=${WORKERS:-$(($(nproc) * 2))}
# Threads per worker (gunicorn's gthread worker when above 1).
THREADS=${THREADS:-1}
BENCH_PG=${BENCH_PG:-postgres://postgres@127.0.0.1:5432}
BENCH_DB=${BENCH_DB:-muraille_load_bench}
BENCH_REDIS=${BENCH_REDIS:-redis://127.0.0.1:6379}
BENCH_REDIS_DB=${BENCH_REDIS_DB:-12}
# One tablet per table, four phones per tablet (the locustfile's weights).
TABLETS=$((PLAYERS / 4))
USERS=$((TABLETS * 5))

WORK=$(mktemp -d /tmp/muraille-bench.XXXXXX)
PIDS=()
cleanup() {
    for pid in "${PIDS[@]}"; do
        kill "$pid" 2>/dev/null || true
    done
    for pid in "${PIDS[@]}"; do
        wait "$pid" 2>/dev/null || true
    done
    dropdb --if-exists -h 127.0.0.1 -U postgres "$BENCH_DB" 2>/dev/null || true
    echo "logs and CSV in $WORK"
}
trap cleanup EXIT

export DATABASE_URL="$BENCH_PG/$BENCH_DB"
export REDIS_URL="$BENCH_REDIS/$BENCH_REDIS_DB"
export DJANGO_SETTINGS_MODULE=config.settings
export DEBUG=false
export SECRET_KEY="bench-$(date +%s)-$RANDOM$RANDOM"
export ALLOWED_HOSTS=127.0.0.1
# Plain HTTP on the loopback: no TLS redirect, cookies over HTTP.
export SECURE_SSL_REDIRECT=false SESSION_COOKIE_SECURE=false CSRF_COOKIE_SECURE=false
export LOG_LEVEL=WARNING

redis-cli -u "$REDIS_URL" flushdb >/dev/null
dropdb --if-exists -h 127.0.0.1 -U postgres "$BENCH_DB"
createdb -h 127.0.0.1 -U postgres "$BENCH_DB"
"$PY/python" manage.py migrate -v0
"$PY/python" manage.py collectstatic --noinput -v0
# One table more than locust's tablets: bench/room_probe.py's tablet plays it.
"$PY/python" bench/room_event.py "$WORK/room.json" --players $((PLAYERS + 4))

"$PY/celery" -A config worker -c 1 --loglevel WARNING >"$WORK/celery.log" 2>&1 &
PIDS+=($!)
"$PY/gunicorn" config.wsgi -w "$WORKERS" --threads "$THREADS" -b "127.0.0.1:$PORT" \
    --worker-tmp-dir /dev/shm --access-logfile - \
    --access-logformat '%(h)s "%(r)s" %(s)s %(b)s %(M)s' >"$WORK/gunicorn.log" 2>&1 &
PIDS+=($!)
for _ in $(seq 50); do
    curl -fs -o /dev/null "http://127.0.0.1:$PORT/" && break
    sleep 0.2
done

# Warm every worker (imports, template loading) so that the figures are the
# room's, not the first request's.
SLUG=$("$PY/python" -c 'import json,sys; print(json.load(open(sys.argv[1]))["slug"])' "$WORK/room.json")
for _ in $(seq $((WORKERS * 4))); do
    curl -fs -o /dev/null "http://127.0.0.1:$PORT/t/$SLUG/" || true
done
echo "load: $TABLETS tablets, $((USERS - TABLETS)) phones, $RUN_TIME," \
    "$WORKERS workers x $THREADS threads; $(uptime)"
# One more phone and one more tablet outside locust, over the counted window.
"$PY/python" bench/room_probe.py "http://127.0.0.1:$PORT" "$WORK/room.json" \
    --after $((USERS / SPAWN_RATE)) --seconds "${RUN_TIME%s}" >"$WORK/probe.log" 2>&1 &
PROBE=$!
ROOM_EVENT="$WORK/room.json" ROOM_PROBE=1 ROOM_PARTIAL=${ROOM_PARTIAL:-1} "$PY/locust" -f bench/locustfile.py --headless \
    -u "$USERS" -r "$SPAWN_RATE" --run-time "$RUN_TIME" --stop-timeout 10 \
    --reset-stats \
    --host "http://127.0.0.1:$PORT" --csv "$WORK/locust" --only-summary \
    >"$WORK/locust.log" 2>&1 || true
tail -n 40 "$WORK/locust.log"
wait "$PROBE" || true
cat "$WORK/probe.log"
"$PY/python" - "$WORK/locust_stats.csv" "$WORK/gunicorn.log" <<'EOF'
import csv, sys
rows = {row["Name"]: row for row in csv.DictReader(open(sys.argv[1]))}
for name in ("hand entry", "tablet poll", "standings poll", "standings page",
             "Aggregated"):
    row = rows.get(name)
    if row:
        print(f"{name}: {row['Request Count']} requests, {row['Failure Count']} "
              f"failures, p50 {row['50%']} ms, p95 {row['95%']} ms, "
              f"p99 {row['99%']} ms, {float(row['Requests/s']):.1f} req/s")
codes, served = {}, {}
for line in open(sys.argv[2]):
    parts = line.split('"')
    if len(parts) > 2 and parts[2].split():
        code, _size, ms = parts[2].split()[:3]
        codes[code] = codes.get(code, 0) + 1
        method, path = parts[1].split()[:2]
        kind = ("hand entry" if path.endswith("/hands/") else
                "tablet poll" if path.endswith("/state/") else
                "standings" if path.startswith("/t/") else "other")
        served.setdefault(kind, []).append(int(ms))
print("status codes (gunicorn):", dict(sorted(codes.items())))
# The time a worker spent on each request, from its first byte read to its
# last written: what locust measures beyond it waited in the listen queue.
for kind, times in sorted(served.items()):
    times.sort()
    print(f"served in (gunicorn, whole run) {kind}: p50 {times[len(times) // 2]} ms, "
          f"p95 {times[int(len(times) * 0.95)]} ms, {len(times)} requests")
EOF
# A table takes 16 hands: a tablet then only polls (locustfile), so say how
# many were stored.
psql -h 127.0.0.1 -U postgres -d "$BENCH_DB" -Atc "
    SELECT count(*) || ' hands stored in round 2, at '
        || count(DISTINCT h.table_id) || ' tables'
    FROM tournaments_hand h JOIN tournaments_table t ON t.id = h.table_id
    JOIN tournaments_round r ON r.id = t.round_id WHERE r.number = 2"
