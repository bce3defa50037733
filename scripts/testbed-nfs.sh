# shellcheck shell=bash
# benchsh testbed, --nfs: sourced by scripts/testbed (uses its STATE, USER_NAME, record, recorded, die...).
#
# Server: rpcbind and nfs-ganesha (VFS backend) run in h2's network namespace, in a mount namespace
# of their own with a private tmpfs on /run: rpcbind's socket and lock live there, so an NFS server
# in the root namespace (the project's NFS tests) keeps its own. ganesha exports $STATE/nfs/export,
# owned by the test user, as nfs://<h2>/export on h2's address (ports 111, 2049, 20048 of h2).
# Client: a session dbus-daemon and gvfsd run as the test user, inside h1's network namespace and
# the mount namespace of h1's sshd; gvfsd-fuse (libnfs inside) mounts the export there, so h1's SSH
# sessions see the mount and the root namespace does not. NFS traffic crosses the topology h1 -> h2.
# Every process is recorded as nfs_pid=PID NETNS WHAT and ended by that pid (and only while it is
# still in that namespace); whatever else is left in the namespaces goes with them in 'down'.

nfs_need() {
  local t
  for t in ganesha.nfsd rpcbind rpcinfo gio dbus-daemon fusermount3 nsenter setpriv timeout; do
    command -v "$t" >/dev/null || die "--nfs: $t not found; run .ci/install-nfs.sh"
  done
  for t in /usr/libexec/gvfsd /usr/libexec/gvfsd-nfs /usr/libexec/gvfsd-fuse; do
    [ -x "$t" ] || die "--nfs: $t not found; run .ci/install-nfs.sh"
  done
  [ -e /dev/fuse ] || die "--nfs: /dev/fuse is missing; the NFS client is a FUSE mount"
}

