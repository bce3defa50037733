package benchsh.shell.host.shellpeer;

import benchsh.shell.host.HostException;
import benchsh.shell.host.ssh.RemoteCommand;
import java.io.IOException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.sshd.client.session.ClientSession;

/**
 * Learns, in one POSIX {@code sh} command on a host, what its tools can do ({@link Tools}): which of {@link Tools#PROBED}
 * its {@code PATH} has and whether they are busybox's (its {@code dd} says so); which of {@link Tools#DD_FLAGS} its {@code dd} takes (a flag it does
 * not know is named in its complaint, one it knows fails on {@code /dev/null} for another reason) and whether it prints
 * the bytes it copied; whether its {@code sleep} takes fractions; whether the login user may drop the page cache; how
 * its {@code nc} ends a connection at the end of its input (its help: busybox needs nothing, {@code -N} where offered,
 * else {@code -q 0}); and how it listens: {@code nc -l -p PORT}, else {@code nc -l PORT}, each tried for real on a free
 * port of the host (one not in {@code /proc/net/tcp}) until {@code /proc/net/tcp} shows it listening, then ended (a
 * watcher ends it after 5 s, should the probe itself be cut short). It writes no file and leaves nothing running.
 * Stateless.
 */
final class ToolProbe {
    static final Duration TIMEOUT = Duration.ofSeconds(30);
    static final String STEP = "probe tools";

    private ToolProbe() {
    }

    /**
     * The probe, one line for {@code eval} (sent on the command's input, as a side's script is).
     *
     * @param ports free ports to try listening on, the first free one there is taken
     */
    static String script(String token, List<Integer> ports) {
        String flags = String.join(" ", Tools.DD_FLAGS);
        String candidates = ports.stream().map(String::valueOf).collect(Collectors.joining(" "));
        return "T=" + token + "; " + SideScript.LISTENING + "; h() { command -v \"$1\" >/dev/null 2>&1; }; "
                + "for c in " + String.join(" ", Tools.PROBED) + "; do h \"$c\" && echo \"$T has $c\"; done; "
                + "case $(dd --help 2>&1) in *BusyBox*) busybox 2>/dev/null | { IFS= read -r v && echo \"$T busybox $v\"; };; esac; "
                + "if sleep 0.01 2>/dev/null; then echo \"$T sleeps fractions\"; S=0.1; else S=1; fi; "
                + "[ -w /proc/sys/vm/drop_caches ] && echo \"$T drops caches\"; "
                + "if h dd; then for f in " + flags + "; do o=$(dd if=/dev/zero of=/dev/null count=0 \"$f\" 2>&1); "
                + "case $o in *\"${f#*=}\"*) ;; *) echo \"$T dd $f\";; esac; done; "
                + "case $(dd if=/dev/zero of=/dev/null count=1 2>&1) in *\" bytes\"*) echo \"$T dd bytes\";; esac; fi; "
                + "if h nc && h grep; then o=$(nc -h 2>&1); case $o in *BusyBox*) ;; *\" -N\"*) echo \"$T nc close -N\";; "
                + "*\" -q \"*) echo \"$T nc close -q 0\";; esac; "
                + "P=; for p in " + candidates + "; do if " + SideScript.inUse("$p") + "; then :; else P=$p; break; fi; done; "
                + "if [ -n \"$P\" ]; then for a in \"-l -p\" \"-l\"; do nc $a $P </dev/null >/dev/null 2>&1 & n=$!; "
                + "( sleep 5; kill $n 2>/dev/null ) & w=$!; i=0; until l $P || [ $i -ge 20 ]; do sleep $S; i=$((i+1)); done; "
                + "if l $P; then kill $n $w 2>/dev/null; wait $n 2>/dev/null; echo \"$T nc listen $a\"; break; fi; "
                + "kill $n $w 2>/dev/null; wait $n 2>/dev/null; done; fi; fi; echo \"$T done\"";
    }

    /** Runs the probe on {@code host}'s session. */
    static Tools run(ClientSession session, String host, String token, List<Integer> ports) throws HostException {
        RemoteCommand.Outcome o;
        try {
            o = RemoteCommand.run(session, ShellSide.COMMAND, script(token, ports) + "\n", TIMEOUT);
        } catch (IOException e) {
            throw new HostException(host, STEP, "could not run the probe of its tools (sh, command -v): " + e.getMessage());
        }
        if (!o.stdout().contains(token + " done")) {
            String said = o.output().isEmpty() ? "" : ": " + o.output().replaceAll("\\s*\\R\\s*", "; ");
            throw new HostException(host, STEP, "its shell did not finish the probe of its tools (exit " + o.exit() + ")" + said
                    + "; a host without a peer needs a POSIX sh there");
        }
        return parse(token, o.stdout());
    }

    /** The tools the probe's lines say; lines without the token are not the probe's. */
    static Tools parse(String token, String output) {
        Set<String> commands = new HashSet<>();
        Set<String> dd = new HashSet<>();
        String busybox = null;
        String listen = null;
        String close = "";
        boolean bytes = false;
        boolean fractions = false;
        boolean drops = false;
        for (String line : output.split("\\R")) {
            if (!line.startsWith(token + " ")) {
                continue;
            }
            String said = line.substring(token.length() + 1).strip();
            if (said.startsWith("has ") && Tools.PROBED.contains(said.substring(4))) {
                commands.add(said.substring(4));
            } else if (said.startsWith("busybox ")) {
                busybox = said.substring(8);
            } else if (said.equals("dd bytes")) {
                bytes = true;
            } else if (said.startsWith("dd ") && Tools.DD_FLAGS.contains(said.substring(3))) {
                dd.add(said.substring(3));
            } else if (said.equals("nc listen -l -p") || said.equals("nc listen -l")) {
                listen = said.substring(10);
            } else if (said.equals("nc close -N") || said.equals("nc close -q 0")) {
                close = said.substring(9);
            } else if (said.equals("sleeps fractions")) {
                fractions = true;
            } else if (said.equals("drops caches")) {
                drops = true;
            }
        }
        return new Tools(busybox, commands, listen, close, dd, bytes, fractions, drops);
    }
}
