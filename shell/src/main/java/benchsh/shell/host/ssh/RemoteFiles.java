package benchsh.shell.host.ssh;

import benchsh.shell.host.HostException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.security.SecureRandom;
import java.util.HexFormat;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.sftp.client.SftpClient;
import org.apache.sshd.sftp.client.SftpClientFactory;
import org.apache.sshd.sftp.client.SftpVersionSelector;
import org.apache.sshd.sftp.client.extensions.openssh.OpenSSHPosixRenameExtension;
import org.apache.sshd.sftp.common.SftpConstants;
import org.apache.sshd.sftp.common.SftpException;

/**
 * The SFTP steps of deploying (the peer jar, a Java runtime) on one host: absolute paths, private
 * directories, lstat, uploads to a temp name that never keep a partial file, renames. Failures are
 * {@link HostException}s at step {@code upload} naming the path and what to do. One SFTP channel:
 * not thread-safe; close it when done.
 */
final class RemoteFiles implements AutoCloseable {
    private static final SecureRandom RANDOM = new SecureRandom();
    /** Version 3 (OpenSSH's): it reports owners as numeric uids, which the checks compare with the login uid. */
    private static final SftpVersionSelector SFTP_V3 = SftpVersionSelector.fixedVersionSelector(3);
    private static final int FILE_MODE = 0644;
    private static final int DIRECTORY_MODE = 0700;
    private static final int CHUNK = 32 * 1024;

    private final SftpClient sftp;
    private final String host;

    private RemoteFiles(SftpClient sftp, String host) {
        this.sftp = sftp;
        this.host = host;
    }

    static RemoteFiles open(ClientSession session, String host) throws IOException {
        return new RemoteFiles(SftpClientFactory.instance().createSftpClient(session, SFTP_V3), host);
    }

    /** A fresh name for a temp file: {@code prefix} and 12 random hex digits. */
    static String randomName(String prefix) {
        byte[] b = new byte[6];
        RANDOM.nextBytes(b);
        return prefix + HexFormat.of().formatHex(b);
    }

    /** {@code dir} made absolute: relative to the login directory, {@code ~/} allowed. */
    String absolute(String dir) throws IOException {
        String d = dir.endsWith("/") && dir.length() > 1 ? dir.substring(0, dir.length() - 1) : dir;
        if (d.startsWith("/")) {
            return d;
        }
        String home = sftp.canonicalPath(".");
        return (home.endsWith("/") ? home : home + "/") + (d.startsWith("~/") ? d.substring(2) : d);
    }

    /** Creates the missing directories of {@code dir} (mode 0700); existing parents may be links (e.g. a home on another disk). */
    void mkdirs(String dir) throws HostException {
        StringBuilder path = new StringBuilder();
        for (String part : dir.split("/")) {
            if (part.isEmpty()) {
                continue;
            }
            path.append('/').append(part);
            String p = path.toString();
            try {
                SftpClient.Attributes a = orNull(p, true);
                if (a == null && !madeHere(p)) {
                    a = orNull(p, true);
                }
                if (a != null && !a.isDirectory()) {
                    throw new HostException(host, "upload", p + " is not a directory; give dir: a writable directory");
                }
            } catch (IOException e) {
                throw new HostException(host, "upload", "cannot create " + p + " (" + e.getMessage() + "); give dir: a writable directory");
            }
        }
    }

    /**
     * Makes directory {@code p} (mode 0700); false when the mkdir failed because {@code p} exists by now: another
     * shell or another host sharing this home (an NFS home on a cluster) made it at the same moment.
     */
    private boolean madeHere(String p) throws IOException {
        try {
            sftp.mkdir(p);
        } catch (IOException e) {
            if (orNull(p, true) != null) {
                return false;
            }
            throw e;
        }
        sftp.setStat(p, new SftpClient.Attributes().perms(DIRECTORY_MODE));
        return true;
    }

    /** The path's own attributes (links not followed), or null when it does not exist. */
    SftpClient.Attributes lstat(String path) throws IOException {
        return orNull(path, false);
    }

    /**
     * Writes {@code size} bytes from {@code in} to {@code path} (a temp name), then makes it mode 0644
     * whatever the host's umask: group and others may read it, never change it. A failed upload is removed.
     */
    void upload(String path, InputStream in, long size) throws HostException {
        long written = 0;
        try (OutputStream out = sftp.write(path)) {
            byte[] buffer = new byte[CHUNK];
            for (int n; written < size && (n = in.read(buffer, 0, (int) Math.min(CHUNK, size - written))) > 0; written += n) {
                out.write(buffer, 0, n);
            }
            if (written != size) {
                throw new IOException("the local copy ended after " + written + " bytes");
            }
        } catch (IOException e) {
            removeQuietly(path);
            String why = e instanceof SftpException se && se.getStatus() == SftpConstants.SSH_FX_PERMISSION_DENIED
                    ? "permission denied; give dir: a writable directory" : e.getMessage() + "; check free space and permissions there";
            throw new HostException(host, "upload", "upload of " + path + " failed after about " + written + " of " + size
                    + " bytes: " + why);
        }
        try {
            sftp.setStat(path, new SftpClient.Attributes().perms(FILE_MODE));
        } catch (IOException e) {
            removeQuietly(path);
            throw new HostException(host, "upload", "cannot chmod " + path + ": " + e.getMessage());
        }
    }

    /**
     * Renames {@code from} to {@code to}, replacing a file there (not a directory); {@code from} is removed if that
     * fails. Atomic where the server offers OpenSSH's posix-rename, so a peer another host sharing this directory
     * starts at that moment always finds a whole jar at {@code to}; elsewhere the old file is removed first.
     */
    void replace(String from, String to) throws HostException {
        try {
            OpenSSHPosixRenameExtension posix = sftp.getExtension(OpenSSHPosixRenameExtension.class);
            if (posix != null && posix.isSupported()) {
                posix.posixRename(from, to);
                return;
            }
            SftpClient.Attributes there = lstat(to);
            if (there != null && !there.isDirectory()) {
                sftp.remove(to);
            }
            sftp.rename(from, to);
        } catch (IOException e) {
            removeQuietly(from);
            throw new HostException(host, "upload", "cannot rename " + from + " to " + to + ": " + e.getMessage());
        }
    }

    /** Renames {@code from} to {@code to}; false when that fails (e.g. {@code to} exists), the error otherwise left to the caller. */
    boolean tryRename(String from, String to) {
        try {
            sftp.rename(from, to);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    void removeQuietly(String path) {
        try {
            sftp.remove(path);
        } catch (IOException e) {
            // best effort: the upload error is what matters
        }
    }

    private SftpClient.Attributes orNull(String path, boolean follow) throws IOException {
        try {
            return follow ? sftp.stat(path) : sftp.lstat(path);
        } catch (SftpException e) {
            if (e.getStatus() == SftpConstants.SSH_FX_NO_SUCH_FILE) {
                return null;
            }
            throw e;
        }
    }

    @Override
    public void close() throws IOException {
        sftp.close();
    }
}
