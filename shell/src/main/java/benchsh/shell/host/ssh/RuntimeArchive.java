package benchsh.shell.host.ssh;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

/**
 * Packs a runtime image directory into a {@code .tar.gz} (POSIX ustar) that any {@code tar -xzf}
 * unpacks: directories mode 0755, files 0755 or 0644, owner 0, symbolic links stored as the files
 * they point to (jlink links the licence files). Alongside it computes the image's tree digest, the
 * same that {@link RuntimeUpload#treeDigestScript} prints on a host for the unpacked copy: SHA-256 over
 * the sorted {@code find .} listing followed by {@code <sha256> ./path} for every file. Stateless.
 */
final class RuntimeArchive {
    private static final int BLOCK = 512;

    private RuntimeArchive() {
    }

    /**
     * What {@link #pack} wrote.
     *
     * @param bytes size of the .tar.gz
     * @param sha256 SHA-256 of the .tar.gz, hex
     * @param treeDigest the tree digest of the unpacked image, hex
     */
    record Packed(long bytes, String sha256, String treeDigest) {
    }

    /** Writes {@code image} (a directory) as {@code out}, a .tar.gz. */
    static Packed pack(Path image, Path out) throws IOException {
        List<Path> paths = listing(image);
        MessageDigest whole = sha256();
        StringBuilder names = new StringBuilder();
        StringBuilder files = new StringBuilder();
        long mtime = System.currentTimeMillis() / 1000;
        try (OutputStream file = Files.newOutputStream(out);
             DigestOutputStream hashed = new DigestOutputStream(new BufferedOutputStream(file, 1 << 16), whole);
             GZIPOutputStream gz = new GZIPOutputStream(hashed, 1 << 16)) {
            for (Path p : paths) {
                String name = p.equals(image) ? "." : "./" + image.relativize(p).toString();
                names.append(name).append('\n');
                if (p.equals(image)) {
                    continue;
                }
                if (Files.isDirectory(p)) {
                    header(gz, name.substring(2) + "/", '5', 0755, 0, mtime);
                } else {
                    long size = Files.size(p);
                    header(gz, name.substring(2), '0', Files.isExecutable(p) ? 0755 : 0644, size, mtime);
                    files.append(copy(p, gz, size)).append(' ').append(name).append('\n');
                }
            }
            gz.write(new byte[2 * BLOCK]);
        }
        String tree = hex(sha256().digest((names.toString() + files).getBytes(StandardCharsets.UTF_8)));
        return new Packed(Files.size(out), hex(whole.digest()), tree);
    }

    /** The tree digest of the directory {@code image}, as {@link #pack} computes it while packing. */
    static String treeDigest(Path image) throws IOException {
        StringBuilder names = new StringBuilder();
        StringBuilder files = new StringBuilder();
        for (Path p : listing(image)) {
            String name = key(image, p);
            names.append(name).append('\n');
            if (!p.equals(image) && !Files.isDirectory(p)) {
                files.append(copy(p, OutputStream.nullOutputStream(), Files.size(p))).append(' ').append(name).append('\n');
            }
        }
        return hex(sha256().digest((names.toString() + files).getBytes(StandardCharsets.UTF_8)));
    }

    /** Removes {@code dir} and everything below it (links are removed, not followed). */
    static void removeTree(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** Every path below {@code image} and itself, links followed, in the order of {@code LC_ALL=C sort} of {@code find .}. */
    private static List<Path> listing(Path image) throws IOException {
        try (Stream<Path> walk = Files.walk(image)) {
            List<Path> all = new ArrayList<>(walk.toList());
            all.sort((a, b) -> key(image, a).compareTo(key(image, b)));
            return all;
        }
    }

    private static String key(Path image, Path p) {
        return p.equals(image) ? "." : "./" + image.relativize(p);
    }

    /** Copies {@code size} bytes of {@code p} into the archive, pads to a block, and returns the file's SHA-256. */
    private static String copy(Path p, OutputStream out, long size) throws IOException {
        MessageDigest d = sha256();
        long n = 0;
        try (InputStream in = Files.newInputStream(p)) {
            byte[] buffer = new byte[1 << 16];
            for (int r; n < size && (r = in.read(buffer, 0, (int) Math.min(buffer.length, size - n))) > 0; n += r) {
                out.write(buffer, 0, r);
                d.update(buffer, 0, r);
            }
        }
        if (n != size) {
            throw new IOException(p + " changed while it was packed (" + n + " of " + size + " bytes)");
        }
        out.write(new byte[(int) ((BLOCK - size % BLOCK) % BLOCK)]);
        return hex(d.digest());
    }

    /** One ustar header block; a name over 100 bytes is split into prefix and name at a slash. */
    private static void header(OutputStream out, String name, char type, int mode, long size, long mtime) throws IOException {
        byte[] h = new byte[BLOCK];
        byte[] full = name.getBytes(StandardCharsets.UTF_8);
        String prefix = "";
        String rest = name;
        if (full.length > 100) {
            int cut = name.lastIndexOf('/', name.length() - 2);
            prefix = cut < 0 ? name : name.substring(0, cut);
            rest = cut < 0 ? "" : name.substring(cut + 1);
            if (rest.isEmpty() || prefix.getBytes(StandardCharsets.UTF_8).length > 155 || rest.getBytes(StandardCharsets.UTF_8).length > 100) {
                throw new IOException("the path " + name + " is too long for a tar header");
            }
        }
        put(h, 0, 100, rest);
        put(h, 100, 8, octal(mode, 7));
        put(h, 108, 8, octal(0, 7));
        put(h, 116, 8, octal(0, 7));
        put(h, 124, 12, octal(size, 11));
        put(h, 136, 12, octal(mtime, 11));
        put(h, 148, 8, "        ");
        h[156] = (byte) type;
        put(h, 257, 6, "ustar");
        put(h, 263, 2, "00");
        put(h, 345, 155, prefix);
        long sum = 0;
        for (byte b : h) {
            sum += b & 0xff;
        }
        put(h, 148, 8, octal(sum, 6) + "\0 ");
        out.write(h);
    }

    private static void put(byte[] h, int at, int length, String value) {
        byte[] b = value.getBytes(StandardCharsets.UTF_8);
        System.arraycopy(b, 0, h, at, Math.min(length, b.length));
    }

    private static String octal(long value, int digits) {
        String s = Long.toOctalString(value);
        return "0".repeat(Math.max(0, digits - s.length())) + s;
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }
}
