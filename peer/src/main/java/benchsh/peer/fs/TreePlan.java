package benchsh.peer.fs;

import benchsh.peer.protocol.Range;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The reproducible layout of a generated tree: its directories and its files with sizes and mtimes,
 * all drawn from one seed. Sizes are log-normal around {@code bytes / files} and scaled so they add
 * up to exactly {@code bytes}. Profiles mimic the classic measurements (a Maildir, the portage tree,
 * a directory of tarballs, one video); {@code custom} spreads files over a balanced directory tree.
 * Immutable.
 *
 * @param dirs  relative directory names, parents before children ("" is the root, not listed)
 * @param files the files in creation order
 */
public record TreePlan(Profile profile, long seed, List<String> dirs, List<File> files, long bytes) {
    /** Caps re-checked whatever the shell validated. */
    public static final long MAX_FILES = 10_000_000;
    public static final long MAX_DIRS = 1_000_000;
    /** The most content bytes a tree may hold: 16 TiB. */
    public static final long MAX_BYTES = 1L << 44;
    /** The widest spread of log-normal file sizes. */
    public static final long MAX_SIGMA = 5;

    /** One planned file: relative name, size in bytes, mtime in epoch milliseconds. */
    public record File(String name, long size, long mtimeMillis) {
    }

    /**
     * Files, directories (the root counts as one), total content bytes and the spread of the log-normal file
     * sizes: part of a tree's spec, so its caps are the peer's.
     */
    public record Shape(@Range(min = 1, max = MAX_FILES) long files, @Range(min = 1, max = MAX_DIRS) long dirs,
                        @Range(min = 0, max = MAX_BYTES) long bytes, @Range(min = 0, max = MAX_SIGMA) double sigma) {
        /** Files, directories and bytes times {@code scale}: at least one file and directory, and a byte per file. */
        public Shape scaled(double scale) {
            long f = Math.max(1, Math.round(files * scale));
            return new Shape(f, Math.max(1, Math.round(dirs * scale)), Math.max(f, Math.round(bytes * scale)), sigma);
        }
    }

    /** The layouts a tree can take, each with its shape at scale 1; on the wire as the lower-case name. */
    public enum Profile {
        /** Maildir++: 10,688 mails in 466 directories, 134 MB. */
        MAILDIR(new Shape(10_688, 466, 134_000_000L, 1.1)),
        /** The portage tree: 49,000 files in 12,000 directories, 204 MB. */
        PORTAGE(new Shape(49_000, 12_000, 204_000_000L, 1.2)),
        /** Ten tarballs, 217 MB. */
        TARBALLS(new Shape(10, 1, 217_000_000L, 0.6)),
        /** One video, 234 MB. */
        VIDEO(new Shape(1, 1, 234_000_000L, 0)),
        /** A balanced tree of the user's files, dirs and bytes (100 files of 1 KiB on average by default). */
        CUSTOM(new Shape(100, 1, 100L << 10, 1.0));

        private final Shape shape;

        Profile(Shape shape) {
            this.shape = shape;
        }

        public Shape shape() {
            return shape;
        }

        public String wire() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The profile of that lower-case name, or null. */
        public static Profile named(String name) {
            for (Profile p : values()) {
                if (p.wire().equals(name)) {
                    return p;
                }
            }
            return null;
        }
    }

    private static final long EPOCH_MILLIS = 1_577_836_800_000L; // 2020-01-01T00:00:00Z

    /** Plans a tree of {@code shape} in the layout of {@code profile} from {@code seed}. */
    public static TreePlan of(Profile profile, Shape shape, long seed) {
        if (shape.files > MAX_FILES || shape.dirs > MAX_DIRS) {
            throw new IllegalArgumentException("a tree is limited to " + MAX_FILES + " files and " + MAX_DIRS + " directories");
        }
        SplittableRandom random = new SplittableRandom(seed);
        List<String> dirs = new ArrayList<>();
        List<String> fileDirs = new ArrayList<>();
        List<Double> weights = new ArrayList<>();
        switch (profile) {
            case MAILDIR -> maildir(shape, dirs, fileDirs, weights);
            case PORTAGE -> portage(shape, dirs, fileDirs, weights);
            default -> balanced(shape, dirs, fileDirs, weights);
        }
        long[] sizes = sizes(shape, random);
        double[] cumulative = new double[weights.size()];
        double sum = 0;
        for (int i = 0; i < cumulative.length; i++) {
            sum += weights.get(i);
            cumulative[i] = sum;
        }
        List<File> files = new ArrayList<>((int) shape.files);
        int[] perDir = new int[fileDirs.size()];
        for (int i = 0; i < shape.files; i++) {
            // the first files go one per directory so no file directory stays empty, the rest by weight
            int d = i < fileDirs.size() && profile == Profile.PORTAGE ? i : pick(cumulative, random.nextDouble() * sum);
            String dir = fileDirs.get(d);
            String name = fileName(profile, i, perDir[d]++, sizes[i], random);
            files.add(new File(dir.isEmpty() ? name : dir + "/" + name, sizes[i], EPOCH_MILLIS + i * 1000L));
        }
        long total = 0;
        for (long s : sizes) {
            total += s;
        }
        return new TreePlan(profile, seed, List.copyOf(dirs), List.copyOf(files), total);
    }

