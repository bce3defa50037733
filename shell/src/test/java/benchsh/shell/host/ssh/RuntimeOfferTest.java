package benchsh.shell.host.ssh;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.host.HostException;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;

/** What happens to a host without Java 17+: the runtime offered, uploaded, or refused with the reason. */
class RuntimeOfferTest {
    private static final Platform HERE = Platform.of("Linux", "x86_64", "glibc 2.36");
    private static final JavaCheck.Found MISSING = new JavaCheck.Found("java", 127, "sh: 1: java: not found", null);
    private static final JavaCheck.Found OLD = new JavaCheck.Found("java", 0, "openjdk version \"11.0.2\" 2019-01-15", 11);
    private static final Callable<String> SIZE = () -> "≈23 MB";

    private static DeployProbe probe(String os, String arch, String libc) {
        return new DeployProbe(1000, DeployProbe.HashTool.SHA256SUM, Platform.of(os, arch, libc));
    }

    private static HostException refused(JavaCheck.Found found, DeployProbe probe, boolean requested, String unavailable) {
        return assertThrows(HostException.class, () -> RuntimeOffer.decide("h1", found, HERE, probe, requested, unavailable, SIZE));
    }

    @Test
    void aMatchingHostIsOfferedTheRuntimeWithItsSize() {
        HostException e = refused(MISSING, probe("Linux", "x86_64", "glibc 2.31"), false, null);
        assertEquals("check java", e.step());
        assertEquals("h1: check java: no Java 17+ (found 'java -version' exited with 127: sh: 1: java: not found); run host 'h1', "
                + "runtime: true (or benchsh --deploy-runtime) to upload a private Java runtime (≈23 MB), or install Java 17+ there "
                + "(e.g. apt-get install openjdk-17-jre-headless) or give java: '/path/to/bin/java'", e.getMessage());
        assertTrue(refused(OLD, probe("Linux", "x86_64", ""), false, null).getMessage()
                .startsWith("h1: check java: no Java 17+ (found Java 11: openjdk version \"11.0.2\" 2019-01-15); run host 'h1', runtime: true"));
    }

    @Test
    void whenAskedAMatchingHostGetsTheRuntime() {
        assertDoesNotThrow(() -> RuntimeOffer.decide("h1", MISSING, HERE, probe("Linux", "x86_64", "glibc 2.36"), true, null, SIZE));
    }

    @Test
    void anotherArchitectureIsRefusedWithTheReason() {
        HostException e = refused(MISSING, probe("Linux", "aarch64", "glibc 2.36"), true, null);
        assertEquals("deploy runtime", e.step());
        assertTrue(e.getMessage().startsWith("h1: deploy runtime: h1 is linux/aarch64, this machine linux/x86_64: a runtime built here "
                + "cannot run there; install Java 17+ on h1 (e.g. apt-get install openjdk-17-jre-headless)"), e.getMessage());
        assertTrue(e.getMessage().endsWith("(found there: 'java -version' exited with 127: sh: 1: java: not found)"), e.getMessage());
    }

    @Test
    void anotherCLibraryIsRefusedNamingIt() {
        HostException e = refused(OLD, probe("Linux", "x86_64", "musl"), true, null);
        assertTrue(e.getMessage().contains("h1 is linux/x86_64 with musl, this machine linux/x86_64 with glibc: a runtime built here "
                + "cannot run there"), e.getMessage());
    }

    @Test
    void notAskedAndNotPossibleSaysWhatToInstallAndWhyNoRuntime() {
        HostException e = refused(MISSING, probe("Linux", "ppc64le", "glibc 2.36"), false, null);
        assertEquals("check java", e.step());
        assertTrue(e.getMessage().contains("install Java 17+ there (e.g. apt-get install openjdk-17-jre-headless)"), e.getMessage());
        assertTrue(e.getMessage().endsWith("(no private runtime: h1 is linux/ppc64le, this machine linux/x86_64: a runtime built here "
                + "cannot run there)"), e.getMessage());
        assertTrue(!e.getMessage().contains("runtime: true"), "nothing is offered that cannot work: " + e.getMessage());
    }

    @Test
    void aShellWithoutJlinkCannotOfferARuntime() {
        String why = "the Java this shell runs on (/opt/benchsh/lib/runtime) has no jlink and jdeps";
        HostException e = refused(MISSING, probe("Linux", "x86_64", "glibc 2.36"), true, why);
        assertTrue(e.getMessage().startsWith("h1: deploy runtime: a runtime cannot be built here: " + why), e.getMessage());
    }

    @Test
    void aHostWithoutUnameOrAHashToolGetsNoRuntime() {
        assertTrue(refused(MISSING, probe("", "", ""), true, null).getMessage().contains("cannot tell which OS and CPU h1 has"));
        DeployProbe noHash = new DeployProbe(1000, null, Platform.of("Linux", "x86_64", "glibc 2.36"));
        assertTrue(refused(MISSING, noHash, true, null).getMessage().contains("h1 has no SHA-256 tool"));
    }

    @Test
    void aSizeThatCannotBeToldDoesNotHideTheOffer() {
        HostException e = assertThrows(HostException.class, () -> RuntimeOffer.decide("h1", MISSING, HERE,
                probe("Linux", "x86_64", "glibc 2.36"), false, null, () -> {
                    throw new java.io.IOException("jdeps timed out");
                }));
        assertTrue(e.getMessage().contains("upload a private Java runtime (size unknown: jdeps timed out)"), e.getMessage());
    }
}
