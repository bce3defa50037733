#!/usr/bin/env bash
# The checkout's launcher on a newcomer's machine (run by `mvn -B verify` in the dist module, once the jars are
# built): scripts/benchsh on a Java 17 to 21 (the shell's JVM), with a JDK 22+ under /usr/lib/jvm and no variable
# set (an empty environment but HOME, PATH and LANG), runs its local peer on the native paths: udp batch: 64 sends
# with mmsg or gso, tcp writes natively, and the results say which VM ran (peer_java). No Maven on PATH: the jars
# must be current, so the launcher only starts them.
set -euo pipefail
home="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
old=""
for java in /usr/lib/jvm/*/bin/java; do
  release="$(dirname "$(dirname "$java")")/release"
  feature="$(sed -n 's/^JAVA_VERSION="\{0,1\}\([0-9][0-9]*\).*/\1/p' "$release" 2>/dev/null | head -n 1)"
  if [ -n "$feature" ] && [ "$feature" -ge 17 ] && [ "$feature" -lt 22 ]; then old="$java"; break; fi
done
if [ -z "$old" ]; then echo "check-launcher: skipped: no Java 17 to 21 under /usr/lib/jvm to run the shell on"; exit 0; fi
if ! BENCHSH_JDK22= "$home/scripts/find-jdk22" >/dev/null 2>&1; then echo "check-launcher: skipped: no JDK 22+ to find"; exit 0; fi
work="$(mktemp -d)"
trap 'rm -rf -- "$work"' EXIT
mkdir -p "$work/bin" "$work/home"
# java is the old one; no mvn (Debian's /bin is /usr/bin, so it stays off PATH)
ln -s "$old" "$work/bin/java"
for tool in sh bash env dirname readlink find sed tar gzip taskset; do
  t="$(command -v "$tool" 2>/dev/null)" && ln -s "$(readlink -f "$t")" "$work/bin/$tool"
done
statements='t = tcp time: 1.s; u = udp batch: 64, time: 1.s; println "tcp=" + t.metrics.send_io + "/" + t.metrics.recv_io + " udp=" + u.metrics.send_io + " java=" + u.metrics.peer_java'
if ! (cd "$work" && timeout 300 env -i HOME="$work/home" PATH="$work/bin" LANG=C.UTF-8 "$home/scripts/benchsh" -e "$statements") > "$work/out" 2>&1; then
  cat "$work/out" >&2; echo "check-launcher: scripts/benchsh on $old failed" >&2; exit 1
fi
grep -Eq '^tcp=native/native udp=(mmsg|gso) java=2[2-9][0-9.]* (host|runtime)$' "$work/out" \
  || { cat "$work/out" >&2; echo "check-launcher: scripts/benchsh on $old did not run its local peer on the native paths" >&2; exit 1; }
echo "check-launcher: scripts/benchsh on $("$old" -version 2>&1 | head -1 | cut -d'"' -f2), no variable set: $(grep '^tcp=' "$work/out")"
