#!/usr/bin/env bash
# Is a service the tests need reachable? Exit 0 if so.
# Under CI=true an unreachable service is an error (exit 1); elsewhere the
# check says so and exits 1 too, so that `make test` never reports a pass
# for tests it did not run.
set -u
service=$1
case "$service" in
  postgres) check() { pg_isready -q -h 127.0.0.1 -p 5432 -U postgres; } ;;
  redis) check() { [ "$(redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null)" = PONG ]; } ;;
  *) echo "unknown service $service" >&2; exit 2 ;;
esac
if check; then exit 0; fi
echo "ERROR: $service is not reachable on 127.0.0.1; start it (see README, 'Services')." >&2
exit 1
