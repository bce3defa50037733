package benchsh.shell.host.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.host.HostException;
import org.apache.sshd.sftp.client.SftpClient;
import org.apache.sshd.sftp.common.SftpConstants;
import org.junit.jupiter.api.Test;

/** Which lstat results may hold the peer jar benchsh runs as the login user (uid 1000 here), and what a refusal says. */
class TrustedPathTest {
    /** File type bits of st_mode, which SFTP v3 carries in the permissions. */
    private static final int DIR = SftpConstants.S_IFDIR;
    private static final int FILE = SftpConstants.S_IFREG;
    private static final int LINK = SftpConstants.S_IFLNK;

    private static SftpClient.Attributes attributes(int type, int uid, int mode) {
        return new SftpClient.Attributes().owner(uid, uid).perms(type | mode);
    }

    @Test
    void ownDirectoriesAndJarsNotWritableByOthersAreTrusted() {
        assertNull(TrustedPath.problem("/home/u/.cache/benchsh", attributes(DIR, 1000, 0755), 1000, TrustedPath.Kind.DIRECTORY));
        assertNull(TrustedPath.problem("/tmp/benchsh", attributes(DIR, 1000, 0700), 1000, TrustedPath.Kind.DIRECTORY));
        assertNull(TrustedPath.problem("/tmp/benchsh/peer-x.jar", attributes(FILE, 1000, 0644), 1000, TrustedPath.Kind.JAR));
        assertNull(TrustedPath.problem("/tmp/tmp.X", attributes(DIR, 1000, 0700), 1000, TrustedPath.Kind.PRIVATE_DIRECTORY));
    }

    @Test
    void aDirectoryOfAnotherUserIsRefusedNamingBothUids() {
        HostException e = assertThrows(HostException.class, () -> TrustedPath.require("h1", "/tmp/benchsh", attributes(DIR, 0, 0755), 1000,
                TrustedPath.Kind.DIRECTORY));
        assertEquals("deploy peer", e.step());
        assertTrue(e.getMessage().startsWith("h1: deploy peer: /tmp/benchsh is owned by uid 0, not by you (uid 1000)"), e.getMessage());
        assertTrue(e.getMessage().contains("give dir: a directory of your own"), e.getMessage());
    }

    @Test
    void groupOrOtherWritableIsRefusedWithTheModeAndTheFix() {
        for (int mode : new int[] {0775, 0757, 01777}) {
            String p = TrustedPath.problem("/tmp/benchsh", attributes(DIR, 1000, mode), 1000, TrustedPath.Kind.DIRECTORY);
            assertTrue(p != null && p.contains("writable by group or others (mode " + String.format("%04o", mode) + ")")
                    && p.contains("chmod go-w '/tmp/benchsh'"), p);
        }
        String jar = TrustedPath.problem("/d/peer-x.jar", attributes(FILE, 1000, 0666), 1000, TrustedPath.Kind.JAR);
        assertTrue(jar != null && jar.contains("(mode 0666)") && jar.contains("rm '/d/peer-x.jar'"), jar);
    }

    @Test
    void linksAndWrongKindsAreRefused() {
        assertTrue(TrustedPath.problem("/tmp/benchsh", attributes(LINK, 1000, 0777), 1000, TrustedPath.Kind.DIRECTORY)
                .contains("is a symbolic link"));
        assertTrue(TrustedPath.problem("/tmp/benchsh/peer-x.jar", attributes(LINK, 1000, 0777), 1000, TrustedPath.Kind.JAR)
                .contains("is a symbolic link"));
        assertTrue(TrustedPath.problem("/tmp/benchsh", attributes(FILE, 1000, 0644), 1000, TrustedPath.Kind.DIRECTORY)
                .contains("is not a directory"));
        assertTrue(TrustedPath.problem("/d/peer-x.jar", attributes(DIR, 1000, 0755), 1000, TrustedPath.Kind.JAR)
                .contains("is not a regular file"));
    }

    @Test
    void anOwnerTheServerDoesNotReportIsNotAssumed() {
        SftpClient.Attributes noOwner = new SftpClient.Attributes().perms(DIR | 0700);
        assertTrue(TrustedPath.problem("/tmp/benchsh", noOwner, 0, TrustedPath.Kind.DIRECTORY).contains("did not report the owner"));
    }

    @Test
    void aPrivateDirectoryMustHaveNoGroupOrOtherBitsAtAll() {
        assertTrue(TrustedPath.problem("/tmp/tmp.X", attributes(DIR, 1000, 0750), 1000, TrustedPath.Kind.PRIVATE_DIRECTORY)
                .contains("has mode 0750"));
    }
}