nfs_wait() { # what tenths-of-a-second command...
  local what="$1" tries="$2" i=0
  shift 2
  until "$@" >/dev/null 2>&1; do
    i=$((i + 1))
    [ "$i" -lt "$tries" ] || die_showing "--nfs: $what not there after $((tries / 10)) s" "$STATE"/nfs/*.out "$STATE/nfs/ganesha.log"
    sleep 0.1
  done
}

# NFS_CLIENT: the command prefix that runs a command as the test user in h1's network namespace and
# its sshd's mount namespace (each part execs the next, so a backgrounded command's $! is its own pid)
nfs_client_prefix() { # sshd-pid
  local dir="$STATE/nfs"
  NFS_CLIENT=(nsenter -t "$1" -m -n -- setpriv --reuid="$USER_NAME" --regid="$USER_NAME" --init-groups --reset-env
    env "HOME=$STATE/home" "XDG_RUNTIME_DIR=$dir/xdg" "DBUS_SESSION_BUS_ADDRESS=unix:path=$dir/xdg/bus")
}

nfs_up() {
  local dir="$STATE/nfs" srv_ns srv_addr cli_ns sshd_pid mount
  read -r _ srv_ns srv_addr < <(recorded host | grep '^h2 ')
  read -r _ cli_ns _ < <(recorded host | grep '^h1 ')
  sshd_pid="$(cat "$STATE/h1/sshd.pid")"
  mkdir -p "$dir/export" "$dir/recov" "$dir/xdg"
  chown "$USER_NAME:" "$dir/export" "$dir/xdg"
  chmod 700 "$dir/xdg"
  cat > "$dir/ganesha.conf" <<CONF
NFS_CORE_PARAM { Bind_addr = $srv_addr; NFS_Port = 2049; MNT_Port = 20048; Protocols = 3, 4;
  Enable_NLM = false; Enable_RQUOTA = false; Enable_UDP = false; Mount_Path_Pseudo = true; }
NFSV4 { Graceless = true; RecoveryBackend = fs; RecoveryRoot = $dir/recov;
  Minor_Versions = 0, 1, 2; Allow_Numeric_Owners = true; Only_Numeric_Owners = true; }
NFS_KRB5 { Active_krb5 = false; }
EXPORT_DEFAULTS { SecType = sys; Squash = no_root_squash; Access_Type = RW; }
EXPORT { Export_Id = 1; Path = $dir/export; Pseudo = /export; Protocols = 3, 4;
  Transports = TCP; Access_Type = RW; Squash = no_root_squash; SecType = sys;
  Attr_Expiration_Time = 0; FSAL { Name = VFS; } }
MDCACHE { Use_Getattr_Directory_Invalidation = true; }
LOG { Default_Log_Level = EVENT; }
CONF
  record "nfs_export=$dir/export"
  record "nfs_url=nfs://$srv_addr/export"

  # the server: one shell in h2's namespace makes the private /run and starts both daemons in it
  # shellcheck disable=SC2016 # expanded by that shell
  ip netns exec "$srv_ns" setsid -w sh -c '
    set -e
    mount -t tmpfs -o mode=755,size=16m benchsh-testbed-nfs /run
    rpcbind -f </dev/null >>"$1/rpcbind.out" 2>&1 &
    echo $! > "$1/rpcbind.pid"
    i=0; while [ ! -S /run/rpcbind.sock ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
    ganesha.nfsd -F -L "$1/ganesha.log" -f "$1/ganesha.conf" -N NIV_EVENT -p "$1/ganesha.nfsd.pid" </dev/null >>"$1/ganesha.out" 2>&1 &
    echo $! > "$1/ganesha.pid"' sh "$dir"
  record "nfs_pid=$(cat "$dir/rpcbind.pid") $srv_ns rpcbind"
  record "nfs_pid=$(cat "$dir/ganesha.pid") $srv_ns ganesha.nfsd"
  nfs_wait "nfs-ganesha on $srv_addr (NFSv3 and MOUNT)" 300 \
    sh -c "ip netns exec '$srv_ns' rpcinfo -t '$srv_addr' nfs 3 && ip netns exec '$srv_ns' rpcinfo -t '$srv_addr' mountd 3"

  # the client, as the test user where h1's sessions live
  nfs_client_prefix "$sshd_pid"
  setsid "${NFS_CLIENT[@]}" /usr/bin/dbus-daemon --session --nofork --nopidfile --address="unix:path=$dir/xdg/bus" \
    </dev/null >"$dir/dbus.out" 2>&1 &
  record "nfs_pid=$! $cli_ns dbus-daemon"
  nfs_wait "the session dbus of h1's NFS client" 100 test -S "$dir/xdg/bus"
  setsid "${NFS_CLIENT[@]}" /usr/libexec/gvfsd </dev/null >"$dir/gvfsd.out" 2>&1 &
  record "nfs_pid=$! $cli_ns gvfsd"
  nfs_wait "gvfsd-fuse's mount in h1" 300 grep -q " $dir/xdg/gvfs " "/proc/$sshd_pid/mountinfo"
  record "nfs_gio=nfs://$srv_addr/export"
  timeout 60 "${NFS_CLIENT[@]}" /usr/bin/gio mount "nfs://$srv_addr/export" >>"$dir/gio.out" 2>&1 ||
    die_showing "--nfs: 'gio mount nfs://$srv_addr/export' in h1 failed" "$dir/gio.out" "$dir/gvfsd.out" "$dir/ganesha.log"
  mount="$dir/xdg/gvfs/nfs:host=$srv_addr,prefix=%2Fexport"
  nfs_wait "the NFS mount in h1" 100 "${NFS_CLIENT[@]}" test -d "$mount"
  record "nfs_mount=$mount"
}

# a process that has exited but is not yet reaped (a zombie, state Z) counts as gone
nfs_running() { # pid
  local stat
  stat="$(cat "/proc/$1/stat" 2>/dev/null)" || return 1
  stat="${stat##*) }"
  [ "${stat%% *}" != Z ]
}

# ends one recorded process: only while it is still in the namespace it was started in
nfs_stop() { # pid netns
  local pid="$1" ns="$2" tries=0
  [ "$(ip netns identify "$pid" 2>/dev/null)" = "$ns" ] || return 0
  kill "$pid" 2>/dev/null || return 0
  while nfs_running "$pid" && [ $tries -lt 50 ]; do sleep 0.1; tries=$((tries + 1)); done
  ! nfs_running "$pid" || kill -9 "$pid" 2>/dev/null || true
}

nfs_down() {
  local dir="$STATE/nfs" sshd_pid url pid ns _
  sshd_pid="$(cat "$STATE/h1/sshd.pid" 2>/dev/null || true)"
  url="$(recorded nfs_gio)"
  if [ -n "$sshd_pid" ] && [ "$(ip netns identify "$sshd_pid" 2>/dev/null)" = "$(recorded host | sed -n 's/^h1 \([^ ]*\) .*/\1/p')" ]; then
    nfs_client_prefix "$sshd_pid"
    [ -z "$url" ] || timeout 20 "${NFS_CLIENT[@]}" /usr/bin/gio mount -u "$url" >>"$dir/gio.out" 2>&1 || true
    if grep -q " $dir/xdg/gvfs " "/proc/$sshd_pid/mountinfo" 2>/dev/null; then
      timeout 20 nsenter -t "$sshd_pid" -m fusermount3 -u -z "$dir/xdg/gvfs" || true
    fi
  fi
  while read -r pid ns _; do nfs_stop "$pid" "$ns"; done < <(recorded nfs_pid | tac)
}

nfs_status() {
  local pid ns what sshd_pid mount
  sshd_pid="$(cat "$STATE/h1/sshd.pid" 2>/dev/null || true)"
  mount="$(recorded nfs_mount)"
  echo "nfs: h2 exports $(recorded nfs_export) as $(recorded nfs_url)"
  if [ -n "$mount" ] && grep -q " $STATE/nfs/xdg/gvfs " "/proc/$sshd_pid/mountinfo" 2>/dev/null; then
    echo "  mounted (gvfs FUSE, in h1's namespace) at $mount"
  else
    echo "  NOT mounted in h1 (${mount:-no mount recorded})"
  fi
  while read -r pid ns what; do
    if [ "$(ip netns identify "$pid" 2>/dev/null)" = "$ns" ]; then echo "  $what $pid running in $ns"; else echo "  $what $pid NOT running"; fi
  done < <(recorded nfs_pid)
}
