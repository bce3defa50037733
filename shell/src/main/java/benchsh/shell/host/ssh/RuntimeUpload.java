package benchsh.shell.host.ssh;

import benchsh.shell.host.HostException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.time.Duration;
import java.util.function.Consumer;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.sftp.client.SftpClient;

/**
 * Puts a private Java runtime ({@link RuntimeImage}) on a host as {@code <dir>/runtime-<tree digest>/},
 * under the same rules as the peer jar ({@link PeerUpload}): the directory is checked with lstat
 * ({@link TrustedPath}), and a cached runtime is reused only when the digest of its whole tree,
 * computed on the host, is the one built here (else it is removed and unpacked again). A new one
 * goes up over SFTP as a .tar.gz under a temp name, whose SHA-256 the host checks before
 * {@code tar} unpacks it into a new private directory ({@code mktemp -d}, mode 0700); the tarball
 * is removed, the unpacked tree's digest checked, and the directory renamed into place, so the
 * final name never holds a partial runtime. Someone with the login user's uid could still change
 * the tree after the check, but could equally change the user's shell startup files: nothing more
 * than with the jar. The user is told when an upload starts, since it may take a while on a slow link.
 * Stateless.
 */
final class RuntimeUpload {
    static final Duration UNPACK_TIMEOUT = Duration.ofMinutes(2);
    static final int HASH_MISMATCH = 91;

    private RuntimeUpload() {
    }

    /**
     * What {@link #deploy} did.
     *
     * @param directory the runtime's directory on the host
     * @param uploaded whether it was uploaded now (false: a verified cached copy)
     */
    record Deployed(String directory, boolean uploaded) {
        /** The runtime's java command. */
        String java() {
            return directory + "/bin/java";
        }
    }

    /** @param base the checked work directory ({@link PeerUpload#trustedBase}); the probe must have found a hash tool */
    static Deployed deploy(ClientSession session, RemoteFiles files, String host, String base, DeployProbe probe, RuntimeImage.Built image,
                           Consumer<String> notes) throws HostException, IOException {
        String dest = base + "/runtime-" + image.treeDigest();
        SftpClient.Attributes existing = files.lstat(dest);
        if (existing != null) {
            TrustedPath.require(host, RuntimeDecision.STEP, dest, existing, probe.uid(), TrustedPath.Kind.RUNTIME);
            if (image.treeDigest().equals(treeDigest(session, host, probe, dest))) {
                return new Deployed(dest, false);
            }
            remove(session, host, dest);
        }
        notes.accept(host + ": putting benchsh's Java runtime there (" + Math.round(image.bytes() / 1e6) + " MB, once: later sessions reuse it)");
        String tarball = base + "/" + RemoteFiles.randomName(".runtime-upload-") + ".tar.gz";
        try (InputStream in = Files.newInputStream(image.file())) {
            files.upload(tarball, in, image.bytes());
        } catch (IOException | HostException e) {
            removeQuietly(session, tarball);
            throw new HostException(host, RuntimeDecision.STEP, "cannot upload the runtime (" + Math.round(image.bytes() / 1e6) + " MB): "
                    + (e instanceof HostException h ? h.detail() : tarball + ": " + e.getMessage()) + "; it needs about "
                    + Math.round(image.bytes() * 3 / 1e6) + " MB free there (df), or give dir: on a disk that has them");
        }
        String unpacked = unpack(session, host, probe, tarball, image.sha256(), base);
        boolean renamed = false;
        try {
            SftpClient.Attributes a = files.lstat(unpacked);
            if (a == null) {
                throw new HostException(host, RuntimeDecision.STEP, unpacked + " vanished right after the runtime was unpacked there; run again");
            }
            TrustedPath.require(host, RuntimeDecision.STEP, unpacked, a, probe.uid(), TrustedPath.Kind.PRIVATE_DIRECTORY);
            String digest = treeDigest(session, host, probe, unpacked);
            if (digest == null) {
                throw new HostException(host, RuntimeDecision.STEP, "cannot hash the runtime unpacked in " + unpacked + " (find, sort or "
                        + probe.hash().command + " failed there)");
            }
            if (!image.treeDigest().equals(digest)) {
                throw new HostException(host, RuntimeDecision.STEP, "the runtime unpacked in " + unpacked + " is not the one built here (tree "
                        + "digest " + digest + ", not " + image.treeDigest() + "); check that tar there is GNU, BusyBox or BSD tar and the "
                        + "disk is not full");
            }
            renamed = files.tryRename(unpacked, dest);
            if (!renamed) {
                // another shell may have put the same runtime there meanwhile
                SftpClient.Attributes now = files.lstat(dest);
                if (now == null) {
                    throw new HostException(host, RuntimeDecision.STEP, "cannot rename " + unpacked + " to " + dest + "; check permissions there");
                }
                TrustedPath.require(host, RuntimeDecision.STEP, dest, now, probe.uid(), TrustedPath.Kind.RUNTIME);
                if (!image.treeDigest().equals(treeDigest(session, host, probe, dest))) {
                    throw new HostException(host, RuntimeDecision.STEP, dest + " appeared while the runtime was unpacked and is not the one "
                            + "built here; remove it (rm -r " + RemoteCommand.quote(dest) + ") and connect again");
                }
            }
        } finally {
            if (!renamed) {
                removeQuietly(session, unpacked);
            }
        }
        return new Deployed(dest, true);
    }

