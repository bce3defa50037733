package benchsh.peer.fs;

import benchsh.peer.io.NativeFiles;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Which calls move a copy's files: the C library's on their own descriptors ({@link NativeFiles}, Java 22+ on
 * Linux), or NIO's. {@code -Dbenchsh.files=nio} (e.g. in {@code BENCHSH_PEER_JAVA_OPTIONS}) keeps a Java 22+ peer
 * on NIO, to compare the two. Stateless.
 */
final class FileIo {
    private static final boolean NATIVE = NativeFiles.unavailable() == null && !"nio".equals(System.getProperty("benchsh.files"));

    private FileIo() {
    }

    /** Closes {@code fd} (of {@code path}) after {@code failure}, to which a failed close is added as suppressed. */
    static void closeAfter(Exception failure, int fd, Path path) {
        try {
            NativeFiles.close(fd, path);
        } catch (IOException suppressed) {
            failure.addSuppressed(suppressed);
        }
    }

    /** Whether files at {@code p} go through {@link NativeFiles}: on this JVM's own file system, when available. */
    static boolean nativeAt(Path p) {
        return NATIVE && SafePaths.local(p);
    }
}