    private static int pick(double[] cumulative, double x) {
        int lo = 0;
        int hi = cumulative.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (cumulative[mid] < x) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Log-normal sizes (sigma from the shape) scaled to add up to exactly {@code shape.bytes}. */
    static long[] sizes(Shape shape, SplittableRandom random) {
        int n = (int) shape.files;
        double[] raw = new double[n];
        double sum = 0;
        for (int i = 0; i < n; i++) {
            raw[i] = Math.exp(shape.sigma * random.nextGaussian());
            sum += raw[i];
        }
        long[] sizes = new long[n];
        long total = 0;
        for (int i = 0; i < n; i++) {
            sizes[i] = (long) Math.floor(raw[i] / sum * shape.bytes);
            total += sizes[i];
        }
        for (int i = 0; total < shape.bytes; i = (i + 1) % n) {
            sizes[i]++;
            total++;
        }
        return sizes;
    }

    /**
     * Maildir++: the root's cur/new/tmp and folders {@code .folderNNN} with cur/new/tmp; directories
     * left over after whole folders become courierimapkeywords directories. Mail lands in cur (mostly)
     * and new, heavier in the first folders.
     */
    private static void maildir(Shape shape, List<String> dirs, List<String> fileDirs, List<Double> weights) {
        long left = shape.dirs - 1;
        List<String> folders = new ArrayList<>();
        folders.add("");
        for (int i = 1; left >= 3 + 4L * i; i++) {
            folders.add(String.format(Locale.ROOT, ".folder%03d", i));
        }
        for (int f = 0; f < folders.size() && left >= 3; f++) {
            String folder = folders.get(f);
            if (!folder.isEmpty()) {
                dirs.add(folder);
                left--;
            }
            for (String sub : List.of("cur", "new", "tmp")) {
                String d = folder.isEmpty() ? sub : folder + "/" + sub;
                dirs.add(d);
                left--;
                if (!sub.equals("tmp")) {
                    fileDirs.add(d);
                    weights.add((sub.equals("cur") ? 9.0 : 1.0) / (f + 1));
                }
            }
        }
        for (int f = 0; left > 0 && f < folders.size(); f++, left--) {
            String folder = folders.get(f);
            dirs.add(folder.isEmpty() ? "courierimapkeywords" : folder + "/courierimapkeywords");
        }
        if (fileDirs.isEmpty()) {
            fileDirs.add("");
            weights.add(1.0);
        }
    }

    /** Portage: categories holding packages, about 75 packages per category; files spread over packages. */
    private static void portage(Shape shape, List<String> dirs, List<String> fileDirs, List<Double> weights) {
        long below = shape.dirs - 1;
        long categories = Math.max(below > 1 ? 1 : 0, Math.round(below / 75.0));
        long packages = below - categories;
        for (int c = 0; c < categories; c++) {
            dirs.add(String.format(Locale.ROOT, "cat-%03d", c));
        }
        for (int p = 0; p < packages; p++) {
            String d = String.format(Locale.ROOT, "cat-%03d/pkg-%05d", p % categories, p);
            dirs.add(d);
            fileDirs.add(d);
            weights.add(1.0);
        }
        if (fileDirs.isEmpty()) {
            fileDirs.add(categories > 0 ? dirs.get(0) : "");
            weights.add(1.0);
        }
    }

    /** Custom, tarballs, video: directories in a balanced tree of fan-out 16 below the root; files anywhere. */
    private static void balanced(Shape shape, List<String> dirs, List<String> fileDirs, List<Double> weights) {
        fileDirs.add("");
        weights.add(1.0);
        for (int i = 0; i < shape.dirs - 1; i++) {
            String name = String.format(Locale.ROOT, "d%05d", i);
            String d = i < 16 ? name : dirs.get(i / 16 - 1) + "/" + name;
            dirs.add(d);
            fileDirs.add(d);
            weights.add(1.0);
        }
    }

    private static String fileName(Profile profile, int index, int inDir, long size, SplittableRandom random) {
        return switch (profile) {
            case MAILDIR -> String.format(Locale.ROOT, "%d.M%06dP%dQ%d.benchsh,S=%d:2,S", 1_577_836_800L + index, random.nextInt(1_000_000),
                    1000 + random.nextInt(30_000), index, size);
            case PORTAGE -> inDir == 0 ? "Manifest" : inDir == 1 ? "metadata.xml" : String.format(Locale.ROOT, "pkg-1.%d.ebuild", inDir - 2);
            case TARBALLS -> String.format(Locale.ROOT, "release-%03d.tar.gz", index);
            case VIDEO -> String.format(Locale.ROOT, "video-%03d.mkv", index);
            case CUSTOM -> String.format(Locale.ROOT, "f%07d", index);
        };
    }
}
