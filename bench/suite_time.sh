#!/usr/bin/env bash
# The test suite's wall time, target by target, as `make test` runs them
# (issue 28: the fast suite under 4 minutes with two processes, make test
# under 10). Usage: bash bench/suite_time.sh [target ...]; XDIST=0 for one
# process. Prints one line a target and the total; a failing target is
# timed all the same and named. test-live runs the worker, fault and browser
# suites side by side (time one alone by naming it). `make test` runs the
# linters, both passes and the live suites side by side, so it takes about
# services + the CPU of them all on two cores, or the longest suite if that
# is longer: `bash bench/suite_time.sh test` times it whole.
set -uo pipefail
cd "$(dirname "$0")/.."
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(services lint test-sqlite test-postgres test-live)
make venv > /dev/null
total_ms=0
for target in "${targets[@]}"; do
  start=$(date +%s%N)
  if make "$target" > "/tmp/suite_time.$target.log" 2>&1; then status=ok; else status=FAILED; fi
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  total_ms=$(( total_ms + ms ))
  printf '%-14s %5d.%d s  %s\n' "$target" $((ms / 1000)) $((ms % 1000 / 100)) "$status"
done
printf '%-14s %5d.%d s  (load average: %s)\n' total $((total_ms / 1000)) \
  $((total_ms % 1000 / 100)) "$(cut -d' ' -f1-3 /proc/loadavg)"
