package benchsh.peer.facts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Mounted file systems from /proc/self/mountinfo, and which one holds a given path. */
public final class Mounts {
    private Mounts() {
    }

    /** One mount: where, what type, from which source, and its options (per-mount, then the super-block's others). */
    public record Mount(String point, String type, String source, String options) {
        public Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("point", point);
            m.put("type", type);
            m.put("source", source);
            m.put("options", options);
            return m;
        }
    }

    public static List<Mount> list() {
        List<Mount> mounts = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/mountinfo"))) {
                Mount m = parse(line);
                if (m != null) {
                    mounts.add(m);
                }
            }
        } catch (IOException | RuntimeException e) {
            return mounts;
        }
        return mounts;
    }

    /** The mount holding {@code path}: the longest mount point that prefixes its real path. */
    public static Mount of(Path path) {
        Path real = path.toAbsolutePath().normalize();
        for (Path p = real; p != null; p = p.getParent()) {
            if (Files.exists(p)) {
                try {
                    real = p.toRealPath().resolve(p.relativize(real));
                } catch (IOException e) {
                    // keep the normalized path
                }
                break;
            }
        }
        String target = real.toString();
        return list().stream()
                .filter(m -> target.equals(m.point) || target.startsWith(m.point.endsWith("/") ? m.point : m.point + "/"))
                .max(Comparator.comparingInt(m -> m.point.length()))
                .orElse(null);
    }

    /**
     * Parses one mountinfo line: {@code id parent major:minor root point options [optional...] - type source superopts}.
     * See proc(5).
     */
    static Mount parse(String line) {
        String[] f = line.split(" ");
        int dash = List.of(f).indexOf("-");
        if (f.length < 7 || dash < 0 || dash + 3 > f.length) {
            return null;
        }
        java.util.Set<String> options = new java.util.LinkedHashSet<>(List.of(f[5].split(",")));
        if (f.length > dash + 3) {
            options.addAll(List.of(f[dash + 3].split(","))); // the super-block's repeat some per-mount ones (rw): each once
        }
        return new Mount(unescape(f[4]), f[dash + 1], unescape(f[dash + 2]), String.join(",", options));
    }

    private static String unescape(String s) {
        return s.replace("\\040", " ").replace("\\011", "\t").replace("\\012", "\n").replace("\\134", "\\");
    }
}
