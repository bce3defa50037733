// 01 — a netio-style Tx/Rx table by packet size, 1 KiB to 32 KiB, between two hosts.
//
//   scripts/benchsh run examples/01-netio-table.groovy                       # on this machine
//   scripts/benchsh run examples/01-netio-table.groovy --set a=h1 --set b=h2 --report r.html
//
// netio measures with the client sending (Tx) and then receiving (Rx), for each packet size.
// Here `a` is the client: Tx is a → b, Rx is b → a over the same connection setup (reverse: true).
// param() makes a, b and time overridable with --set; hosts come from ~/.ssh/config, the testbed's
// config (BENCHSH_SSH_CONFIG) or an inventory (--hosts).

a = param('a', local)
b = param('b', local)
time = param('time', 3.s)

sweep(size: [1.KiB, 2.KiB, 4.KiB, 8.KiB, 16.KiB, 32.KiB], dir: ['Tx', 'Rx']) { p ->
    tcp from: a, to: b, size: p.size, reverse: p.dir == 'Rx', time: time
}
// sweep prints the size × dir table when it is done; `table rows: 'size', cols: 'dir'` reprints it.
