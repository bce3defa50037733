package benchsh.shell.host.ssh;

import benchsh.shell.host.HostException;
import benchsh.shell.host.PeerJar;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.sftp.client.SftpClient;
import org.apache.sshd.sftp.client.SftpClientFactory;
import org.apache.sshd.sftp.common.SftpConstants;
import org.apache.sshd.sftp.common.SftpException;

/**
 * Puts the peer jar on a host over SFTP as {@code <dir>/peer-<sha256>.jar}. Skips the upload when
 * that file is there with the right size and hash; otherwise writes a temp file and renames it, so
 * the final name never holds a partial jar, and removes the temp file when the upload fails.
 * Stateless; thread-safe.
 */
public final class PeerUpload {
    private static final Duration HASH_TIMEOUT = Duration.ofSeconds(30);
    private static final SecureRandom RANDOM = new SecureRandom();
    private static byte[] jar;

    private PeerUpload() {
    }

    /** What {@link #deploy} did. */
    public record Deployed(String path, boolean uploaded) {
    }

    /**
     * @param dir the work directory, absolute or relative to the login directory
     * @return the jar's absolute path on the host
     */
    public static Deployed deploy(ClientSession session, String host, String dir) throws HostException {
        byte[] bytes = bytes(host);
        try (SftpClient sftp = SftpClientFactory.instance().createSftpClient(session)) {
            String base = absolute(sftp, dir);
            mkdirs(sftp, host, base);
            String target = base + "/" + PeerJar.fileName();
            SftpClient.Attributes existing = statOrNull(sftp, target);
            if (existing != null && existing.isRegularFile() && existing.getSize() == bytes.length && hashMatches(session, target)) {
                return new Deployed(target, false);
            }
            String tmp = target + ".tmp-" + HexFormat.of().formatHex(random());
            upload(sftp, host, tmp, bytes);
            try {
                if (statOrNull(sftp, target) != null) {
                    sftp.remove(target);
                }
                sftp.rename(tmp, target);
            } catch (IOException e) {
                removeQuietly(sftp, tmp);
                throw new HostException(host, "upload", "cannot rename " + tmp + " to " + target + ": " + e.getMessage());
            }
            return new Deployed(target, true);
        } catch (IOException e) {
            throw new HostException(host, "upload", "SFTP failed: " + e.getMessage()
                    + "; check that the host's sshd has the sftp subsystem enabled", e);
        }
    }

    private static byte[] random() {
        byte[] b = new byte[6];
        RANDOM.nextBytes(b);
        return b;
    }

    private static synchronized byte[] bytes(String host) throws HostException {
        if (jar == null) {
            try (InputStream in = PeerJar.open()) {
                jar = in.readAllBytes();
            } catch (IOException e) {
                throw new HostException(host, "upload", e.getMessage());
            }
        }
        return jar;
    }

    private static String absolute(SftpClient sftp, String dir) throws IOException {
        String d = dir.endsWith("/") && dir.length() > 1 ? dir.substring(0, dir.length() - 1) : dir;
        if (d.startsWith("/")) {
            return d;
        }
        String home = sftp.canonicalPath(".");
        return (home.endsWith("/") ? home : home + "/") + (d.startsWith("~/") ? d.substring(2) : d);
    }

    private static void mkdirs(SftpClient sftp, String host, String dir) throws HostException {
        StringBuilder path = new StringBuilder();
        for (String part : dir.split("/")) {
            if (part.isEmpty()) {
                continue;
            }
            path.append('/').append(part);
            String p = path.toString();
            try {
                SftpClient.Attributes a = statOrNull(sftp, p);
                if (a == null) {
                    sftp.mkdir(p);
                } else if (!a.isDirectory()) {
                    throw new HostException(host, "upload", p + " is not a directory; give dir: a writable directory");
                }
            } catch (IOException e) {
                throw new HostException(host, "upload", "cannot create " + p + " (" + e.getMessage() + "); give dir: a writable directory");
            }
        }
    }

    private static void upload(SftpClient sftp, String host, String tmp, byte[] bytes) throws HostException {
        long written = 0;
        try (OutputStream out = sftp.write(tmp)) {
            int chunk = 32 * 1024;
            for (int off = 0; off < bytes.length; off += chunk) {
                int n = Math.min(chunk, bytes.length - off);
                out.write(bytes, off, n);
                written += n;
            }
        } catch (IOException e) {
            removeQuietly(sftp, tmp);
            String why = e instanceof SftpException se && se.getStatus() == SftpConstants.SSH_FX_PERMISSION_DENIED
                    ? "permission denied; give dir: a writable directory" : e.getMessage() + "; check free space and permissions there";
            throw new HostException(host, "upload", "upload of " + tmp + " failed after about " + written + " of " + bytes.length
                    + " bytes: " + why);
        }
    }

    /** True when {@code sha256sum} agrees with the jar's hash, or cannot be run (then size decides). */
    private static boolean hashMatches(ClientSession session, String path) {
        try {
            RemoteCommand.Outcome o = RemoteCommand.run(session, "sha256sum " + RemoteCommand.quote(path), HASH_TIMEOUT);
            if (o.exit() != 0) {
                return o.exit() == 127; // no sha256sum there: trust the size and the hash in the name
            }
            return o.stdout().strip().startsWith(PeerJar.sha256());
        } catch (IOException e) {
            return false;
        }
    }

    private static SftpClient.Attributes statOrNull(SftpClient sftp, String path) throws IOException {
        try {
            return sftp.stat(path);
        } catch (SftpException e) {
            if (e.getStatus() == SftpConstants.SSH_FX_NO_SUCH_FILE) {
                return null;
            }
            throw e;
        }
    }

    private static void removeQuietly(SftpClient sftp, String path) {
        try {
            sftp.remove(path);
        } catch (IOException e) {
            // best effort: the upload error is what matters
        }
    }
}
