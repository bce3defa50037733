package benchsh.peer.fs;

import benchsh.peer.io.NativeFiles;
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

    /** Whether files at {@code p} go through {@link NativeFiles}: on this JVM's own file system, when available. */
    static boolean nativeAt(Path p) {
        return NATIVE && SafePaths.local(p);
    }
}
