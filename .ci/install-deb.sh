#!/usr/bin/env bash
# Installs what scripts/package-deb needs to build the .deb: fakeroot and dpkg-deb (jpackage runs them),
# and the JDK's jmods (jlink builds the bundled runtime from them; Debian 12's openjdk-17-jdk-headless has
# them, distributions that split them out ship openjdk-17-jmods). Idempotent, non-interactive; run as root.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
need=()
command -v fakeroot >/dev/null 2>&1 || need+=(fakeroot)
command -v dpkg-deb >/dev/null 2>&1 || need+=(dpkg)
jdk=""
if command -v java >/dev/null 2>&1; then
  jdk="$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")"
fi
if [ -n "$jdk" ] && [ ! -d "$jdk/jmods" ]; then
  need+=(openjdk-17-jmods)
fi
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${need[@]}"
fi
echo "install-deb: ready (fakeroot $(fakeroot --version 2>/dev/null | awk '{print $NF}'), dpkg-deb $(dpkg-deb --version | head -1 | sed 's/.*version \([^ ]*\).*/\1/'), jmods in ${jdk:-?})"
