package benchsh.shell.host.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.host.HostException;
import benchsh.shell.host.ssh.SshTarget.RuntimeUse;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;

/**
 * Which Java runs a host's peer: by default benchsh's runtime for Java 17 and 21 and a host without Java, the
 * host's own for 22+; the host's own with a note naming what it lacks where the runtime cannot run (another
 * architecture); runtime: true and runtime: false; refusals say what to install.
 */
class RuntimeDecisionTest {
    private static final Platform HERE = Platform.of("Linux", "x86_64", "glibc 2.36");
    private static final JavaCheck.Found MISSING = new JavaCheck.Found("java", 127, "sh: 1: java: not found", null);
    private static final JavaCheck.Found OLD = new JavaCheck.Found("java", 0, "openjdk version \"11.0.2\" 2019-01-15", 11);
    private static final JavaCheck.Found J17 = new JavaCheck.Found("java", 0, "openjdk version \"17.0.15\" 2025-04-15", 17);
    private static final JavaCheck.Found J21 = new JavaCheck.Found("java", 0, "openjdk version \"21.0.7\" 2025-04-15", 21);
    private static final JavaCheck.Found J25 = new JavaCheck.Found("java", 0, "openjdk version \"25.0.3\" 2026-04-21", 25);
    private static final Callable<String> SIZE = () -> "≈23 MB";
    private static final String AARCH64 = RuntimeDecision.whyNot("h1", HERE, probe("Linux", "aarch64", "glibc 2.36"), null);

    private static DeployProbe probe(String os, String arch, String libc) {
        return new DeployProbe(1000, DeployProbe.HashTool.SHA256SUM, Platform.of(os, arch, libc));
    }

    private static RuntimeDecision.Decision decide(JavaCheck.Found found, RuntimeUse use, String whyNot) throws HostException {
        return RuntimeDecision.decide("h1", found, use, whyNot, "25.0.3", SIZE);
    }

    private static HostException refused(JavaCheck.Found found, RuntimeUse use, String whyNot) {
        return assertThrows(HostException.class, () -> decide(found, use, whyNot));
    }

    @Test
    void byDefaultJava17And21AndNoJavaGetTheRuntimeAnd22PlusKeepsItsOwn() throws Exception {
        for (JavaCheck.Found older : new JavaCheck.Found[] {J17, J21, MISSING, OLD}) {
            assertEquals(new RuntimeDecision.Decision(true, null), decide(older, RuntimeUse.DEFAULT, null), older.said());
        }
        assertEquals(new RuntimeDecision.Decision(false, null), decide(J25, RuntimeUse.DEFAULT, null));
    }

    @Test
    void anotherArchitectureRunsTheHostsOwnJavaWithANoteNamingWhatItLacks() throws Exception {
        assertEquals("h1 is linux/aarch64, benchsh's runtime linux/x86_64", AARCH64);
        RuntimeDecision.Decision d = decide(J17, RuntimeUse.DEFAULT, AARCH64);
        assertEquals(false, d.runtime());
        assertEquals("h1: h1 is linux/aarch64, benchsh's runtime linux/x86_64; so its peer runs on its own Java 17, without the native "
                + "paths (sendmmsg and GSO datagrams, native TCP stream, TCP_RR and TCP_CRR sockets, native file writes): install a JDK 22+ there", d.note());
        assertEquals(new RuntimeDecision.Decision(false, null), decide(J25, RuntimeUse.DEFAULT, AARCH64), "a Java 22+ there lacks nothing");
    }

    @Test
    void neitherTheRuntimeNorAJava17IsRefusedWithWhatToInstall() {
        HostException e = refused(MISSING, RuntimeUse.DEFAULT, AARCH64);
        assertEquals("check java", e.step());
        assertEquals("h1: check java: no Java 17+ (found 'java -version' exited with 127: sh: 1: java: not found), and benchsh's Java "
                + "25.0.3 runtime cannot run there: h1 is linux/aarch64, benchsh's runtime linux/x86_64; install Java 17+ there (e.g. "
                + "apt-get install openjdk-17-jre-headless) or give java: '/path/to/bin/java'", e.getMessage());
        assertTrue(refused(OLD, RuntimeUse.ALWAYS, AARCH64).getMessage().contains("found Java 11"));
    }

