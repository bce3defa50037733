package benchsh.shell.host.shellpeer;

import benchsh.peer.observe.CpuTimes;
import benchsh.peer.workload.SideCpu;
import benchsh.peer.workload.Streamed;
import java.util.List;

/**
 * The measured span of a side run by a host's tools, between two of its script's marks: the seconds of the host's
 * {@code /proc/uptime} (hundredths of a second), the host's CPU from {@code /proc/stat} over it, and the CPU time of
 * the tools the shell ran and waited for in it ({@code times}: every process of the pipeline, as netperf's
 * process CPU is the peer's). Stateless.
 */
final class Span {
    private Span() {
    }

    /**
     * A meter's figures for {@code bytes} moved between the marks {@code from} and {@code to}: one stream, no warm-up,
     * no stall; null when either mark is missing (the script was cut short before it).
     */
    static Streamed streamed(Said said, String from, String to, long bytes) {
        Said.Mark a = said.mark(from);
        Said.Mark b = said.mark(to);
        if (a == null || b == null) {
            return null;
        }
        double seconds = Math.max(0, (b.uptimeNanos() - a.uptimeNanos()) / 1e9);
        double bps = seconds > 0 ? bytes * 8 / seconds : Double.NaN;
        return new Streamed(bytes, bytes, seconds, 0, bps, cpu(a, b), List.of(bytes), List.of(bytes), List.of(bps), null);
    }

    /** The host's CPU between two marks: busy jiffies over all, of every CPU, and the tools' own CPU seconds. */
    static SideCpu cpu(Said.Mark a, Said.Mark b) {
        CpuTimes before = a.cpus().get("cpu");
        CpuTimes after = b.cpus().get("cpu");
        double pct = Double.NaN;
        if (before != null && after != null) {
            CpuTimes d = after.since(before);
            pct = d.total() > 0 ? 100.0 * d.busy() / d.total() : 0;
        }
        return new SideCpu(pct, b.cpuCount(), Math.max(0, b.childCpuSeconds() - a.childCpuSeconds()));
    }
}
