package benchsh.shell.definition;

import benchsh.peer.fs.TreeWorkload;
import benchsh.shell.host.Host;
import benchsh.shell.report.Formats;
import benchsh.shell.result.Result;

/**
 * A generated tree that later verbs use, e.g. {@code t = tree path: '/tmp/m', profile: 'maildir'; copy t, to: '/tmp/m2'}.
 * Immutable.
 *
 * @param dirs  directories, the root included
 * @param bytes the content bytes of all files
 * @param spec  the generator's spec (profile, shape, seed): {@code remove} regenerates the plan from it, and
 *              removes the planned files that still have the planned size and mtime
 */
public record TreeHandle(Host host, String path, long files, long dirs, long bytes, Result result, TreeWorkload.Spec spec) {

    /** Groovy property access: {@code t.files}. */
    public long getFiles() {
        return files;
    }

    public long getDirs() {
        return dirs;
    }

    public long getBytes() {
        return bytes;
    }

    public String getPath() {
        return path;
    }

    public Host getHost() {
        return host;
    }

    @Override
    public String toString() {
        return host.name() + ":" + path + " (" + Formats.number(files) + " files, " + Formats.number(dirs) + " dirs, " + Formats.size(bytes) + ")";
    }
}
