package benchsh.shell.result;

import java.security.SecureRandom;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;

/**
 * Who measured: a session's id (e.g. {@code 20261129-233319-a3f07c21}: UTC start time plus 4 random
 * bytes, so ids sort by time, and shells started in the same second, say by a CI farm, do not share one), its start, the command line and the script text (a file, {@code -e},
 * or the REPL lines so far; null when none). The session's {@link benchsh.shell.report.Provenance}
 * makes it with both texts masked, so the store never sees a password. Immutable.
 */
public record SessionInfo(String id, Instant started, String commandLine, String script) {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final DateTimeFormatter ID_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    /** A new session starting now. */
    public static SessionInfo start(String commandLine, String script) {
        Instant now = Instant.now();
        return new SessionInfo(newId(now), now, commandLine, script);
    }

    /** A session id for a session started at {@code started}: sortable by time, unique by its random tail. */
    public static String newId(Instant started) {
        byte[] r = new byte[4];
        RANDOM.nextBytes(r);
        return ID_TIME.format(started) + "-" + HexFormat.of().formatHex(r);
    }
}
