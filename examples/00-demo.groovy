// 00 — the demo: a netio-style TCP table on this machine.
//
// For each message size from 1 KiB to 32 KiB, measure TCP throughput twice:
//   Tx — the local end sends (netio's "Tx"),
//   Rx — the far end sends back (reverse: true, netio's "Rx").
// Here both ends are the built-in host `local`, so the figures show what the loopback and this
// CPU can do. Give the script real hosts (see 01-netio-table.groovy) to measure a link.
//
// sweep runs the closure for every point of the cross product, tags each result with its
// coordinates (size, dir) and prints the pivoted table when it is done.

sweep(size: [1.KiB, 2.KiB, 4.KiB, 8.KiB, 16.KiB, 32.KiB], dir: ['Tx', 'Rx']) { p ->
    tcp to: local, size: p.size, reverse: p.dir == 'Rx', time: 2.s, omit: 500.ms
}

println '''
Measured over loopback: both ends were this machine (local), so these are what its CPU and kernel move, not a network.
To measure a link, give two hosts: scripts/benchsh run examples/01-netio-table.groovy --set a=h1 --set b=h2'''
