package benchsh.shell.host.ssh;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.PublicKey;
import java.util.List;
import org.apache.sshd.client.config.hosts.KnownHostEntry;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.common.config.keys.PublicKeyEntryResolver;

/**
 * One known_hosts file: looks a host's key up (plain, {@code [host]:port} and hashed entries) and
 * remembers the line of each entry so a changed key can be reported precisely. Thread-safe (reads
 * the file on every check, appends under a lock).
 */
public final class KnownHosts {
    /** What a lookup found. {@code line} is 1-based, 0 when no entry matched. */
    public record Verdict(Kind kind, int line) {
    }

    /** The outcome of comparing a presented key with the file. */
    public enum Kind { MATCH, UNKNOWN, CHANGED, REVOKED }

    private static final Object APPEND_LOCK = new Object();
    private final Path file;

    public KnownHosts(Path file) {
        this.file = file;
    }

    public Path file() {
        return file;
    }

    /**
     * Compares {@code key} with the entries for any of {@code names} on {@code port}. An entry of the
     * same key type with another key means CHANGED; a matching key anywhere means MATCH.
     */
    public Verdict check(List<String> names, int port, PublicKey key) throws IOException {
        if (!Files.exists(file)) {
            return new Verdict(Kind.UNKNOWN, 0);
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        int changedLine = 0;
        String type = KeyUtils.getKeyType(key);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            KnownHostEntry entry;
            PublicKey known;
            try {
                entry = KnownHostEntry.parseKnownHostEntry(line);
                if (entry == null || entry.getKeyEntry() == null || !matches(entry, names, port)) {
                    continue;
                }
                known = entry.getKeyEntry().resolvePublicKey(null, PublicKeyEntryResolver.IGNORING);
            } catch (IOException | java.security.GeneralSecurityException | RuntimeException e) {
                continue; // a line we cannot read (unknown key type, garbage): OpenSSH skips those too
            }
            if (known == null) {
                continue;
            }
            boolean same = KeyUtils.compareKeys(known, key);
            if ("revoked".equalsIgnoreCase(entry.getMarker())) {
                if (same) {
                    return new Verdict(Kind.REVOKED, i + 1);
                }
                continue;
            }
            if (same) {
                return new Verdict(Kind.MATCH, i + 1);
            }
            if (changedLine == 0 && type.equals(KeyUtils.getKeyType(known))) {
                changedLine = i + 1;
            }
        }
        return changedLine > 0 ? new Verdict(Kind.CHANGED, changedLine) : new Verdict(Kind.UNKNOWN, 0);
    }

    private static boolean matches(KnownHostEntry entry, List<String> names, int port) {
        for (String n : names) {
            if (n != null && entry.isHostMatch(n, port)) {
                return true;
            }
        }
        return false;
    }

    /** Appends {@code key} for {@code host} (creating the file and its directory). */
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
