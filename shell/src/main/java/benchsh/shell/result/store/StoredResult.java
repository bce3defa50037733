package benchsh.shell.result.store;

import benchsh.shell.result.Result;

/**
 * A result read back from the store: its row id, the session that measured it, the result, and the
 * machine and OS user of that session (null for results stored before benchsh recorded them).
 */
public record StoredResult(long id, String session, Result result, String machine, String user) {
}
