// 01 — a netio-style Tx/Rx table by packet size, 1 KiB to 32 KiB, between two hosts; with a third
// host behind a second switch, the one-switch and two-switch tables side by side (what a hop costs).
//
//   scripts/benchsh run examples/01-netio-table.groovy                       # on this machine
//   scripts/benchsh run examples/01-netio-table.groovy --set a=h1 --set b=h2 --report r.html
//   scripts/benchsh run examples/01-netio-table.groovy --set a=h1 --set b=h2 --set c=h3   # two switches
//
// netio measures with the client sending (Tx) and then receiving (Rx), for each packet size.
// Here `a` is the client: Tx is a → b, Rx is b → a over the same connection setup (reverse: true).
// `c` (by default none: local) is a host one switch further than b: on the testbed, `scripts/testbed up 3
// --topology two-switch` puts h1 and h2 on switch sw1 and h3 on sw2, so a=h1, b=h2, c=h3.
// param() makes a, b, c, time and omit overridable with --set; hosts come from ~/.ssh/config, the testbed's
// config (BENCHSH_SSH_CONFIG) or an inventory (--hosts).

a = param('a', local)
b = param('b', local)
c = param('c', local)                    // local: no second path
time = param('time', 3.s)
omit = param('omit', 1.s)                // warm-up left out of each test
sizes = [1.KiB, 2.KiB, 4.KiB, 8.KiB, 16.KiB, 32.KiB]

// One sweep per path, each tagged with it; sweep prints each path's size × dir table when it is done.
twoSwitches = c != local
paths = [['one switch', b]] + (twoSwitches ? [['two switches', c]] : [])
paths.each { path, to ->
    tag(path: path) {
        sweep(size: sizes, dir: ['Tx', 'Rx']) { p ->
            tcp from: a, to: to, size: p.size, reverse: p.dir == 'Rx', time: time, omit: omit
        }
    }
}

// With two paths: the two tables side by side, one row per size and direction, and the difference.
if (twoSwitches) {
    compare 'one switch', 'two switches', by: 'path'
}
// `table rows: 'size', cols: 'dir'` reprints the sweep's table.
