package benchsh.shell.host.ssh;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A host as the user writes it: {@code name}, {@code user@name}, {@code user@name:2222} or
 * {@code user@[::1]:2222}. Port 0 means "not given" (the ssh config or 22 decides).
 */
public record SshSpec(String user, String host, int port) {
    private static final Pattern SPEC = Pattern.compile("(?:([^@\\s]+)@)?(\\[[^\\]]+\\]|[^@:\\s\\[\\]]+)(?::([0-9]{1,5}))?");

    public static SshSpec parse(String text) {
        String t = text == null ? "" : text.strip();
        Matcher m = SPEC.matcher(t);
        if (!m.matches()) {
            String host = t.substring(t.indexOf('@') + 1);
            throw new IllegalArgumentException("host '" + text + "' " + (host.chars().filter(c -> c == ':').count() > 1 && !host.startsWith("[")
                    ? "has an IPv6 address: put it in brackets, user@[" + host + "] (then :port after them)"
                    : "is not of the form name, user@name, user@name:port or user@[IPv6 address]:port"));
        }
        String host = m.group(2);
        if (host.startsWith("[")) {
            host = host.substring(1, host.length() - 1);
        }
        int port = 0;
        if (m.group(3) != null) {
            port = Integer.parseInt(m.group(3));
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("host '" + text + "': port " + port + " is not between 1 and 65535");
            }
        }
        return new SshSpec(m.group(1), host, port);
    }
}
