package benchsh.shell.host.shellpeer;

import benchsh.peer.fs.CopyWorkload;
import benchsh.peer.fs.PageCache;

/** What the copy jobs share: their reports' parts from what their scripts said. Stateless. */
final class Copies {
    private Copies() {
    }

    /** The page cache mode a script said ({@code dropped}, {@code direct}, {@code warm}), or null. */
    static PageCache.Mode cache(String said) {
        for (PageCache.Mode m : PageCache.Mode.values()) {
            if (m.wire().equals(said)) {
                return m;
            }
        }
        return null;
    }

    /** What a script that wrote a destination counted there: the files and the directories, the root included. */
    static CopyWorkload.Destination destination(Said said) {
        Long files = said.number("files");
        Long dirs = said.number("dirs");
        return new CopyWorkload.Destination(null, files == null ? null : new CopyWorkload.Count(files, dirs == null ? 0 : dirs), null, null, null, null);
    }

    /** Whether the script removed what it created: true, false when it found it was no longer that, null when it did not try. */
    static Boolean removed(Said said) {
        String r = said.value("removed");
        return r == null ? null : r.equals("yes");
    }
}
