package benchsh.shell.secret;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Files only their owner may read (mode 0600): the result store and the REPL history. A missing
 * file is created 0600 (with its directories); an existing one that group or others may read is
 * tightened to 0600 and the user is told once. File systems without POSIX permissions are left
 * as they are. Stateless; thread-safe.
 */
public final class PrivateFiles {
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    private PrivateFiles() {
    }

    /**
     * Makes {@code file} exist and be readable by its owner only.
     *
     * @param notes told (once, as one line) when an existing file had to be tightened
     */
    public static void prepare(Path file, Consumer<String> notes) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        try {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
            Files.setPosixFilePermissions(file, OWNER_ONLY); // the umask may have taken bits away, never added: be exact
            return;
        } catch (FileAlreadyExistsException e) {
            // tightened below
        } catch (UnsupportedOperationException e) {
            if (!Files.exists(file)) {
                Files.createFile(file);
            }
            return;
        }
        tighten(file, notes);
    }

    /** Tightens an existing file that group or others may use; a missing file (or a directory) is left alone. */
    public static void tighten(Path file, Consumer<String> notes) throws IOException {
        if (!Files.isRegularFile(file)) {
            return;
        }
        try {
            Set<PosixFilePermission> now = Files.getPosixFilePermissions(file);
            if (!OWNER_ONLY.containsAll(now)) {
                Files.setPosixFilePermissions(file, OWNER_ONLY);
                notes.accept(file + " was open to group or others (" + PosixFilePermissions.toString(now) + "); it is now owner-only (rw-------)");
            }
        } catch (UnsupportedOperationException e) {
            // no POSIX permissions on this file system
        }
    }

    /** Replaces {@code file} with {@code text} atomically, through an owner-only temp file beside it. */
    public static void replace(Path file, String text) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Path temp;
        try {
            temp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp", PosixFilePermissions.asFileAttribute(OWNER_ONLY));
        } catch (UnsupportedOperationException e) {
            temp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
        }
        try {
            Files.writeString(temp, text);
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