    /**
     * The script that prints the tree digest of {@code dir} ({@link RuntimeArchive}): the sorted
     * {@code find .} listing, then {@code <sha256> ./path} for every regular file, all hashed.
     */
    static String treeDigestScript(String hash, String dir) {
        return "cd " + RemoteCommand.quote(dir) + " && { find . | LC_ALL=C sort; find . -type f | LC_ALL=C sort | "
                + "while IFS= read -r f; do set -- $(" + hash + " <\"$f\"); printf '%s %s\\n' \"${1:-}\" \"$f\"; done; } | " + hash;
    }

    /**
     * The script that checks the uploaded tarball's SHA-256, unpacks it into a new private directory
     * next to it and removes it (also when anything fails); prints that directory.
     */
    static String unpackScript(String hash, String tarball, String sha256, String base) {
        return "tgz=" + RemoteCommand.quote(tarball) + "; want=" + sha256 + "; base=" + RemoteCommand.quote(base) + "; "
                + "set -- $(" + hash + " <\"$tgz\"); if [ \"${1:-}\" = \"$want\" ]; then :; else rm -f \"$tgz\"; "
                + "echo \"benchsh: deploy runtime: refusing to unpack $tgz: its SHA-256 is ${1:-unknown}, not $want\" >&2; exit "
                + HASH_MISMATCH + "; fi; "
                + "dir=$(umask 077 && mktemp -d \"$base/.runtime-unpack-XXXXXX\") || { rm -f \"$tgz\"; "
                + "echo \"benchsh: deploy runtime: cannot make a private directory in $base\" >&2; exit 93; }; "
                + "if tar -x -z -o -f \"$tgz\" -C \"$dir\"; then rm -f \"$tgz\"; echo \"$dir\"; else rc=$?; rm -f \"$tgz\"; rm -rf \"$dir\"; "
                + "echo \"benchsh: deploy runtime: tar could not unpack the runtime (exit $rc); check the free space in $base (df), or give dir: on a disk with room for it\" >&2; exit 94; fi";
    }

    private static String unpack(ClientSession session, String host, DeployProbe probe, String tarball, String sha256, String base)
            throws HostException {
        RemoteCommand.Outcome o = run(session, host, unpackScript(probe.hash().command, tarball, sha256, base), "unpack");
        String dir = o.stdout().strip();
        // one line: the host's lines joined, without the script's own prefix
        String said = String.join(" | ", o.output().replace("benchsh: " + RuntimeDecision.STEP + ": ", "").lines().map(String::strip)
                .filter(l -> !l.isEmpty()).toList());
        if (o.exit() == HASH_MISMATCH) {
            throw new HostException(host, RuntimeDecision.STEP, "the runtime arrived changed: " + said + "; connect again, and if it"
                    + " happens again check the disk there and what sits between here and " + host);
        }
        if (o.exit() != 0 || !dir.startsWith(base + "/.runtime-unpack-") || dir.contains("\n")) {
            throw new HostException(host, RuntimeDecision.STEP, "unpacking the runtime failed (exit " + o.exit() + "): " + said);
        }
        return dir;
    }

    /** The tree digest of {@code dir} on the host, or null when it cannot be computed. */
    private static String treeDigest(ClientSession session, String host, DeployProbe probe, String dir) throws HostException {
        RemoteCommand.Outcome o = run(session, host, treeDigestScript(probe.hash().command, dir), "hash");
        return o.exit() == 0 && !o.stdout().isBlank() ? DeployProbe.digest(o.stdout()) : null;
    }

    private static void remove(ClientSession session, String host, String dir) throws HostException {
        RemoteCommand.Outcome o = run(session, host, "rm -rf " + RemoteCommand.quote(dir), "remove");
        if (o.exit() != 0) {
            throw new HostException(host, RuntimeDecision.STEP, "cannot remove " + dir + " (" + o.output() + "); remove it by hand");
        }
    }

    /** Best effort, after a failure or a lost race: the error that matters is the one being thrown, if any. */
    private static void removeQuietly(ClientSession session, String dir) {
        try {
            RemoteCommand.run(session, RemoteCommand.sh("rm -rf " + RemoteCommand.quote(dir)), UNPACK_TIMEOUT);
        } catch (IOException e) {
            // left for the next connection's unpack to ignore: it uses a new name
        }
    }

    private static RemoteCommand.Outcome run(ClientSession session, String host, String script, String what) throws HostException {
        try {
            return RemoteCommand.run(session, RemoteCommand.sh(script), UNPACK_TIMEOUT);
        } catch (IOException e) {
            throw new HostException(host, RuntimeDecision.STEP, "could not " + what + " the runtime there: " + e.getMessage());
        }
    }
}
