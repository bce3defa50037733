#!/usr/bin/env bash
# The release check (run by `mvn -B verify` in the dist module): unpacks the tarball into an empty
# directory and runs it with only a Java runtime — no Maven on PATH, no network, a fresh HOME — through
# a symlink, as a user would after `tar xzf`: the demo, and a dry run of example 01 with --set; the shell
# completion scripts are there and parse; with no JDK 22+ to be found (BENCHSH_JDK22=none) the local peer runs on
# the runtime the release ships (lib/peer-runtime) and takes the native datagram paths.
set -euo pipefail
tarball="$1"
work="$(mktemp -d)"
trap 'rm -rf -- "$work"' EXIT
tar xzf "$tarball" -C "$work"
release="$(echo "$work"/benchsh-*)"
mkdir -p "$work/bin" "$work/home"
ln -s "$release/bin/benchsh" "$work/bin/benchsh"
# PATH holds only the tools a launcher needs, and java: no mvn (Debian's /bin is /usr/bin, so neither is on PATH)
# tar and gzip unpack the shipped peer runtime for the local peer
for tool in java sh bash env dirname readlink sed tar gzip; do
  ln -s "$(readlink -f "$(command -v "$tool")")" "$work/bin/$tool"
done
run() { timeout 300 env -i HOME="$work/home" PATH="$work/bin" LANG=C.UTF-8 "$@"; }
if run sh -c 'command -v mvn' >/dev/null; then echo "check-release: mvn is still on PATH" >&2; exit 1; fi
for f in LICENSE THIRD-PARTY.txt README.md bin/benchsh examples/00-demo.groovy share/bash-completion/completions/benchsh \
  share/zsh/site-functions/_benchsh lib/peer-runtime/runtime.tar.gz lib/peer-runtime/runtime.properties; do
  [ -e "$release/$f" ] || { echo "check-release: $f is missing from the tarball" >&2; exit 1; }
done
bash -n "$release/share/bash-completion/completions/benchsh" || { echo "check-release: the bash completion does not parse" >&2; exit 1; }
grep -q "^complete -F _benchsh benchsh" "$release/share/bash-completion/completions/benchsh" \
  || { echo "check-release: the bash completion script is not one" >&2; exit 1; }
run benchsh completion bash | cmp -s - "$release/share/bash-completion/completions/benchsh" \
  || { echo "check-release: the shipped bash completion differs from what 'benchsh completion bash' prints" >&2; exit 1; }
if command -v zsh >/dev/null; then
  zsh -n "$release/share/zsh/site-functions/_benchsh" || { echo "check-release: the zsh completion does not parse" >&2; exit 1; }
fi
if grep -qi "GPL" "$release/THIRD-PARTY.txt"; then echo "check-release: a GPL dependency is in the release" >&2; exit 1; fi
(cd "$work" && run benchsh demo > demo.out 2>&1) || { cat "$work/demo.out" >&2; echo "check-release: benchsh demo failed" >&2; exit 1; }
grep -q "Tx MB/s" "$work/demo.out" || { cat "$work/demo.out" >&2; echo "check-release: the demo printed no table" >&2; exit 1; }
(cd "$release" && run benchsh run examples/01-netio-table.groovy --dry-run --set a=h1 > "$work/plan.out" 2>&1) \
  || { cat "$work/plan.out" >&2; echo "check-release: the dry run failed" >&2; exit 1; }
grep -q "nothing was connected" "$work/plan.out" || { cat "$work/plan.out" >&2; echo "check-release: no plan printed" >&2; exit 1; }
(cd "$work" && run env BENCHSH_JDK22=none benchsh -e 'r = udp batch: 64, time: 1.s; println "io=" + r.metrics.send_io + " java=" + r.metrics.peer_java' \
  > "$work/native.out" 2>&1) || { cat "$work/native.out" >&2; echo "check-release: udp batch: 64 failed" >&2; exit 1; }
grep -Eq '^io=(mmsg|gso) java=2[2-9][0-9.]* runtime$' "$work/native.out" \
  || { cat "$work/native.out" >&2; echo "check-release: the local peer did not run the native paths on the shipped runtime" >&2; exit 1; }
echo "check-release: $(basename "$tarball") runs with Java only: demo, dry run, completion scripts, native paths on the shipped runtime ok"
