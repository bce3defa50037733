#!/usr/bin/env bash
# Installs headless Chromium for the HTML report test (ReportBrowserTest, tagged e2e), and fontconfig
# with a font, so the browser has something to draw the page's text with.
# Idempotent, non-interactive; run as root on Debian 12.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
command -v fc-list >/dev/null 2>&1 || need+=(fontconfig)
fc-list 2>/dev/null | grep -qi dejavu || need+=(fonts-dejavu-core)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${need[@]}"
fi
echo "install-browser: ready ($(/usr/bin/chromium --version 2>/dev/null || echo 'chromium version unknown'))"
