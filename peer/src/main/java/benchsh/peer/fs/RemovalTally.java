package benchsh.peer.fs;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The counts of one {@link CreatedEntries#removeAll} while it runs, and the paths it names. Not thread-safe. */
final class RemovalTally {
    long removed;
    long missing;
    long notCreated;
    long keptDirs;
    long failed;
    final List<String> examples = new ArrayList<>();
    String firstFailure;
    /** Entries already counted (kept as someone else's, kept directories, failures): not counted again in a listing. */
    final Set<Path> accounted = new HashSet<>();

    void notCreated(Path p) {
        notCreated++;
        accounted.add(p);
        example(p);
    }

    void failed(Path p, IOException e) {
        failed++;
        accounted.add(p);
        if (firstFailure == null) {
            firstFailure = FsErrors.describe(e);
        }
    }

    /** A created directory that still holds something: counts the entries in it benchsh did not create. */
    void keptDir(Path dir) {
        keptDirs++;
        accounted.add(dir);
        try (DirectoryStream<Path> in = Files.newDirectoryStream(dir)) {
            for (Path child : in) {
                if (!accounted.contains(child)) {
                    notCreated(child);
                }
            }
        } catch (IOException e) {
            // not listable: the directory is kept and counted; its contents stay uncounted
        }
    }

    void example(Path p) {
        if (examples.size() < CreatedEntries.EXAMPLES) {
            examples.add(p.toString());
        }
    }

    CreatedEntries.Removal result() {
        return new CreatedEntries.Removal(removed, missing, notCreated, keptDirs, failed, List.copyOf(examples), firstFailure);
    }
}
