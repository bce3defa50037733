// 05 — file copies: one big file, ten tarballs, a Maildir-like tree and a portage-like tree, copied on
// one host (cp -a), over the network (tar c | nc | tar x) and, when b is an SSH host, through SFTP
// (scp), and a big file fetched by HTTP both ways between /dev/shm of a and b. Every copy is verified
// by checksums and removed afterwards; the generated trees and files go at the end.
//
//   scripts/benchsh run examples/05-file-copies.groovy                          # quick, on this machine
//   scripts/benchsh run examples/05-file-copies.groovy --set a=h1 --set b=h2 --set scale=1
//
// scale 1 is the classic size: a 234 MB video, 217 MB of tarballs, a Maildir of 10,688 files
// (134 MB) and a portage tree of 49,000 files in 12,000 directories (204 MB). The default 0.02 makes
// a quick run (about 18 MB in all).

// 1. Parameters (--set overrides them): the hosts, how big the trees are, and the scratch directory on
//    both hosts. Trees are generated on a; copies land on a (local) and on b (network, sftp).
import java.util.Locale

a = param('a', local)
b = param('b', local)
scale = param('scale', 0.02)
dir = param('dir', '/tmp')
profiles = ['video', 'tarballs', 'maildir', 'portage']

// 2. Generate the four trees on a, reproducibly (same seed, same tree) and with incompressible
//    content, so compression on the way cannot flatter a copy. Each path must be new. The trees of
//    small files shrink with scale in files, directories and bytes; the video and the ten tarballs
//    keep their number of files and shrink in bytes only.
bigFiles = [video: [files: 1, bytes: 234_000_000], tarballs: [files: 10, bytes: 217_000_000]]
trees = profiles.collectEntries { p ->
    def shape = bigFiles[p] ? [files: bigFiles[p].files, bytes: Math.round(bigFiles[p].bytes * scale)] : [scale: scale]
    [(p): tree(on: a, path: "$dir/benchsh-05-$p", profile: p, seed: 5, random: true, *: shape)]
}

// 3. Copy each tree three ways, each tagged with its profile and where it went:
//    local   — on a, like cp -a (files copied by a few threads while the walk goes on);
//    network — a → b over one TCP stream between the peers, like tar c | nc | tar x;
//    sftp    — a → b through the SSH servers, one file at a time, like scp (only when b is reached
//              over SSH; the shell relays the bytes).
//    verify: true compares SHA-256 digests of source and destination; keep: false removes the copy.
sftp = b instanceof benchsh.shell.host.SshHost
profiles.each { p ->
    def t = trees[p]
    tag(profile: p, where: 'local') { copy t, to: "$dir/benchsh-05-$p-copy", verify: true, keep: false }
    tag(profile: p, where: 'network') { copy t, from: a, to: b, path: "$dir/benchsh-05-$p-net", verify: true, keep: false }
    if (sftp) {
        tag(profile: p, where: 'sftp') { copy t, from: a, to: b, path: "$dir/benchsh-05-$p-sftp", via: 'sftp', verify: true, keep: false }
    }
}

// 4. HTTP both ways, as in the write-up: a 196 MB file of random bytes (× scale) in /dev/shm of the
//    serving host, fetched by the other host into its /dev/shm (http path: serves the file as it is,
//    sink: writes what arrives to a new file, removed after the test). Each direction serves its own
//    generated file (same size, another seed), so a and b may be the same host.
httpBytes = Math.round(196_000_000 * scale)
[['a → b', a, b, 'a'], ['b → a', b, a, 'b']].each { dir, from, to, name ->
    def file = tree(on: from, path: "/dev/shm/benchsh-05-http-$name", profile: 'video', files: 1, bytes: httpBytes, seed: name == 'a' ? 5 : 6, random: true)
    tag(file: String.format(Locale.ROOT, "%.3g MB random", httpBytes / 1e6), dir: dir) {
        http from: from, to: to, path: "/dev/shm/benchsh-05-http-$name/video-000.mkv", sink: "/dev/shm/benchsh-05-http-$name-fetched"
    }
    remove file
}

// 5. Remove the generated trees: exactly the files and directories tree created (anything added
//    inside since stays, and the table says so in kept_dirs).
profiles.each { p -> remove trees[p] }

// 6. The tables: files per second (what small files are about) and MB/s (what big files are about),
//    by profile × where, copies only.
table rows: 'profile', cols: 'where', value: 'files_per_s', where: { it.test == 'copy' }
table rows: 'profile', cols: 'where', value: 'throughput_bps', where: { it.test == 'copy' }
// and the http rows: MB/s of each direction.
table rows: 'file', cols: 'dir', value: 'throughput_bps', where: { it.test == 'http' }
