// 04 — a summary table: local I/O, local disk, wire speed, network disk and NFS disk, to and from a
// host, 3 repeats each. One glance says which stage bounds a transfer between a and b.
//
//   scripts/benchsh run examples/04-summary.groovy                              # on this machine
//   scripts/benchsh run examples/04-summary.groovy --set a=h1 --set b=h2 --set dir=/var/tmp
//   scripts/benchsh run examples/04-summary.groovy --set a=h1 --set b=h2 --set nfs=/mnt/b   # b's export, mounted on a
//
// On the testbed: scripts/testbed up 2 --nfs (h2 exports a directory, h1 mounts it; the script prints
// the path), then --set a=h1 --set b=h2 --set nfs=PATH.
//
// The columns: "to b" is data going to b (written on b, or sent a → b); "from b" is data coming from b
// (read on b, or sent b → a). Cells show the median and the three runs. Files are created under dir
// on each host and removed after each run.

// 1. Parameters, all overridable with --set: the two hosts, how much each test moves, how long the
//    TCP tests run, the scratch directory on both hosts, and the directory on a where b's NFS export is
//    mounted (none: the NFS row is skipped).
a = param('a', local)
b = param('b', local)
size = param('size', 64.MiB)
time = param('time', 2.s)
dir = param('dir', '/tmp')
nfs = param('nfs', '')
n = param('repeats', 3)

// 2. Local I/O: a pipe from /dev/zero to /dev/null inside one host (dd if=/dev/zero | dd of=/dev/null),
//    on b ("to b") and on a ("from b": a is the receiver then). The ceiling of memory and CPU: no
//    other row can beat it on the same host.
tag(what: '1 local I/O', dir: 'to b') { repeat(n) { pipe from: b, to: b, count: size / 1.MiB } }
tag(what: '1 local I/O', dir: 'from b') { repeat(n) { pipe from: a, to: a, count: size / 1.MiB } }

// 3. Local disk on b: a dd-like write with fdatasync inside the timed span (so the page cache does
//    not flatter it), and a cold read (page cache dropped when root, else O_DIRECT). The read creates
//    its file first; both files are removed afterwards.
tag(what: '2 local disk', dir: 'to b') { repeat(n) { disk on: b, path: "$dir/benchsh-04-disk.dat", write: size, sync: true } }
tag(what: '2 local disk', dir: 'from b') { repeat(n) { disk on: b, path: "$dir/benchsh-04-disk.dat", read: size, cold: true } }

// 4. Wire speed: one TCP stream a → b and b → a, memory to memory (netperf TCP_STREAM).
tag(what: '3 wire speed', dir: 'to b') { repeat(n) { tcp from: a, to: b, time: time } }
tag(what: '3 wire speed', dir: 'from b') { repeat(n) { tcp from: b, to: a, time: time } }

// 5. Network disk: zeros over the network into a new file on the other host, synced at the end
//    (dd if=/dev/zero | nc | dd of=file conv=fdatasync). The pipe names the stage that bounded it.
tag(what: '4 network disk', dir: 'to b') {
    repeat(n) { pipe from: a, to: b, sink: "$dir/benchsh-04-net.dat", sync: true, count: size / 1.MiB }
}
tag(what: '4 network disk', dir: 'from b') {
    repeat(n) { pipe from: b, to: a, sink: "$dir/benchsh-04-net.dat", sync: true, count: size / 1.MiB }
}

// 6. NFS disk, only when nfs names the directory on a where b exports over NFS: a writes a file into
//    b's export (synced: the data is on b's disk before the clock stops) and reads it back cold
//    (page cache dropped when root, else O_DIRECT, else marked warm). Each row's fs column, and the
//    line after the summary, show the file system type and mount options the client saw.
nfsRun = null
if (nfs) {
    tag(what: '5 NFS disk', dir: 'to b') { repeat(n) { nfsRun = disk on: a, path: "$nfs/benchsh-04-nfs.dat", write: size, sync: true } }
    tag(what: '5 NFS disk', dir: 'from b') { repeat(n) { disk on: a, path: "$nfs/benchsh-04-nfs.dat", read: size, cold: true } }
}

// 7. The summary: one row per what, to and from b side by side, throughput (MB/s by default units).
table rows: 'what', cols: 'dir'
if (nfsRun instanceof benchsh.shell.result.Result) {
    println "5 NFS disk: $nfs on ${nfsRun.metrics().get('fs_type')}, mounted ${nfsRun.metrics().get('mount_options')}"
}
