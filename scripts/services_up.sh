#!/usr/bin/env bash
# Bring up what the tests need on a Debian machine, for `make test` and CI:
#   postgres  PostgreSQL on 127.0.0.1:5432 (user postgres), started when down,
#             installed with apt-get when the machine has no cluster;
#   redis     Redis on 127.0.0.1:6379, started when down, installed when missing;
#   chromium  Debian's chromium for the browser tests, installed when missing;
#   venv      Python's venv module (Debian ships it apart), installed when missing.
# No argument means postgres, redis and chromium. apt-get runs as root, or
# through sudo. Exits 1 when something is still missing or unreachable, so
# that `make test` fails rather than skip the tests that need it.
set -uo pipefail

as_root() {
  if [ "$(id -u)" = 0 ]; then
    "$@"
  elif command -v sudo >/dev/null; then
    sudo "$@"
  else
    echo "ERROR: root (or sudo) is needed to run: $*" >&2
    return 1
  fi
}

updated=false
apt_install() {
  echo "Installing $* with apt-get"
  if [ "$updated" = false ]; then
    as_root apt-get update -qq || return 1
    updated=true
  fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"
}

# Wait up to 30 s for a check to pass (a server takes a moment to listen).
wait_for() {
  for _ in $(seq 30); do "$@" && return 0; sleep 1; done
  return 1
}

postgres_ready() { pg_isready -q -h 127.0.0.1 -p 5432 -U postgres 2>/dev/null; }
redis_ready() { [ "$(redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null)" = PONG ]; }

cluster() { ls /etc/postgresql 2>/dev/null | sort -V | tail -1; }

postgres_up() {
  postgres_ready && return 0
  local action=start
  if [ -z "$(cluster)" ]; then
    apt_install postgresql || return 1
    # The tests connect over TCP as postgres without a password; Debian's new
    # cluster asks for one. Only a cluster installed here is opened, and only
    # to that user on this machine.
    as_root sed -i '1i host all postgres 127.0.0.1/32 trust' \
      "/etc/postgresql/$(cluster)/main/pg_hba.conf" || return 1
    action=restart
  fi
  echo "Starting PostgreSQL $(cluster)"
  as_root pg_ctlcluster --skip-systemctl-redirect "$(cluster)" main "$action" || true
  wait_for postgres_ready
}

redis_up() {
  redis_ready && return 0
  command -v redis-server >/dev/null || apt_install redis-server || return 1
  echo "Starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 \
    --save "" --appendonly no || true
  wait_for redis_ready
}

chromium_up() {
  command -v chromium >/dev/null || apt_install chromium || return 1
  command -v chromium >/dev/null
}

venv_up() {
  python3 -c "import ensurepip" 2>/dev/null && return 0
  apt_install python3-venv || return 1
  python3 -c "import ensurepip"
}

[ $# -gt 0 ] || set -- postgres redis chromium
failed=0
for what in "$@"; do
  case "$what" in
    postgres) postgres_up || { echo "ERROR: PostgreSQL is not reachable on 127.0.0.1:5432." >&2; failed=1; } ;;
    redis) redis_up || { echo "ERROR: Redis is not reachable on 127.0.0.1:6379." >&2; failed=1; } ;;
    chromium) chromium_up || { echo "ERROR: Debian's chromium could not be installed." >&2; failed=1; } ;;
    venv) venv_up || { echo "ERROR: Python's venv module could not be installed." >&2; failed=1; } ;;
    *) echo "unknown service $what (postgres, redis, chromium, venv)" >&2; exit 2 ;;
  esac
done
exit "$failed"
