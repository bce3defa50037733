package benchsh.peer.fs;

import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * Removes a generated tree by its {@link TreePlan} (regenerated from the same profile, shape and
 * seed): exactly the planned regular files that still have the planned size and mtime, then the
 * planned directories deepest first, then the root, each only if now empty. Nothing else is touched:
 * a file someone added stays, with the directories above it; a file saved under a planned name (its
 * size or mtime is not what the generator wrote: the generator sets every file's mtime to the plan's,
 * a whole second in 2020) and an entry that changed type (a link, a device, a file where a directory
 * was) are refused and left, and nothing below a changed directory is looked at, so no link is
 * followed. There is no ledger: removal runs in a later peer process than generation. Checks and
 * removals are separate calls: a tree changed by a concurrent writer while it is removed may keep more
 * than it should, never lose what it should not. Not thread-safe.
 */
final class TreeRemoval {
    /**
     * What a removal did: removed files and directories (root included), directories kept because not empty,
     * changed entries refused (their names), planned entries already gone.
     */
    record Counts(long files, long dirs, long keptDirs, List<String> refused, long missing) {
    }

    private TreeRemoval() {
    }

    static Counts remove(Path root, TreePlan plan, BooleanSupplier cancelled) throws IOException {
        SafePaths.refuseLinks(root);
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            throw new NoSuchFileException(root.toString(), null, "no tree to remove");
        }
        if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
            throw new RefusedException("refused: " + root + " is a file, not the generated tree's directory; nothing was removed");
        }
        Set<String> skip = new HashSet<>();
        List<String> refused = new ArrayList<>();
        long missing = 0;
        for (String d : plan.dirs()) {
            if (skip.contains(parent(d))) {
                skip.add(d);
                continue;
            }
            BasicFileAttributes a = lstat(SafePaths.entry(root, d));
            if (a == null || !a.isDirectory()) {
                skip.add(d);
                if (a == null) {
                    missing++;
                } else {
                    refused.add(d);
                }
            }
        }
        long files = 0;
        for (TreePlan.File f : plan.files()) {
            if (cancelled.getAsBoolean()) {
                throw new IOException("cancelled after removing " + files + " files");
            }
            if (skip.contains(parent(f.name()))) {
                continue;
            }
            Path p = SafePaths.entry(root, f.name());
            BasicFileAttributes a = lstat(p);
            if (a == null) {
                missing++;
            } else if (!a.isRegularFile() || !asGenerated(f, a)) {
                refused.add(f.name());
            } else {
                Files.delete(p);
                files++;
            }
        }
        long dirs = 0;
        long kept = 0;
        List<String> all = new ArrayList<>(plan.dirs());
        for (int i = all.size() - 1; i >= -1; i--) {
            String d = i < 0 ? "" : all.get(i);
            if (skip.contains(d)) {
                continue;
            }
            try {
                Files.delete(d.isEmpty() ? root : SafePaths.entry(root, d));
                dirs++;
            } catch (DirectoryNotEmptyException e) {
                kept++;
            } catch (NoSuchFileException e) {
                missing++;
            }
        }
        return new Counts(files, dirs, kept, refused, missing);
    }

    /**
     * The file still has the size and mtime the generator gave it; the mtime to the second (a planned mtime
     * is a whole second, and some file systems keep no finer times).
     */
    static boolean asGenerated(TreePlan.File planned, BasicFileAttributes a) {
        return a.size() == planned.size() && Math.floorDiv(a.lastModifiedTime().toMillis(), 1000L) == planned.mtimeMillis() / 1000L;
    }

    private static String parent(String name) {
        int slash = name.lastIndexOf('/');
        return slash < 0 ? "" : name.substring(0, slash);
    }

    private static BasicFileAttributes lstat(Path p) throws IOException {
        try {
            return Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return null;
        }
    }
}
