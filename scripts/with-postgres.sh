#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL pointing at a throwaway PostgreSQL server:
# Debian's postgresql binaries, a temporary data folder, a free port, stopped on exit.
set -euo pipefail

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bindir" ]; then
  echo "PostgreSQL is not installed (apt-get install postgresql)" >&2
  exit 1
fi

dir=$(mktemp -d /tmp/tgm-pg.XXXXXX)
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
run_as=()
if [ "$(id -u)" = 0 ]; then
  # PostgreSQL refuses to run as root.
  chown postgres "$dir" 2>/dev/null || { useradd -r postgres && chown postgres "$dir"; }
  run_as=(runuser -u postgres --)
fi

cleanup() {
  "${run_as[@]}" "$bindir/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

"${run_as[@]}" "$bindir/initdb" -D "$dir/data" -U tgm --auth=trust >/dev/null
"${run_as[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
"${run_as[@]}" "$bindir/createdb" -h 127.0.0.1 -p "$port" -U tgm tgm

export TEST_DATABASE_URL="postgres://tgm@127.0.0.1:$port/tgm"
echo "PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on port $port"
"$@"
