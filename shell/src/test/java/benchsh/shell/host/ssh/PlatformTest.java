package benchsh.shell.host.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Which hosts a runtime built here runs on: OS, CPU and C library, whatever each side calls them. */
class PlatformTest {
    private static final Platform HERE = new Platform("Linux", "amd64", Platform.GLIBC, "");

    @Test
    void javaAndUnameNamesOfTheSameMachineMatch() {
        assertTrue(HERE.runs(Platform.of("Linux", "x86_64", "glibc 2.36")));
        assertEquals("aarch64", Platform.of("Darwin", "arm64", "").arch());
        assertEquals("x86", Platform.of("Linux", "i686", "").arch());
        assertEquals("arm", Platform.of("Linux", "armv7l", "").arch());
        assertEquals("2.36", Platform.of("Linux", "x86_64", "glibc 2.36").libcVersion());
    }

    @Test
    void anotherCpuOsOrCLibraryDoesNotRunIt() {
        assertFalse(HERE.runs(Platform.of("Linux", "aarch64", "glibc 2.36")));
        assertFalse(HERE.runs(Platform.of("FreeBSD", "amd64", "")));
        assertFalse(HERE.runs(Platform.of("Linux", "x86_64", "musl")));
        assertFalse(HERE.runs(Platform.of("", "", "")), "a host that told nothing");
        assertFalse(HERE.runs(Platform.of("Linux", "x86_64", "none")), "a host of static binaries (busybox) has no loader for it");
    }

    @Test
    void anUnknownCLibraryIsLeftToTheCheckThatTheUploadedJavaRuns() {
        assertTrue(HERE.runs(Platform.of("Linux", "x86_64", "")));
    }

    @Test
    void descriptionsNameTheCLibraryOnlyWhenItIsWhatDiffers() {
        Platform arm = Platform.of("Linux", "aarch64", "glibc 2.31");
        assertEquals("linux/aarch64", arm.describe(HERE));
        assertEquals("linux/x86_64", HERE.describe(arm));
        Platform alpine = Platform.of("Linux", "x86_64", "musl");
        assertEquals("linux/x86_64 with musl", alpine.describe(HERE));
        assertEquals("linux/x86_64 with glibc", HERE.describe(alpine));
    }

    @Test
    void thisJavaKnowsItsPlatform() {
        Platform p = Platform.ofThisJava();
        assertTrue(p.known(), p.toString());
        assertEquals(System.getProperty("os.name").toLowerCase(java.util.Locale.ROOT), p.os());
    }
}
