#!/usr/bin/env bash
# Installs what the SSH tests and scripts/testbed need: OpenSSH server and client, iproute2 (ip, tc),
# the passwd tools (useradd), ping (the topology tests check paths and TTLs with it) and busybox-static
# (the testbed's hosts without Java, scripts/testbed --busybox).
# Idempotent, non-interactive; run as root on Debian 12.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
need=()
command -v sshd >/dev/null 2>&1 || [ -x /usr/sbin/sshd ] || need+=(openssh-server)
command -v ssh >/dev/null 2>&1 && command -v ssh-keygen >/dev/null 2>&1 || need+=(openssh-client)
command -v ip >/dev/null 2>&1 && command -v tc >/dev/null 2>&1 || need+=(iproute2)
command -v useradd >/dev/null 2>&1 || need+=(passwd)
command -v pgrep >/dev/null 2>&1 || need+=(procps)
command -v ping >/dev/null 2>&1 || need+=(iputils-ping)
dpkg -s busybox-static >/dev/null 2>&1 || need+=(busybox-static)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${need[@]}"
fi
# sshd's privilege separation directory (normally made by its systemd unit, absent in containers)
mkdir -p /run/sshd
echo "install-ssh: ready (sshd $(/usr/sbin/sshd -V 2>&1 | head -1 || true))"
