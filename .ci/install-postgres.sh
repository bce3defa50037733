#!/usr/bin/env bash
# Packages for the shared-store tests (PostgresStoreTest, PostgresSharedStoreTest): Debian's PostgreSQL
# server binaries (initdb, pg_ctl, postgres). The tests start their own throwaway cluster on a free
# loopback port as the postgres OS user and tear it down; Debian's own cluster is not needed, so it is
# stopped if the package started it. Idempotent; runs as root on Debian 12.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
if dpkg-query -W -f='${Status}' postgresql 2>/dev/null | grep -q 'install ok installed'; then
  echo "install-postgres: postgresql present"
  exit 0
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo -n"
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends postgresql
# The package starts a cluster on port 5432 where systemd or invoke-rc.d runs; the tests do not use it.
if command -v pg_lsclusters >/dev/null; then
  pg_lsclusters -h | while read -r version name _; do
    $sudo pg_ctlcluster "$version" "$name" stop 2>/dev/null || true
  done
fi
