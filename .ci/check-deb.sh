#!/usr/bin/env bash
# Checks the .deb the way a user gets it: builds it (scripts/package-deb, from the tree 'mvn -B verify' built),
# installs it with dpkg, runs the installed benchsh with an empty environment and a PATH that holds no Java
# (so only the bundled runtime can run it, and its local peer, on the native paths), checks the exit code and the
# output and that benchsh's runtime for the peers on other hosts is there, then
# removes the package (dpkg -r) and checks that none of the files 'dpkg -L' listed is left, then purges dpkg's
# record of it. Needs root; every step is bounded in time. Run by .ci/run after the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "check-deb: $*" >&2; exit 1; }

if dpkg -s benchsh >/dev/null 2>&1; then
  fail "a benchsh package is installed already; remove it first (dpkg -r benchsh)"
fi
deb="$(timeout 900 scripts/package-deb | tail -n 1)"
[ -f "$deb" ] || fail "scripts/package-deb made no .deb ($deb)"
echo "check-deb: $deb ($(du -h "$deb" | cut -f1))"

work="$(mktemp -d)"
installed=false
cleanup() {
  if [ "$installed" = true ]; then dpkg -P benchsh >/dev/null 2>&1 || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
timeout 300 dpkg -i "$deb"
installed=true
dpkg -L benchsh > "$work/files"
grep -qx /opt/benchsh/lib/runtime/bin/java "$work/files" || fail "dpkg -L lists no bundled runtime"
grep -qx /opt/benchsh/lib/app/peer-runtime/runtime.tar.gz "$work/files" || fail "dpkg -L lists no peer runtime for other hosts"
[ "$(readlink /usr/bin/benchsh)" = /opt/benchsh/bin/benchsh ] || fail "/usr/bin/benchsh does not link to /opt/benchsh/bin/benchsh"
completions=(/usr/share/bash-completion/completions/benchsh /usr/share/zsh/vendor-completions/_benchsh)
for link in "${completions[@]}"; do
  if [ -d "$(dirname "$link")" ]; then
    [ -f "$link" ] && [ -L "$link" ] || fail "no completion script at $link"
  fi
done
if [ -f "${completions[0]}" ]; then
  bash -n "${completions[0]}" || fail "the installed bash completion does not parse"
fi

# only benchsh on PATH, no JAVA_HOME, no BENCHSH_JAVA: nothing but the bundled runtime can run the shell or its peer
mkdir -p "$work/home" "$work/bin"
ln -s /usr/bin/benchsh "$work/bin/benchsh"
run() { (cd "$work/home" && timeout 120 env -i HOME="$work/home" PATH="$work/bin" TERM=dumb benchsh "$@"); }
set +e
out="$(run -e "println 'java.home=' + System.getProperty('java.home'); tcp time: 1.s; r = udp batch: 64, time: 1.s; println 'io=' + r.metrics.send_io" 2>&1)"
code=$?
set -e
echo "$out"
[ "$code" -eq 0 ] || fail "benchsh -e \"tcp time: 1.s\" exited with $code"
grep -qx 'java.home=/opt/benchsh/lib/runtime' <<<"$out" || fail "the shell did not run on the bundled runtime"
grep -Eq '^local +local +128 KiB +1 +false +[0-9.]+ s +[0-9,.]+ ' <<<"$out" || fail "no tcp row in the output"
grep -Eqx 'io=(mmsg|gso)' <<<"$out" || fail "the local peer did not take the native datagram paths on the bundled runtime"
version="$(run --version)"
[ "$version" = "benchsh $(sed -n 's/^version=//p' shell/target/maven-archiver/pom.properties)" ] || fail "--version said '$version'"

timeout 300 dpkg -r benchsh
installed=false
left=()
while IFS= read -r f; do
  case "$f" in /opt/benchsh|/opt/benchsh/*) [ -e "$f" ] || [ -L "$f" ] && left+=("$f") ;; esac
done < "$work/files"
[ ! -e /opt/benchsh ] || left+=(/opt/benchsh)
[ ! -e /usr/bin/benchsh ] && [ ! -L /usr/bin/benchsh ] || left+=(/usr/bin/benchsh)
for link in "${completions[@]}"; do
  [ ! -L "$link" ] || left+=("$link")
done
[ ${#left[@]} -eq 0 ] || fail "left after dpkg -r: ${left[*]}"
# dpkg keeps the record of a removed package (and its postrm) until it is purged
timeout 120 dpkg -P benchsh >/dev/null
! dpkg -s benchsh >/dev/null 2>&1 || fail "dpkg still knows benchsh after dpkg -P"
echo "check-deb: installed, ran on the bundled runtime, removed without a trace ($(wc -l < "$work/files") paths)"
