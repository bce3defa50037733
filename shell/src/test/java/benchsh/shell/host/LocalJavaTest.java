package benchsh.shell.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which java runs the local peer when the shell runs on Java 17: a Java 22+ found here, else the shipped runtime,
 * else the shell's own; a shell on 22+ runs it itself; BENCHSH_JAVA wins, with a note when it is slower.
 */
class LocalJavaTest {
    @TempDir
    Path tmp;

    private static final Supplier<Path> NO_RUNTIME = () -> null;

    @Test
    void aShellOnJava17RunsItsLocalPeerOnTheJava22PlusFoundHere() throws Exception {
        Path own = NativeJavaTest.java(tmp.resolve("jdk17"), "17.0.15", true);
        Path j25 = NativeJavaTest.java(tmp.resolve("jvm/jdk-25"), "25.0.3", true);
        LocalJava chosen = LocalJava.choose(null, own.resolve("bin/java").toString(), List.of(NativeJava.of(j25).orElseThrow()), () -> {
            throw new AssertionError("no runtime is unpacked when a Java 22+ is here");
        }, true);
        assertEquals(new LocalJava(j25.resolve("bin/java").toString(), "host", "25.0.3", null), chosen);
    }

    @Test
    void withoutOneTheShippedRuntimeRunsItAndWithoutThatTheShellsOwn() throws Exception {
        String own = NativeJavaTest.java(tmp.resolve("jdk17"), "17.0.15", true).resolve("bin/java").toString();
        Path runtime = NativeJavaTest.java(tmp.resolve("cache/local-abc"), "25.0.3", false).resolve("bin/java");
        assertEquals(new LocalJava(runtime.toString(), "runtime", "25.0.3", null), LocalJava.choose(null, own, List.of(), () -> runtime, true));
        assertEquals(new LocalJava(own, "host", "17.0.15", null), LocalJava.choose(null, own, List.of(), NO_RUNTIME, true));
        LocalJava broken = LocalJava.choose(null, own, List.of(), () -> {
            throw new UncheckedIOException(new IOException("no space left on device"));
        }, true);
        assertEquals(own, broken.java());
        assertTrue(broken.note().startsWith("local: cannot unpack benchsh's runtime here (no space left on device), so the local peer "
                + "runs on this shell's Java 17, without the native paths"), broken.note());
    }

    @Test
    void aShellOnJava22PlusOrAJarWithoutNativePathsRunsItItself() throws Exception {
        String own24 = NativeJavaTest.java(tmp.resolve("jdk24"), "24.0.2", true).resolve("bin/java").toString();
        Path j25 = NativeJavaTest.java(tmp.resolve("jvm/jdk-25"), "25.0.3", true);
        List<NativeJava> found = List.of(NativeJava.of(j25).orElseThrow());
        assertEquals(own24, LocalJava.choose(null, own24, found, NO_RUNTIME, true).java());
        String own17 = NativeJavaTest.java(tmp.resolve("jdk17"), "17.0.15", true).resolve("bin/java").toString();
        assertEquals(own17, LocalJava.choose(null, own17, found, NO_RUNTIME, false).java(), "a NIO-only jar runs no faster on 25");
    }

    @Test
    void benchshJavaWinsWithANoteWhenAFasterJavaIsHere() throws Exception {
        String own = NativeJavaTest.java(tmp.resolve("jdk25"), "25.0.3", true).resolve("bin/java").toString();
        String old = NativeJavaTest.java(tmp.resolve("jdk17"), "17.0.15", true).resolve("bin/java").toString();
        Path j25 = NativeJavaTest.java(tmp.resolve("jvm/jdk-25"), "25.0.3", true);
        LocalJava given = LocalJava.choose(old, own, List.of(NativeJava.of(j25).orElseThrow()), NO_RUNTIME, true);
        assertEquals(old, given.java());
        assertEquals("local: BENCHSH_JAVA is Java 17, without the native paths (sendmmsg and GSO datagrams, native TCP stream, TCP_RR and TCP_CRR sockets, "
                + "native file writes); unset it to run the local peer on Java 25.0.3 (" + j25.resolve("bin/java") + ")", given.note());
        assertNull(LocalJava.choose("/my/java", own, List.of(), NO_RUNTIME, true).note(), "a java of unknown version gets no note");
    }
}