    @Test
    void runtimeTrueRunsTheRuntimeEvenOverJava25AndFallsBackWithANote() throws Exception {
        assertEquals(new RuntimeDecision.Decision(true, null), decide(J25, RuntimeUse.ALWAYS, null));
        RuntimeDecision.Decision d = decide(J25, RuntimeUse.ALWAYS, AARCH64);
        assertEquals(false, d.runtime());
        assertEquals("h1: h1 is linux/aarch64, benchsh's runtime linux/x86_64; so its peer runs on its own Java 25", d.note());
    }

    @Test
    void runtimeFalseKeepsTheHostsJavaAndNotesWhatTheRuntimeWouldHaveGiven() throws Exception {
        RuntimeDecision.Decision d = decide(J17, RuntimeUse.NEVER, null);
        assertEquals(false, d.runtime());
        assertEquals("h1 ran its own Java 17 (runtime: false or java:), without the native paths (sendmmsg and GSO datagrams, native "
                + "TCP stream, TCP_RR and TCP_CRR sockets, native file writes); drop them to run it on benchsh's Java 25.0.3 runtime", d.note());
        assertNull(decide(J17, RuntimeUse.NEVER, AARCH64).note(), "nothing faster could have run there");
        assertNull(decide(J25, RuntimeUse.NEVER, null).note());
        HostException e = refused(MISSING, RuntimeUse.NEVER, null);
        assertEquals("h1: check java: no Java 17+ (found 'java -version' exited with 127: sh: 1: java: not found); drop runtime: false "
                + "(and java:) to run the peer on benchsh's Java 25.0.3 runtime (≈23 MB), or install Java 17+ there (e.g. apt-get install "
                + "openjdk-17-jre-headless) or give java: '/path/to/bin/java'", e.getMessage());
        assertTrue(!refused(MISSING, RuntimeUse.NEVER, AARCH64).getMessage().contains("drop runtime"), "nothing is offered that cannot work");
    }

    @Test
    void whyNotNamesTheCLibraryTheMissingToolsAndARuntimeThatCannotBeHadHere() {
        assertEquals("h1 is linux/x86_64 with musl, benchsh's runtime linux/x86_64 with glibc",
                RuntimeDecision.whyNot("h1", HERE, probe("Linux", "x86_64", "musl"), null));
        assertTrue(RuntimeDecision.whyNot("h1", HERE, probe("", "", ""), null).contains("cannot tell which OS and CPU h1 has"));
        DeployProbe noHash = new DeployProbe(1000, null, Platform.of("Linux", "x86_64", "glibc 2.36"));
        assertTrue(RuntimeDecision.whyNot("h1", HERE, noHash, null).contains("h1 has no SHA-256 tool"));
        assertEquals("no runtime can be had here: /opt/x has no jlink", RuntimeDecision.whyNot("h1", HERE, probe("Linux", "x86_64", ""),
                "/opt/x has no jlink"));
        assertNull(RuntimeDecision.whyNot("h1", HERE, probe("Linux", "x86_64", "glibc 2.31"), null));
    }

    @Test
    void aSizeThatCannotBeToldDoesNotHideTheOffer() {
        HostException e = assertThrows(HostException.class, () -> RuntimeDecision.decide("h1", MISSING, RuntimeUse.NEVER, null, null, () -> {
            throw new java.io.IOException("jdeps timed out");
        }));
        assertTrue(e.getMessage().contains("to run the peer on benchsh's runtime (size unknown: jdeps timed out)"), e.getMessage());
    }
}
