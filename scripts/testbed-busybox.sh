# shellcheck shell=bash
# benchsh testbed, --busybox HOST[,HOST...]: sourced by scripts/testbed (uses its NAME, STATE, USER_NAME,
# record, recorded, die...).
#
# A busybox host has no Java and no tool but busybox's: its sshd (ChrootDirectory) puts every session
# of the test user in a root of its own, /var/lib/benchsh-testbed/<testbed>-<host> (sshd wants every part
# of a chroot's path owned by root and writable by no one else, which /tmp is not). The root holds Debian's
# busybox-static as /bin/busybox, a link /bin/<applet> for each of its applets (/bin/sh is busybox's ash,
# PATH finds only applets), /dev/null, zero, full, random and urandom, /tmp, /etc/passwd and /etc/group,
# and the user's home ($STATE/home inside the root, the user's own); /proc is mounted there in the mount
# namespace of that sshd alone (ip netns exec gives it one), so it goes when that sshd and its sessions end.
# So do two small file systems for the tests of bad input: /mnt/small (a 256 KiB tmpfs the user may write: a
# disk that fills) and /mnt/ro (a read-only tmpfs). SFTP works (internal-sftp). 'down' removes the root.

BUSYBOX_BASE=/var/lib/benchsh-testbed
BUSYBOX_HOSTS=""

busybox_need() {
  [ -x /bin/busybox ] || die "--busybox: /bin/busybox not found; install busybox-static (.ci/install-ssh.sh)"
  /bin/busybox --list >/dev/null 2>&1 || die "--busybox: /bin/busybox does not run"
}

# whether host $1 is one of --busybox's
is_busybox() { [[ ",$BUSYBOX_HOSTS," == *",$1,"* ]]; }

# every --busybox name must be a host of the topology
busybox_check_hosts() {
  local want name known
  known=" $(recorded host | cut -d' ' -f1 | tr '\n' ' ')"
  for want in ${BUSYBOX_HOSTS//,/ }; do
    [[ "$known" == *" $want "* ]] || die "--busybox: no host '$want' in this topology (hosts:$known)"
  done
}

busybox_root() { echo "$BUSYBOX_BASE/$NAME-$1"; } # host

# builds the root of host $1 and records it
busybox_make_root() {
  local root applet uid gid
  root="$(busybox_root "$1")"
  mkdir -p -m 755 "$BUSYBOX_BASE"
  [ ! -e "$root" ] || die "--busybox: $root exists (left by another testbed?); remove it or run 'scripts/testbed down'"
  mkdir -m 755 "$root"
  record "busybox_root=$1 $root"
  mkdir -m 755 "$root/bin" "$root/dev" "$root/etc" "$root/proc" "$root/mnt" "$root/mnt/small" "$root/mnt/ro"
  mkdir -m 1777 "$root/tmp"
  cp /bin/busybox "$root/bin/busybox"
  for applet in $(/bin/busybox --list); do
    [ "$applet" = busybox ] || ln -s busybox "$root/bin/$applet"
  done
  mknod -m 666 "$root/dev/null" c 1 3
  mknod -m 666 "$root/dev/zero" c 1 5
  mknod -m 666 "$root/dev/full" c 1 7
  mknod -m 666 "$root/dev/random" c 1 8
  mknod -m 666 "$root/dev/urandom" c 1 9
  uid="$(id -u "$USER_NAME")"
  gid="$(id -g "$USER_NAME")"
  printf 'root:x:0:0:root:/:/bin/sh\n%s:x:%s:%s::%s:/bin/sh\n' "$USER_NAME" "$uid" "$gid" "$STATE/home" > "$root/etc/passwd"
  printf 'root:x:0:\n%s:x:%s:\n' "$USER_NAME" "$gid" > "$root/etc/group"
  mkdir -p -m 755 "$root$STATE"
  mkdir -m 755 "$root$STATE/home"
  chown "$USER_NAME:" "$root$STATE/home"
  chroot "$root" /bin/sh -c 'test -x /bin/cat' || die "--busybox: $root/bin/busybox does not run in its root (not busybox-static?)"
}

# starts host $1's sshd (config $3, log $4) in namespace $2, chrooted, with /proc, /mnt/small and /mnt/ro mounted in its root
busybox_start_sshd() {
  local root
  root="$(busybox_root "$1")"
  echo "ChrootDirectory $root" >> "$3"
  ip netns exec "$2" /bin/sh -c 'mount -t proc proc "$1/proc" && mount -t tmpfs -o size=256k,mode=1777 small "$1/mnt/small" \
    && mount -t tmpfs -o ro,size=64k ro "$1/mnt/ro" && exec /usr/sbin/sshd -f "$2" -E "$3"' busybox-sshd "$root" "$3" "$4"
}

busybox_down() {
  local host root
  while read -r host root; do
    [ -n "$root" ] && [ "${root#"$BUSYBOX_BASE"/}" != "$root" ] || continue
    # /proc is mounted only in that sshd's mount namespace, gone with it; never remove through a mount here
    if mountpoint -q "$root/proc" 2>/dev/null; then umount "$root/proc" 2>/dev/null || continue; fi
    rm -rf --one-file-system "$root"
  done < <(recorded busybox_root)
  rmdir "$BUSYBOX_BASE" 2>/dev/null || true
}

busybox_status() {
  local host root
  while read -r host root; do
    echo "busybox: $host (no Java; busybox's sh and applets only; root $root)"
  done < <(recorded busybox_root)
}
