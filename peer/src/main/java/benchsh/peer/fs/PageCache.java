package benchsh.peer.fs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Making reads cold: drop the kernel's page, dentry and inode caches (root only), else avoid them with
 * O_DIRECT, else admit the read was warm. The mode reached is reported with every cold read.
 */
public final class PageCache {
    private static final Path DROP = Path.of("/proc/sys/vm/drop_caches");

    /** How a "cold" read was made cold. */
    public enum Mode {
        /** The caches were dropped (written 3 to /proc/sys/vm/drop_caches). */
        DROPPED,
        /** O_DIRECT bypassed the page cache. */
        DIRECT,
        /** Nothing could be done: the read may have been served from the cache. */
        WARM;

        public String wire() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private PageCache() {
    }

    /**
     * Flushes dirty pages ({@code sync}) and drops the clean caches. Returns false when this process
     * may not (not root, or /proc/sys read-only, e.g. in a container).
     */
    public static boolean drop() {
        if (!Files.isWritable(DROP)) {
            return false;
        }
        try {
            Commands.run(java.util.List.of("sync"), java.time.Duration.ofSeconds(60));
        } catch (IOException e) {
            // dirty pages stay cached; the drop below still helps for clean ones
        }
        try {
            Files.writeString(DROP, "3");
            return true;
        } catch (IOException | SecurityException e) {
            return false;
        }
    }
}
