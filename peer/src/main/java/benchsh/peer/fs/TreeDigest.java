package benchsh.peer.fs;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * A SHA-256 over a tree's names, kinds, sizes and contents, in sorted name order: two trees with the
 * same digest hold the same files with the same bytes. Permissions and times are not included (not
 * every file system keeps them). Links and special files are left out, as copies skip them. Stateless.
 */
public final class TreeDigest {
    private TreeDigest() {
    }

    /** The hex digest of the tree (or single file) at {@code root}. */
    public static String of(Path root) throws IOException {
        MessageDigest sha = sha256();
        ByteBuffer buf = ByteBuffer.allocate(1 << 20);
        if (Files.isRegularFile(root, LinkOption.NOFOLLOW_LINKS)) {
            add(sha, "F", "", root, buf);
            return HexFormat.of().formatHex(sha.digest());
        }
        List<String> names = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(root)) {
            walk.filter(p -> !p.equals(root))
                    .filter(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) || Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                    .forEach(p -> names.add(root.relativize(p).toString()));
        }
        names.sort(null);
        for (String name : names) {
            Path p = root.resolve(name);
            add(sha, Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) ? "D" : "F", name, p, buf);
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    private static void add(MessageDigest sha, String kind, String name, Path p, ByteBuffer buf) throws IOException {
        sha.update((kind + name + '\0').getBytes(StandardCharsets.UTF_8));
        if (kind.equals("D")) {
            return;
        }
        long size = 0;
        // other file systems (SFTP) through their stream, which reads ahead
        try (java.nio.channels.ReadableByteChannel in = SafePaths.local(p)
                ? FileChannel.open(p, SafePaths.read(p)) : java.nio.channels.Channels.newChannel(Files.newInputStream(p))) {
            buf.clear();
            int n;
            while ((n = in.read(buf)) >= 0) {
                size += n;
                buf.flip();
                sha.update(buf);
                buf.clear();
            }
        }
        sha.update(ByteBuffer.allocate(8).putLong(0, size));
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
