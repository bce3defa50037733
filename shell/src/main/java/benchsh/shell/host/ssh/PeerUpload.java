package benchsh.shell.host.ssh;

import benchsh.shell.host.HostException;
import benchsh.shell.host.PeerJar;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.sftp.client.SftpClient;

/**
 * Puts the peer jar on a host over SFTP as {@code <dir>/peer-<sha256>.jar}, where nobody but the
 * login user can change it. The directory and an existing jar are checked with lstat
 * ({@link TrustedPath}: real directory or file, owned by the user, not group/other-writable) and
 * refused otherwise. A cached jar is reused only when its SHA-256, computed on the host, is right;
 * the launch hashes it again through the very file handle it runs ({@link PeerLaunch}). A host
 * with no SHA-256 tool gets a fresh copy in a new private directory ({@code mktemp -d}, mode 0700)
 * on every connect, never a cached one. Uploads go to a temp name that is renamed (the final name
 * never holds a partial jar) and removed when the upload fails ({@link RemoteFiles}). Stateless;
 * thread-safe.
 */
public final class PeerUpload {
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

    /**
     * @param files the host's SFTP channel
     * @param base the work directory, absolute ({@link RemoteFiles#absolute}), created and checked by {@link #trustedBase}
     * @param probe what the host told about itself
     */
    static Deployed deploy(ClientSession session, RemoteFiles files, String host, String base, DeployProbe probe)
            throws HostException, IOException {
        byte[] bytes = bytes(host);
        if (probe.hash() == null) {
            return privateCopy(session, files, host, probe, bytes);
        }
        String target = base + "/" + PeerJar.fileName();
        SftpClient.Attributes existing = files.lstat(target);
        if (existing != null) {
            TrustedPath.require(host, target, existing, probe.uid(), TrustedPath.Kind.JAR);
            if (existing.getSize() == bytes.length && PeerJar.sha256().equals(probe.sha256(session, target))) {
                return new Deployed(target, false, PeerJar.sha256(), probe.hash(), null);
            }
        }
        String tmp = base + "/" + RemoteFiles.randomName(".peer-upload-");
        files.upload(tmp, new ByteArrayInputStream(bytes), bytes.length);
        files.replace(tmp, target);
        return new Deployed(target, true, PeerJar.sha256(), probe.hash(), null);
    }

    /** Makes the work directory {@code dir} absolute, creates what is missing (mode 0700) and checks it with lstat; returns its path. */
    static String trustedBase(RemoteFiles files, String host, String dir, DeployProbe probe) throws HostException, IOException {
        String base = files.absolute(dir);
        files.mkdirs(base);
        SftpClient.Attributes a = files.lstat(base);
        if (a == null) {
            throw new HostException(host, "upload", base + " vanished right after it was created; give dir: a directory of your own");
        }
        TrustedPath.require(host, base, a, probe.uid(), TrustedPath.Kind.DIRECTORY);
        return base;
    }

    /** No SHA-256 tool there: nothing cached can be verified, so a fresh copy goes into a new private directory. */
    private static Deployed privateCopy(ClientSession session, RemoteFiles files, String host, DeployProbe probe, byte[] bytes)
            throws HostException, IOException {
        RemoteCommand.Outcome o = RemoteCommand.run(session, RemoteCommand.sh("umask 077 && mktemp -d"), DeployProbe.TIMEOUT);
        String dir = o.stdout().strip();
        if (o.exit() != 0 || !dir.startsWith("/") || dir.contains("\n")) {
            throw new HostException(host, "deploy peer", "the host has no SHA-256 tool (sha256sum, shasum, openssl or busybox) to verify "
                    + "a cached peer jar, and 'mktemp -d' failed (" + o.output() + ") to make a private directory for a fresh copy; "
                    + "install coreutils or openssl there");
        }
        SftpClient.Attributes a = files.lstat(dir);
        if (a == null) {
            throw new HostException(host, "deploy peer", dir + " was made private (mktemp -d) but is gone; run again");
        }
        TrustedPath.require(host, dir, a, probe.uid(), TrustedPath.Kind.PRIVATE_DIRECTORY);
        String target = dir + "/peer.jar";
        files.upload(target, new ByteArrayInputStream(bytes), bytes.length);
        return new Deployed(target, true, null, null, dir);
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
}
