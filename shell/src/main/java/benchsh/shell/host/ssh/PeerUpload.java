package benchsh.shell.host.ssh;

import benchsh.shell.host.HostException;
import benchsh.shell.host.PeerJar;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.security.SecureRandom;
import java.util.HexFormat;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.sftp.client.SftpClient;
import org.apache.sshd.sftp.client.SftpClientFactory;
import org.apache.sshd.sftp.client.SftpVersionSelector;
import org.apache.sshd.sftp.common.SftpConstants;
import org.apache.sshd.sftp.common.SftpException;

/**
 * Puts the peer jar on a host over SFTP as {@code <dir>/peer-<sha256>.jar}, where nobody but the
 * login user can change it. The directory and an existing jar are checked with lstat
 * ({@link TrustedPath}: real directory or file, owned by the user, not group/other-writable) and
 * refused otherwise. A cached jar is reused only when its SHA-256, computed on the host, is right;
 * the launch hashes it again through the very file handle it runs ({@link PeerLaunch}). A host
 * with no SHA-256 tool gets a fresh copy in a new private directory ({@code mktemp -d}, mode 0700)
 * on every connect, never a cached one. Uploads go to a temp name that is renamed (the final name
 * never holds a partial jar) and removed when the upload fails. Stateless; thread-safe.
 */
public final class PeerUpload {
    private static final SecureRandom RANDOM = new SecureRandom();
    /** Version 3 (OpenSSH's): it reports owners as numeric uids, which the checks compare with the login uid. */
    private static final SftpVersionSelector SFTP_V3 = SftpVersionSelector.fixedVersionSelector(3);
    private static final int JAR_MODE = 0644;
    private static final int DIRECTORY_MODE = 0700;
    private static byte[] jar;

    private PeerUpload() {
    }

    /**
     * What {@link #deploy} did.
     *
     * @param path the jar's absolute path on the host
     * @param uploaded whether it was uploaded now (false: a verified cached copy)
     * @param sha256 the hash the launch must find, or null for a private copy that cannot be hashed there
     * @param hash the host's SHA-256 tool, or null
     * @param privateDirectory the private directory holding the jar (removed at launch), or null
     */
    public record Deployed(String path, boolean uploaded, String sha256, DeployProbe.HashTool hash, String privateDirectory) {
    }

    /** @param dir the work directory, absolute or relative to the login directory */
    public static Deployed deploy(ClientSession session, String host, String dir) throws HostException {
        byte[] bytes = bytes(host);
        DeployProbe probe = DeployProbe.run(session, host);
        try (SftpClient sftp = SftpClientFactory.instance().createSftpClient(session, SFTP_V3)) {
            if (probe.hash() == null) {
                return privateCopy(session, sftp, host, probe, bytes);
            }
            String base = absolute(sftp, dir);
            mkdirs(sftp, host, base);
            TrustedPath.require(host, base, sftp.lstat(base), probe.uid(), TrustedPath.Kind.DIRECTORY);
            String target = base + "/" + PeerJar.fileName();
            SftpClient.Attributes existing = orNull(sftp::lstat, target);
            if (existing != null) {
                TrustedPath.require(host, target, existing, probe.uid(), TrustedPath.Kind.JAR);
                if (existing.getSize() == bytes.length && PeerJar.sha256().equals(probe.sha256(session, target))) {
                    return new Deployed(target, false, PeerJar.sha256(), probe.hash(), null);
                }
            }
            String tmp = base + "/.peer-upload-" + HexFormat.of().formatHex(random());
            upload(sftp, host, tmp, bytes);
            try {
                if (orNull(sftp::lstat, target) != null) {
                    sftp.remove(target);
                }
                sftp.rename(tmp, target);
            } catch (IOException e) {
                removeQuietly(sftp, tmp);
                throw new HostException(host, "upload", "cannot rename " + tmp + " to " + target + ": " + e.getMessage());
            }
            return new Deployed(target, true, PeerJar.sha256(), probe.hash(), null);
        } catch (IOException e) {
            throw new HostException(host, "upload", "SFTP failed: " + e.getMessage()
                    + "; check that the host's sshd has the sftp subsystem enabled", e);
        }
    }

    /** No SHA-256 tool there: nothing cached can be verified, so a fresh copy goes into a new private directory. */
    private static Deployed privateCopy(ClientSession session, SftpClient sftp, String host, DeployProbe probe, byte[] bytes)
            throws HostException, IOException {
        RemoteCommand.Outcome o = RemoteCommand.run(session, RemoteCommand.sh("umask 077 && mktemp -d"), DeployProbe.TIMEOUT);
        String dir = o.stdout().strip();
        if (o.exit() != 0 || !dir.startsWith("/") || dir.contains("\n")) {
            throw new HostException(host, "deploy peer", "the host has no SHA-256 tool (sha256sum, shasum, openssl or busybox) to verify "
                    + "a cached peer jar, and 'mktemp -d' failed (" + o.output() + ") to make a private directory for a fresh copy; "
                    + "install coreutils or openssl there");
        }
        TrustedPath.require(host, dir, sftp.lstat(dir), probe.uid(), TrustedPath.Kind.PRIVATE_DIRECTORY);
        String target = dir + "/peer.jar";
        upload(sftp, host, target, bytes);
        return new Deployed(target, true, null, null, dir);
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

    /** Creates the missing directories of {@code dir} (mode 0700); existing parents may be links (e.g. a home on another disk). */
    private static void mkdirs(SftpClient sftp, String host, String dir) throws HostException {
        StringBuilder path = new StringBuilder();
        for (String part : dir.split("/")) {
            if (part.isEmpty()) {
                continue;
            }
            path.append('/').append(part);
            String p = path.toString();
            try {
                SftpClient.Attributes a = orNull(sftp::stat, p);
                if (a == null) {
                    sftp.mkdir(p);
                    sftp.setStat(p, new SftpClient.Attributes().perms(DIRECTORY_MODE));
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
        try {
            // whatever the host's umask: group and others may read the jar, never change it
            sftp.setStat(tmp, new SftpClient.Attributes().perms(JAR_MODE));
        } catch (IOException e) {
            removeQuietly(sftp, tmp);
            throw new HostException(host, "upload", "cannot chmod " + tmp + ": " + e.getMessage());
        }
    }

    /** How to look a path up: {@code stat} (follows links) or {@code lstat}. */
    private interface Lookup {
        SftpClient.Attributes attributes(String path) throws IOException;
    }

    /** The path's attributes, or null when it does not exist. */
    private static SftpClient.Attributes orNull(Lookup lookup, String path) throws IOException {
        try {
            return lookup.attributes(path);
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
