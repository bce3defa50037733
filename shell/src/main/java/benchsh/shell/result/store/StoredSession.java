package benchsh.shell.result.store;

import java.time.Instant;

/**
 * A session as the store knows it: id, start, command line, whether it ran a script, result count, and
 * the machine and OS user it ran on (null for sessions stored before benchsh recorded them).
 */
public record StoredSession(String id, Instant started, String commandLine, boolean script, int results, String machine, String user) {
}
