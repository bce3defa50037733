package benchsh.shell.host.ssh;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.sshd.client.config.hosts.KnownHostEntry;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.OpenSshCertificate;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.common.config.keys.PublicKeyEntryResolver;

/**
 * The known_hosts files that vouch for host keys, in OpenSSH's format: the user's file (new keys
 * are appended there, and only there) and the system-wide ones (e.g. {@code /etc/ssh/ssh_known_hosts},
 * read only). Understands plain, {@code [host]:port}, hashed and wildcard entries,
 * {@code @revoked} keys and {@code @cert-authority} lines (a host certificate signed by such a CA
 * is trusted for the hosts the line names). Lines it cannot read are skipped, as OpenSSH does.
 * Thread-safe: the files are read on every check, appends are serialized.
 */
public final class KnownHosts {
    /** What a lookup found: the deciding entry's file and 1-based line (null and 0 for UNKNOWN), and its key type. */
    public record Verdict(Kind kind, Path file, int line, String knownType) {
        static final Verdict NONE = new Verdict(Kind.UNKNOWN, null, 0, null);

        /** {@code <file> line <n>}, for messages. */
        public String where() {
            return file + " line " + line;
        }
    }

    /**
     * The outcome of comparing a presented key with the files. CHANGED means the host has a known
     * key and this is not it, whatever its type (a different type is a possible key change too).
     */
    public enum Kind { MATCH, UNKNOWN, CHANGED, REVOKED }

    /** What the files know about a host: the types of its keys, and whether a CA vouches for it. */
    public record Known(Set<String> keyTypes, boolean certificateAuthority) {
    }

    private static final Object APPEND_LOCK = new Object();
    private static final String REVOKED = "revoked";
    private static final String CERT_AUTHORITY = "cert-authority";
    private final Path file;
    private final List<Path> system;

    /** Only the user's file. */
    public KnownHosts(Path file) {
        this(file, List.of());
    }

    /**
     * @param file the user's known_hosts: read first, and the one new keys go to
     * @param system system-wide files, read after it (missing ones are skipped)
     */
    public KnownHosts(Path file, List<Path> system) {
        this.file = file;
        this.system = List.copyOf(system);
    }

    /** The user's file. */
    public Path file() {
        return file;
    }

    /** Every file consulted, the user's first. */
    public List<Path> files() {
        List<Path> all = new ArrayList<>();
        all.add(file);
        system.stream().filter(p -> !p.equals(file)).forEach(all::add);
        return all;
    }

    /**
     * Compares {@code key} with the entries for any of {@code names} on {@code port} in every file. A
     * revoked key (or revoked CA) anywhere wins; then a matching key, or for a host certificate
     * (already checked by the key exchange: signature, validity, principals) a {@code @cert-authority}
     * line with its CA; then any other known key of the host (CHANGED); else UNKNOWN. A certificate
     * no CA line vouches for is judged by its plain key, as OpenSSH does.
     */
    public Verdict check(List<String> names, int port, PublicKey key) throws IOException {
        PublicKey plain = key instanceof OpenSshCertificate c ? c.getCertPubKey() : key;
        PublicKey ca = key instanceof OpenSshCertificate c ? c.getCaPubKey() : null;
        Verdict match = null;
        Verdict changed = null;
        for (Entry e : entries(names, port)) {
            boolean samePlain = KeyUtils.compareKeys(e.key, plain);
            boolean sameCa = ca != null && KeyUtils.compareKeys(e.key, ca);
            switch (e.marker) {
                case REVOKED -> {
                    if (samePlain || sameCa) {
                        return e.verdict(Kind.REVOKED);
                    }
                }
                case CERT_AUTHORITY -> {
                    if (sameCa && match == null) {
                        match = e.verdict(Kind.MATCH);
                    }
                }
                default -> {
                    if (samePlain && match == null) {
                        match = e.verdict(Kind.MATCH);
                    } else if (!samePlain && changed == null) {
                        changed = e.verdict(Kind.CHANGED);
                    }
                }
            }
        }
        return match != null ? match : changed != null ? changed : Verdict.NONE;
    }

