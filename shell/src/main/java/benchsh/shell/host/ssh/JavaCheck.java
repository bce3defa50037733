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
    private static final Pattern VERSION = Pattern.compile("version \"([0-9]+)(?:\\.([0-9]+))?[^\"]*\"");

    private JavaCheck() {
    }

    /** @return the version line, e.g. {@code openjdk version "17.0.15" 2025-04-15} */
    public static String check(ClientSession session, String host, String java) throws HostException {
        RemoteCommand.Outcome o;
        try {
            o = RemoteCommand.run(session, RemoteCommand.quote(java) + " -version", TIMEOUT);
        } catch (IOException e) {
            throw new HostException(host, "check java", "could not run '" + java + " -version': " + e.getMessage());
        }
        String fix = "install Java " + REQUIRED + "+ there (e.g. apt-get install openjdk-17-jre-headless) or give java: '/path/to/bin/java'";
        String said = firstLine(o.output());
        if (o.exit() != 0) {
            throw new HostException(host, "check java", "no usable Java: '" + java + " -version' exited with " + o.exit()
                    + (said.isEmpty() ? "" : " (" + said + ")") + "; " + fix);
        }
        Integer major = major(o.output());
        if (major == null) {
            throw new HostException(host, "check java", "cannot tell the Java version from '" + said + "'; " + fix);
        }
        if (major < REQUIRED) {
            throw new HostException(host, "check java", "found Java " + major + " (" + said + "), benchsh needs " + REQUIRED
                    + " or newer; " + fix);
        }
        return said;
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
