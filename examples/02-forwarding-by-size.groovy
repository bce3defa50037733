// 02 — forwarding throughput by packet size, for two configurations side by side.
//
// The classic router/bridge test: UDP datagrams of 64 to 1518 bytes (Ethernet frame sizes; the UDP
// payload is the frame minus 42 bytes of Ethernet, IP and UDP headers) pushed through the device
// under test, once per configuration. Here the two configurations are two paths: from `a` to `b`
// ("config A") and from `a` to `c` ("config B") — e.g. through two routers, two bridges, two kernels.
// On one machine all three default to `local`, which still shows the shape of the table.
//
//   scripts/benchsh run examples/02-forwarding-by-size.groovy --set a=h1 --set b=h2 --set c=h3

a = param('a', local)
b = param('b', local)
c = param('c', local)
time = param('time', 2.s)
rate = param('rate', 0)       // bits/s; 0 = as fast as possible

frames = [64, 128, 256, 512, 1024, 1280, 1518]
[['config A', b], ['config B', c]].each { label, to ->
    sweep(frame: frames) { p ->
        if (rate > 0) {
            udp from: a, to: to, size: p.frame - 42, time: time, rate: rate, label: label
        } else {
            udp from: a, to: to, size: p.frame - 42, time: time, label: label
        }
    }
}

// One row per frame size, the two configurations side by side, and the difference in percent.
compare 'config A', 'config B'
// Loss matters as much as throughput for forwarding: the same table by messages lost.
compare 'config A', 'config B', value: 'messages_lost'