    /** The key types the files hold for the host (not revoked ones), and whether a {@code @cert-authority} line covers it. */
    public Known known(List<String> names, int port) throws IOException {
        Set<String> types = new LinkedHashSet<>();
        boolean ca = false;
        for (Entry e : entries(names, port)) {
            if (CERT_AUTHORITY.equals(e.marker)) {
                ca = true;
            } else if (e.marker.isEmpty()) {
                types.add(KeyUtils.getKeyType(e.key));
            }
        }
        return new Known(types, ca);
    }

    /** One readable entry for the host: its file, line, marker ("" for none) and key. */
    private record Entry(Path file, int line, String marker, PublicKey key) {
        Verdict verdict(Kind kind) {
            return new Verdict(kind, file, line, KeyUtils.getKeyType(key));
        }
    }

    private List<Entry> entries(List<String> names, int port) throws IOException {
        List<Entry> found = new ArrayList<>();
        for (Path f : files()) {
            if (!Files.isRegularFile(f)) {
                continue;
            }
            List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                Entry e = parse(f, i + 1, lines.get(i), names, port);
                if (e != null) {
                    found.add(e);
                }
            }
        }
        return found;
    }

    /** The entry on this line if it is for one of {@code names}; null for comments, other hosts, unknown markers and garbage. */
    private static Entry parse(Path f, int line, String text, List<String> names, int port) {
        String t = text.strip();
        if (t.isEmpty() || t.startsWith("#")) {
            return null;
        }
        try {
            KnownHostEntry entry = KnownHostEntry.parseKnownHostEntry(t);
            if (entry == null || entry.getKeyEntry() == null || !matches(entry, names, port)) {
                return null;
            }
            String marker = entry.getMarker() == null ? "" : entry.getMarker().toLowerCase(java.util.Locale.ROOT);
            if (!marker.isEmpty() && !REVOKED.equals(marker) && !CERT_AUTHORITY.equals(marker)) {
                return null; // OpenSSH ignores lines with markers it does not know
            }
            PublicKey key = entry.getKeyEntry().resolvePublicKey(null, PublicKeyEntryResolver.IGNORING);
            return key == null ? null : new Entry(f, line, marker, key);
        } catch (IOException | GeneralSecurityException | RuntimeException e) {
            return null; // a key type we cannot read, or garbage: OpenSSH skips those too
        }
    }

    /**
     * As OpenSSH: on another port than 22 the patterns are also matched against {@code [name]:port}
     * as a whole, so {@code *} and {@code @revoked *} cover every port.
     */
    private static boolean matches(KnownHostEntry entry, List<String> names, int port) {
        for (String n : names) {
            if (n != null && (entry.isHostMatch(n, port) || port != 22 && entry.isHostMatch(entryName(n, port), 22))) {
                return true;
            }
        }
        return false;
    }

    /** Appends {@code key} for {@code host} to the user's file (creating it and its directory). */
    public void append(String host, PublicKey key) throws IOException {
        StringBuilder sb = new StringBuilder(host).append(' ');
        PublicKeyEntry.appendPublicKeyEntry(sb, key);
        sb.append('\n');
        synchronized (APPEND_LOCK) {
            if (file.getParent() != null) {
                Files.createDirectories(file.getParent());
            }
            boolean needsNewline = Files.exists(file) && Files.size(file) > 0 && !endsWithNewline();
            Files.writeString(file, (needsNewline ? "\n" : "") + sb, StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        }
    }

    private boolean endsWithNewline() throws IOException {
        byte[] all = Files.readAllBytes(file);
        return all.length == 0 || all[all.length - 1] == '\n';
    }

    /** The name a host's key is filed under: {@code name} on port 22, else {@code [name]:port}. */
    public static String entryName(String host, int port) {
        return port == 22 ? host : "[" + host + "]:" + port;
    }
}
