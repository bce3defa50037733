// 06 — bufferbloat: the same shaped link with a deep queue and with a short one, side by side, the comparison
// people post (flent's RRUL plots, crusader's, networkQuality's RPM).
//
// `bufferbloat` probes the round trip between a and b every 10 ms all through the test (UDP, each probe
// stamped by both ends' clocks, so each way's delay comes out too) while it loads the link: idle, download
// (b → a), upload (a → b), both at once, idle again (crusader's phases; mode: 'rrul' loads both at once).
// A deep queue at the bottleneck fills under load and every packet waits in it; a short one drops instead.
// Run the example once per queue, with a label for each; the second run loads the first from the result
// store and prints both:
//
//   scripts/testbed shape h1 100mbit 200ms; scripts/testbed shape h2 100mbit 200ms     # a deep queue each way
//   scripts/benchsh run examples/06-bufferbloat.groovy --set a=h1 --set b=h2 --set queue=deep
//   scripts/testbed shape h1 100mbit 5ms; scripts/testbed shape h2 100mbit 5ms         # a short one
//   scripts/benchsh run examples/06-bufferbloat.groovy --set a=h1 --set b=h2 --set queue=short --set against=deep
//
// Where the kernel has fq_codel or cake (this one has only tbf, htb and ingress), a third run with the
// bottleneck's queue managed by them (tc qdisc add dev PORT parent ... fq_codel) and --set queue=fq_codel
// is the one that shows the cure. Both runs must use the same store (the default one, or --db FILE on both).
// On one machine a and b default to `local`: no bottleneck, but the same tables.

import java.util.Locale

// 1. Parameters (--set overrides them): the two ends, this run's label (the queue), a stored run to put
//    beside it, and the test: each loaded phase's length, the streams per direction, how often to probe,
//    and the streams' congestion control.
a = param('a', local)
b = param('b', local)
queue = param('queue', 'this link')
against = param('against', '')
time = param('time', 5.s)
streams = param('streams', 4)
probe = param('probe', 10.ms)
cc = param('cc', '')               // the streams' congestion control, e.g. --set cc=reno: a loss-based one fills a deep queue,
                                   // as draft-ietf-ippm-responsiveness asks; BBR keeps it far from full (needs peers on Java 22+)

// 2. The run before this one, from the result store, so that the tables show both.
units 'Mbit/s'
if (against) {
    load label: against
}

// 3. The test. Its row, then its phase table: throughput each way, the probes' round trip (p50 to max),
//    what the load added over idle, lost probes, responsiveness (RPM) and each way's one-way delay; then
//    sparklines of the round trip and throughput over the test. `--report bloat.html` draws flent's plot.
bufferbloat from: a, to: b, time: time, streams: streams, probe: probe, label: queue, *: (cc ? [cc: cc] : [:])

// 4. Side by side, one line per queue: what each load added to the median round trip, in ms, and the
//    responsiveness under working conditions (both directions loaded), in round trips per minute.
ms = { v -> v == null ? '-' : String.format(Locale.ROOT, '%.1f', v / 1000) }
println '\nqueue         download +ms  upload +ms  both +ms     RPM'
results.findAll { it.test == 'bufferbloat' && it.ok() }.each { r ->
    println String.format(Locale.ROOT, '%-12s %13s %11s %9s %7.0f', r.label, ms(r.download_added_latency_p50_us), ms(r.upload_added_latency_p50_us),
            ms(r.both_added_latency_p50_us), r.responsiveness_rpm ?: Double.NaN)
}
