#!/usr/bin/env bash
# Packages for the NFS copy test (DiskNfsTest, @Tag("nfs")): a user-space NFS server (nfs-ganesha with
# its VFS backend, rpcbind) and a real NFS client as a FUSE mount (gvfs with libnfs). The packages do
# not start services; the test starts and stops its own servers. Idempotent; runs as root on Debian 12.
# Also installs netcat-openbsd for scripts/bench-disk.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
packages=(nfs-ganesha nfs-ganesha-vfs rpcbind gvfs-backends gvfs-fuse libglib2.0-bin dbus fuse3 netcat-openbsd)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ "${#missing[@]}" -eq 0 ]; then
  echo "install-nfs: all packages present"
  exit 0
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo -n"
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
