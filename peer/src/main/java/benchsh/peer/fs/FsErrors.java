package benchsh.peer.fs;

import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.ErrorWords;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/** Turns file system exceptions into messages that say what happened and what to do. Stateless. */
public final class FsErrors {
    private FsErrors() {
    }

    /** True when the error is ENOSPC (or EDQUOT): the file system is full. */
    public static boolean noSpace(Throwable e) {
        String m = e.getMessage();
        return m != null && (m.contains("No space left on device") || m.contains("Disk quota exceeded"));
    }

    /**
     * The kind of a file workload's failure: a refusal ({@link RefusedException}, or a path that appeared
     * before benchsh's exclusive create) is REFUSED, a deadline TIMEOUT, anything else (ENOSPC, permission
     * denied, a broken stream) IO.
     */
    public static ErrorKind kind(IOException e) {
        if (e instanceof RefusedException || e instanceof FileAlreadyExistsException) {
            return ErrorKind.REFUSED;
        }
        return e instanceof SocketTimeoutException ? ErrorKind.TIMEOUT : ErrorKind.IO;
    }

    /** {@link #describe(IOException)}, and for ENOSPC how many bytes were written before it. */
    public static String describe(IOException e, long bytesWritten) {
        return describe(e) + (noSpace(e) ? " after " + bytesWritten + " bytes" : "");
    }

    /** A one-line explanation of {@code e}. */
    public static String describe(IOException e) {
        if (noSpace(e)) {
            return "no space left on device" + file(e) + " (ENOSPC)";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied" + file(e) + "; choose a path this user may write, or run the peer as a user who may";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory" + file(e);
        }
        if (e instanceof FileAlreadyExistsException f) {
            return "already exists" + file(e) + (f.getReason() == null ? "" : " (" + f.getReason() + ")")
                    + "; benchsh only writes new files and directories: choose a new path or remove it";
        }
        if (e.getMessage() != null && e.getMessage().contains("Permission denied")) {
            return "permission denied" + file(e);
        }
        return ErrorWords.of(e);
    }

    private static String file(IOException e) {
        return e instanceof FileSystemException f && f.getFile() != null ? ": " + f.getFile() : "";
    }
}
