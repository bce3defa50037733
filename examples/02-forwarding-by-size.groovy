// 02 — the bridging write-up: the highest lossless UDP rate through a device, by Ethernet frame size
// (64, 128, 256, 512, 1024, 1280 and 1518 bytes), for two configurations of the device side by side.
//
// The device under test sits between a and b (a bridge, a router, a shaper). For each frame size,
// `limit udp` searches the highest offered rate whose loss stays at most `loss` (RFC 2544 throughput).
// RFC 2544's frame sizes count the 4-byte FCS, so the UDP payload is the frame minus 46 bytes (14
// Ethernet + 20 IPv4 + 8 UDP + 4 FCS): 18 bytes in a 64-byte frame, 1472 in a 1518-byte one (frame
// minus 42 would put 1476 bytes in the 1518 frame, over a 1500-byte MTU: fragments, not frames).
// Run the example once per configuration, with
// a label for each; the second run loads the first from the result store and prints both:
//
//   scripts/benchsh run examples/02-forwarding-by-size.groovy --set a=h1 --set b=h2 --set config=bridge
//   ... reconfigure the device (here: scripts/testbed up 3 --topology router) ...
//   scripts/benchsh run examples/02-forwarding-by-size.groovy --set a=h1 --set b=h2 --set config=router --set against=bridge
//
// Both runs must use the same store (the default one, or --db FILE on both). On one machine a and b
// default to `local`, which still shows the shape of the table.

// 1. Parameters (--set overrides them): the two ends, this run's configuration label, the label of a
//    stored run to put beside it (none: this run alone), and the search: the losses allowed (NDR, no
//    loss, and PDR, a little: both from one search's trials; --set loss=0 for NDR alone), trial length,
//    sampling interval (a trial needs at least three), how closely to find each limit (a fraction of
//    it) and the lowest rate tried (a fraction of the first, unpaced trial's rate: lower it when the
//    sender is far faster than the device, or the search ends with "loss at the lowest rate").
//    Each limit's row says how the search ended (limit verdict): "converged" (the limit is between
//    limit and first fail), "line rate" (the device lost nothing at the sender's own line rate: 100 %
//    of line rate, RFC 2544's best), "generator at its limit" when the sender's full speed passes
//    below its line rate (its CPU, not the device, is the limit), "loss at the lowest rate".
a = param('a', local)
b = param('b', local)
config = param('config', 'config A')
against = param('against', '')
loss = param('loss', [0.0, 0.5.percent])
trial = param('trial', 2.s)
interval = param('interval', 0.5.s)
resolution = param('resolution', 0.5.percent)
low = param('low', 1.percent)
max = param('max', 0.Mbit)                // the rate of payload to start from (--set max=120Mbit); 0: what an unpaced first trial reaches
dut = param('dut', '')                    // the device's host name, when it runs sshd (the testbed's 'dut')
frames = param('frames', [64, 128, 256, 512, 1024, 1280, 1518])   // --set frames=64,1518 for a quick look

// 2. The device's CPU and drop counters: with `dut` set, every trial watches the device too (observe:),
//    and each limit's row carries its CPU and drops (all interfaces and the softnet backlog) during the
//    trial at the limit: the netperf maintainers' advice, always state the CPU of the system under test.
watch = dut ? [observe: [host(dut)]] : [:]

// 3. The configuration run before this one, from the result store, so the tables show both.
units 'Mbit/s'
if (against) {
    load label: against
}

// 4. One search per frame size, every trial recorded (tag trial: n) and one `limit` result per loss
//    target and size (tagged loss_target when there are several).
frames.each { f ->
    limit udp, from: a, to: b, size: f - 46, loss: loss, trial: trial, interval: interval, resolution: resolution, low: low,
            label: config, tags: [frame: f], *: watch + (max ? [max: max] : [:])
}

// 5. The classic tables, frame size × configuration, one set per loss target: the payload rate that
//    passed, then the same frames counted on the wire (each frame plus 8 preamble and 12 gap bytes), and
//    frames per second.
(loss instanceof List ? loss : [loss]).each { l ->
    println "\nloss target ${l * 100} %"
    at = { it.test == 'limit' && it.target_loss_pct == l * 100 }
    table rows: 'frame', cols: 'label', value: 'limit_bps', where: at
    table rows: 'frame', cols: 'label', value: 'limit_wire_bps', where: at
    table rows: 'frame', cols: 'label', value: 'limit_frames_per_s', where: at
    // The device's CPU and drops at each limit, frame size × configuration.
    if (watch) {
        table rows: 'frame', cols: 'label', value: "cpu_${dut}_pct".toString(), where: at
        table rows: 'frame', cols: 'label', value: "${dut}_drops".toString(), where: at
    }
}
