// 03 — comparing two switches: UDP stream with 1472-byte and 1-byte messages in both directions,
// plus TCP request/response 1/1 (netperf UDP_STREAM -m 1472, -m 1, and TCP_RR).
//
// Run it once per switch with a label, then compare the two (in one REPL session, or later from the
// result store):
//
//   scripts/benchsh run examples/03-switch-udp-rr.groovy --set a=h1 --set b=h2 --set label='switch A'
//   (re-cable)
//   scripts/benchsh run examples/03-switch-udp-rr.groovy --set a=h1 --set b=h2 --set label='switch B'
//   benchsh> compare 'switch A', 'switch B'

a = param('a', local)
b = param('b', local)
label = param('label', 'switch A')
time = param('time', 3.s)

sweep(size: [1472, 1], dir: ['a->b', 'b->a']) { p ->
    def (from, to) = p.dir == 'a->b' ? [a, b] : [b, a]
    udp from: from, to: to, size: p.size, time: time, label: label
}
// Messages per second received is what a 1-byte stream is about (loss: value: 'messages_lost'):
table rows: 'size', cols: 'dir', value: 'recv_messages_per_s'

rr from: a, to: b, request: 1, response: 1, time: time, label: label, histogram: true
