package benchsh.shell.result.store;

import benchsh.shell.result.Result;

/** A result read back from the store: its row id, the session that measured it, the result. */
public record StoredResult(long id, String session, Result result) {
}
