package benchsh.peer.fs;

import benchsh.peer.io.NativeFiles;
import benchsh.peer.io.NewFile;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The ledger of what one run created itself: the only entries its cleanup may remove.
 *
 * <p>A path becomes the run's only once the run's own exclusive create of it succeeded: a directory
 * made by mkdir ({@link Files#createDirectory} fails on anything already there, unlike
 * {@code createDirectories}), a file opened with {@code O_CREAT|O_EXCL} without following links
 * ({@code CREATE_NEW}, {@code NOFOLLOW_LINKS}). Right after the create the ledger reads the entry's
 * identity without following links: its type and file key (device and inode). A create that fails
 * because something appeared at the path leaves that thing alone and unrecorded, and says so.
 *
 * <p>Nothing is created through a link: the base only once no directory above it is one (lstat from the
 * root down, just before its create: {@link SafePaths#refuseLinkedParents}); a file created through the C
 * library ({@link #createNative}) by a kernel that refuses a link anywhere on its path ({@code openat2},
 * {@code RESOLVE_NO_SYMLINKS}), so there also a directory swapped for a link after the check is refused.
 *
 * <p>{@link #removeAll} walks only the recorded entries, newest first (a directory's contents before
 * it), and removes each only if it still is the entry created: same type and file key, read with
 * {@code NOFOLLOW_LINKS}. Anything else stays and is counted: an entry replaced by another (another
 * inode, a link), and what someone else put into a created directory, which keeps that directory too.
 * Links are never followed. On file systems without file keys (SFTP) the check is by type only. A
 * check and its removal are two calls (POSIX has no "unlink if this inode"): only a process that may
 * write into the run's own new directories can swap an entry in between.
 *
 * <p>Names are relative to {@link #base()} with '/' separators, "" being the base itself; callers
 * pass names they checked ({@link SafePaths#entry}). Memory: one name reference and one file key per
 * entry. Thread-safe: workers may create entries concurrently; {@link #removeAll} runs after they
 * stopped, and a create that completes after it began is undone at once.
 */
public final class CreatedEntries {
    /** At most this many paths are named in a removal's report. */
    static final int EXAMPLES = 5;

    /** How every file is created: exclusively, for writing, and locally without following a link. */
    private static final Set<OpenOption> NEW_FILE = Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    private static final Set<OpenOption> NEW_LOCAL_FILE = Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);

    private final Path base;
    private final boolean local;
    private String[] names = new String[16];
    private Object[] keys = new Object[16];
    private final BitSet dirs = new BitSet();
    private int size;
    /** Whether the file system reports file keys: decided by the first entry; without them the check is by type only. */
    private Boolean keyed;
    private boolean removing;

    /** A ledger for entries at or below {@code base} (on any NIO file system). */
    public CreatedEntries(Path base) {
        this.base = base;
        this.local = SafePaths.local(base);
    }

    public Path base() {
        return base;
    }

    /** The path of a relative name ("" is the base). */
    public Path path(String name) {
        return name.isEmpty() ? base : base.resolve(name);
    }

    /** Where to create {@code name}; the base itself only once no directory above it is a link (checked again right before its create). */
    private Path target(String name) throws IOException {
        if (!name.isEmpty()) {
            return base.resolve(name);
        }
        SafePaths.refuseLinkedParents(base);
        return base;
    }

    /** Entries recorded so far. */
    public synchronized int size() {
        return size;
    }

    /** Creates the directory {@code name} with mkdir (fails if anything is there) and records it. */
    public Path createDirectory(String name, FileAttribute<?>... attrs) throws IOException {
        Path p = target(name);
        try {
            Files.createDirectory(p, attrs);
        } catch (FileAlreadyExistsException e) {
            throw appeared(p, name);
        }
        record(name, p, true);
        return p;
    }

    /**
     * Creates the file {@code name} with {@code O_CREAT|O_EXCL} (and no link following on the local file
     * system), opened for writing with the further {@code options} (e.g. DSYNC, O_DIRECT), and records it.
     */
    public FileChannel createFile(String name, Set<? extends OpenOption> options, FileAttribute<?>... attrs) throws IOException {
        Set<OpenOption> o = options.isEmpty() ? (local ? NEW_LOCAL_FILE : NEW_FILE) : newFile(options);
        Path p = target(name);
        FileChannel ch;
        try {
            ch = FileChannel.open(p, o, attrs);
        } catch (FileAlreadyExistsException e) {
            throw appeared(p, name);
        }
        return recordOrClose(name, p, ch);
    }

    /** {@code options} with those of {@link #NEW_LOCAL_FILE} (or {@link #NEW_FILE}). */
    private Set<OpenOption> newFile(Set<? extends OpenOption> options) {
        if (options.contains(StandardOpenOption.CREATE) || options.contains(StandardOpenOption.TRUNCATE_EXISTING)) {
            throw new IllegalArgumentException("CREATE and TRUNCATE_EXISTING may overwrite; files are created new");
        }
        Set<OpenOption> o = new HashSet<>(options);
        o.addAll(local ? NEW_LOCAL_FILE : NEW_FILE);
        return o;
    }

    /**
     * Creates the local file {@code name} as {@link #createFile} does, through the C library ({@link NativeFiles},
     * Java 22+), with {@code mode} less the umask, and records it by the identity read on its descriptor.
     * The caller closes the descriptor.
     */
    public NewFile createNative(String name, int mode) throws IOException {
        Path p = target(name);
        NewFile f;
        try {
            f = NativeFiles.create(p, mode);
        } catch (FileAlreadyExistsException e) {
            throw appeared(p, name);
        } catch (FileSystemException e) {
            Path link = SafePaths.linkedParent(p); // the kernel refused a link on the way (RESOLVE_NO_SYMLINKS): name it
            throw link == null ? e : SafePaths.linkedParent(p, link);
        }
        try {
            add(name, p, false, new DevIno(f.dev(), f.ino()));
            return f;
        } catch (IOException | RuntimeException e) {
            FileIo.closeAfter(e, f.fd(), p);
            throw e;
        }
    }

    /**
     * Creates the file {@code name} exclusively as the file system's output stream (SFTP pipelines its
     * writes there) and records it.
     */
    public OutputStream createStream(String name) throws IOException {
        Path p = target(name);
        OpenOption[] options = local ? new OpenOption[] {StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS}
                : new OpenOption[] {StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE};
        OutputStream out;
        try {
            out = Files.newOutputStream(p, options);
        } catch (FileAlreadyExistsException e) {
            throw appeared(p, name);
        }
        return recordOrClose(name, p, out);
    }

    /**
     * Records an entry the caller has just created with one of the JDK's own exclusive creates
     * ({@link Files#createTempFile}, {@link Files#createTempDirectory}).
     */
    public void recordCreated(String name) throws IOException {
        Path p = path(name);
        record(name, p, Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS));
    }

    private <C extends AutoCloseable> C recordOrClose(String name, Path p, C c) throws IOException {
        try {
            record(name, p, false);
            return c;
        } catch (IOException | RuntimeException e) {
            try {
                c.close();
            } catch (Exception suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    private static FileAlreadyExistsException appeared(Path p, String name) {
        return new FileAlreadyExistsException(p.toString(), null, name.isEmpty()
                ? "something else created it after benchsh had checked that the path was new and before benchsh's own create; "
                        + "benchsh left it untouched"
                : "something else created it inside the new destination while benchsh was writing; benchsh left it untouched");
    }

    private void record(String name, Path p, boolean dir) throws IOException {
        Boolean withKeys;
        synchronized (this) {
            withKeys = keyed;
        }
        Object key = null;
        if (withKeys == null || withKeys) {
            BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!sameType(a, dir)) {
                throw new IOException(p + " changed type right after benchsh created it; benchsh left it untouched");
            }
            key = a.fileKey();
        }
        add(name, p, dir, key);
    }

    private void add(String name, Path p, boolean dir, Object key) throws IOException {
        synchronized (this) {
            if (removing) {
                undo(p);
                throw new IOException("stopped: " + p + " was created after the cleanup began and was removed again");
            }
            if (keyed == null) {
                keyed = key != null;
            }
            if (size == names.length) {
                names = Arrays.copyOf(names, size * 2);
                keys = Arrays.copyOf(keys, size * 2);
            }
            names[size] = name;
            keys[size] = key;
            dirs.set(size, dir);
            size++;
        }
    }

    /** Removes an entry created a moment ago by a late worker; best effort, the cleanup's report covers the rest. */
    private static void undo(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // a late entry that cannot be removed stays; its directory is then kept and reported
        }
    }

    private static boolean sameType(BasicFileAttributes a, boolean dir) {
        return dir ? a.isDirectory() : a.isRegularFile();
    }

    /** Whether {@code p}, read as {@code a}, is still the entry recorded with {@code key} (null: not checkable). */
    private static boolean sameKey(Object key, Path p, BasicFileAttributes a) {
        if (key instanceof DevIno d) {
            return d.is(p);
        }
        return key == null || Objects.equals(key, a.fileKey());
    }

    /** A file's identity as read on its descriptor ({@link NewFile}). */
    private record DevIno(long dev, long ino) {
        /** Whether {@code p} (not following a link) is this file; false when that cannot be read. */
        boolean is(Path p) {
            try {
                Map<String, Object> a = Files.readAttributes(p, "unix:dev,ino", LinkOption.NOFOLLOW_LINKS);
                return a.get("dev") instanceof Long d && d == dev && a.get("ino") instanceof Long i && i == ino;
            } catch (IOException | RuntimeException e) {
                return false;
            }
        }
    }

    /**
     * Removes every recorded entry that still is the entry created, newest first; keeps and counts the
     * rest. Ends the ledger: a create that completes later is undone at once. Never throws.
     */
    public Removal removeAll() {
        String[] n;
        Object[] k;
        BitSet d;
        int count;
        synchronized (this) {
            removing = true;
            n = names;
            k = keys;
            d = (BitSet) dirs.clone();
            count = size;
        }
        RemovalTally t = new RemovalTally();
        for (int i = count - 1; i >= 0; i--) {
            Path p = path(n[i]);
            BasicFileAttributes a;
            try {
                a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            } catch (NoSuchFileException e) {
                t.missing++;
                continue;
            } catch (IOException e) {
                t.failed(p, e);
                continue;
            }
            if (!sameType(a, d.get(i)) || !sameKey(k[i], p, a)) {
                t.notCreated(p);
                continue;
            }
            try {
                Files.delete(p);
                t.removed++;
            } catch (NoSuchFileException e) {
                t.missing++;
            } catch (DirectoryNotEmptyException e) {
                t.keptDir(p);
            } catch (IOException e) {
                t.failed(p, e);
            }
        }
        return t.result();
    }

    /**
     * What {@link #removeAll} did.
     *
     * @param removed      created entries removed
     * @param missing      created entries already gone
     * @param notCreated   entries kept because benchsh did not create them: replacements at created
     *                     paths and entries found in created directories
     * @param keptDirs     created directories kept because they still hold something
     * @param failed       created entries whose removal failed (e.g. permission denied)
     * @param examples     up to {@value CreatedEntries#EXAMPLES} paths of entries benchsh did not create
     * @param firstFailure the first failure, described, or null
     */
    public record Removal(long removed, long missing, long notCreated, long keptDirs, long failed, List<String> examples, String firstFailure) {
        /** True when everything created is gone and nothing else was found. */
        public boolean complete() {
            return notCreated == 0 && keptDirs == 0 && failed == 0;
        }

        /** Null when {@link #complete()}; else what was kept and why, for the run's error. */
        public String problem() {
            if (complete()) {
                return null;
            }
            List<String> parts = new ArrayList<>();
            String dirs = keptDirs + " created " + (keptDirs == 1 ? "directory" : "directories");
            if (notCreated > 0) {
                parts.add("cleanup kept " + entries(notCreated) + " benchsh did not create (" + String.join(", ", examples)
                        + (notCreated > examples.size() ? ", ..." : "") + ")" + (keptDirs > 0 ? " and the " + dirs + " holding them" : ""));
            } else if (keptDirs > 0) {
                parts.add("cleanup kept " + dirs + " that are not empty");
            }
            if (failed > 0) {
                parts.add("cleanup could not remove " + entries(failed) + " benchsh created (first: " + firstFailure + ")");
            }
            return String.join("; ", parts);
        }

        private static String entries(long n) {
            return n + (n == 1 ? " entry" : " entries");
        }

        /**
         * A run's error with this cleanup added: "; the partial {@code what} was removed", or what was
         * kept and why. Without a run error, just {@link #problem()} (null when all went well).
         */
        public String addTo(String error, String what) {
            String problem = problem();
            if (error == null) {
                return problem;
            }
            return error + "; " + (problem == null ? "the partial " + what + " was removed" : problem);
        }
    }
}
