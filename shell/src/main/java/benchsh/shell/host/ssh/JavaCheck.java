package benchsh.shell.host.ssh;

import benchsh.shell.host.HostException;
import java.io.IOException;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.sshd.client.session.ClientSession;

/**
 * Checks a host's Java before deploying: runs {@code java -version} and requires
 * {@value #REQUIRED} or newer. Stateless.
 */
public final class JavaCheck {
    public static final int REQUIRED = 17;
    static final Duration TIMEOUT = Duration.ofSeconds(30);
    /** What to do about a missing or old Java, at the end of every message saying so. */
    static final String INSTALL = "install Java " + REQUIRED + "+ there (e.g. apt-get install openjdk-17-jre-headless) or give java: "
            + "'/path/to/bin/java'";
    private static final Pattern VERSION = Pattern.compile("version \"([0-9]+)(?:\\.([0-9]+))?[^\"]*\"");

    private JavaCheck() {
    }

    /**
     * What {@code java -version} said on a host.
     *
     * @param java the command that was run
     * @param exit its exit status
     * @param said the first line it printed (trimmed; may be empty)
     * @param major the major version it names, or null when it names none
     */
    public record Found(String java, int exit, String said, Integer major) {
        /** Whether it is a Java benchsh can run the peer with. */
        public boolean usable() {
            return exit == 0 && major != null && major >= REQUIRED;
        }

        /** What was found, for {@code no Java 17+ (found ...)}: {@code Java 11: openjdk version "11.0.2"} or how the command failed. */
        public String found() {
            if (exit != 0) {
                return "'" + java + " -version' exited with " + exit + (said.isEmpty() ? "" : ": " + said);
            }
            return major == null ? "'" + java + " -version' said '" + said + "'" : "Java " + major + ": " + said;
        }

        /** Why this Java cannot run the peer, as a sentence for the {@code check java} step. */
        String problem() {
            if (exit != 0) {
                return "no usable Java: '" + java + " -version' exited with " + exit + (said.isEmpty() ? "" : " (" + said + ")");
            }
            return major == null ? "cannot tell the Java version from '" + said + "'"
                    : "found Java " + major + " (" + said + "), benchsh needs " + REQUIRED + " or newer";
        }
    }

    /** @return the version line, e.g. {@code openjdk version "17.0.15" 2025-04-15} */
    public static String check(ClientSession session, String host, String java) throws HostException {
        Found f = probe(session, host, java);
        if (!f.usable()) {
            throw new HostException(host, "check java", f.problem() + "; " + INSTALL);
        }
        return f.said();
    }

    /** Runs {@code java -version} on the host; throws only when the command could not be run at all. */
    public static Found probe(ClientSession session, String host, String java) throws HostException {
        RemoteCommand.Outcome o;
        try {
            o = RemoteCommand.run(session, RemoteCommand.quote(java) + " -version", TIMEOUT);
        } catch (IOException e) {
            throw new HostException(host, "check java", "could not run '" + java + " -version': " + e.getMessage());
        }
        return new Found(java, o.exit(), firstLine(o.output()), o.exit() == 0 ? major(o.output()) : null);
    }

    /** The major version in {@code java -version} output ({@code 1.8} counts as 8), or null. */
    static Integer major(String output) {
        Matcher m = VERSION.matcher(output);
        if (!m.find()) {
            return null;
        }
        int first = Integer.parseInt(m.group(1));
        return first == 1 && m.group(2) != null ? Integer.parseInt(m.group(2)) : first;
    }

    private static String firstLine(String s) {
        String t = s.strip();
        int nl = t.indexOf('\n');
        return nl < 0 ? t : t.substring(0, nl).strip();
    }
}
