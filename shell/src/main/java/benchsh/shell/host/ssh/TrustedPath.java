package benchsh.shell.host.ssh;

import benchsh.shell.host.HostException;
import org.apache.sshd.sftp.client.SftpClient;

/**
 * Whether a path on a host may hold what benchsh runs there as the login user (the peer jar, a
 * private Java runtime), judged from its lstat attributes (links are not followed): it must be a
 * real directory (or a regular file, for the jar), owned by the login user and not writable by
 * group or others; otherwise whoever else can write there could replace it. A refusal is a
 * {@link HostException} at step {@code deploy peer} (or the step given) naming the path, what was
 * found and what to do. Stateless.
 */
final class TrustedPath {
    private static final int GROUP_OTHER_WRITE = 0022;
    private static final int GROUP_OTHER_ANY = 0077;

    private TrustedPath() {
    }

    /** The kind of path: the peer directory (shared cache or {@code dir:}), a private directory, the jar, or an unpacked runtime. */
    enum Kind { DIRECTORY, PRIVATE_DIRECTORY, JAR, RUNTIME }

    /** @param uid the login user's uid */
    static void require(String host, String path, SftpClient.Attributes a, int uid, Kind kind) throws HostException {
        require(host, "deploy peer", path, a, uid, kind);
    }

    /** @param step the step a refusal names */
    static void require(String host, String step, String path, SftpClient.Attributes a, int uid, Kind kind) throws HostException {
        String problem = problem(path, a, uid, kind);
        if (problem != null) {
            throw new HostException(host, step, problem);
        }
    }

    /** Why {@code path} cannot be trusted, or null when it can. */
    static String problem(String path, SftpClient.Attributes a, int uid, Kind kind) {
        String fix = switch (kind) {
            case JAR -> "remove it (rm " + RemoteCommand.quote(path) + ") and connect again";
            case RUNTIME -> "remove it (rm -r " + RemoteCommand.quote(path) + ") and connect again";
            default -> "give dir: a directory of your own (the default is ~/" + SshTarget.DEFAULT_DIR + "), or remove it";
        };
        String what = kind == Kind.RUNTIME ? "the Java runtime" : "the peer jar";
        int mode = a.getPermissions() & 07777;
        if (!a.getFlags().contains(SftpClient.Attribute.UidGid) || !a.getFlags().contains(SftpClient.Attribute.Perms)) {
            return "the SFTP server did not report the owner and mode of " + path + ", so benchsh cannot tell who else may change "
                    + what + " there; use an OpenSSH server (sftp-server)";
        }
        if (a.isSymbolicLink()) {
            return path + " is a symbolic link; benchsh runs the peer from there as you and follows no links: " + fix;
        }
        if (kind == Kind.JAR ? !a.isRegularFile() : !a.isDirectory()) {
            return path + " is not a " + (kind == Kind.JAR ? "regular file" : "directory") + ": " + fix;
        }
        if (a.getUserId() != uid) {
            return path + " is owned by uid " + a.getUserId() + ", not by you (uid " + uid + "), who could replace " + what + " that "
                    + "benchsh runs as you: " + fix;
        }
        if (kind == Kind.PRIVATE_DIRECTORY && (mode & GROUP_OTHER_ANY) != 0) {
            return path + " was made private (mktemp -d) but has mode " + octal(mode) + ": " + fix;
        }
        if ((mode & GROUP_OTHER_WRITE) != 0) {
            return path + " is writable by group or others (mode " + octal(mode) + "), who could replace " + what + " that benchsh runs "
                    + "as you: run chmod go-w " + RemoteCommand.quote(path) + ", or " + fix;
        }
        return null;
    }

    private static String octal(int mode) {
        return String.format("%04o", mode);
    }
}
