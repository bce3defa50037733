#!/usr/bin/env bash
# zsh lets CompletionsTest check that `benchsh completion zsh` parses (zsh -n); without it that check is skipped.
# Idempotent, non-interactive, for a fresh Debian 12 as root.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
if ! command -v zsh >/dev/null; then
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends zsh
fi
