#!/usr/bin/env bash
# The REPL's end-to-end test drives benchsh in tmux; sqlite3 lets people (and CI logs) query the result store.
# Idempotent, non-interactive, for a fresh Debian 12 as root.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
need=()
command -v tmux >/dev/null || need+=(tmux)
command -v sqlite3 >/dev/null || need+=(sqlite3)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}"
fi
