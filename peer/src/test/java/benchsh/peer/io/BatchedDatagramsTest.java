package benchsh.peer.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.DatagramChannel;
import java.util.Arrays;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class BatchedDatagramsTest {
    /**
     * Set by the build for the run on JDK 22+ against the multi-release jar, so that a native path that broke and
     * fell back to nio everywhere fails the build instead of passing every count test on nio.
     */
    @Test
    void theJvmOffersThePathTheBuildPromises() {
        String expected = System.getProperty("benchsh.io.expected");
        System.out.println("datagram I/O on Java " + Runtime.version().feature() + ": " + BatchedDatagrams.available()
                + Arrays.stream(IoPath.values()).filter(p -> BatchedDatagrams.unavailable(p) != null)
                        .map(p -> "; " + p + " " + BatchedDatagrams.unavailable(p)).reduce("", String::concat));
        Assumptions.assumeTrue(expected != null, "no path promised (benchsh.io.expected)");
        IoPath promised = IoPath.parse(expected);
        assertTrue(BatchedDatagrams.available().contains(promised), promised + " " + BatchedDatagrams.unavailable(promised));
    }

    @Test
    void nioIsEverywhere() {
        assertTrue(BatchedDatagrams.available().contains(IoPath.NIO));
        assertNull(BatchedDatagrams.unavailable(IoPath.NIO));
    }

    @ParameterizedTest
    @EnumSource(IoPath.class)
    void aPathAskedForIsTheOneUsedOrTheFallbackSaysWhy(IoPath asked) throws IOException {
        try (BatchedDatagramSocket s = BatchedDatagrams.open(DatagramSocketSpec.bound(Datagrams.LOOPBACK), asked)) {
            if (BatchedDatagrams.available().contains(asked)) {
                assertEquals(asked, s.io());
                assertEquals("", s.fallback());
            } else {
                assertTrue(s.io().ordinal() < asked.ordinal());
                assertTrue(s.fallback().contains(asked.label()), s.fallback());
                assertTrue(s.fallback().contains(BatchedDatagrams.unavailable(asked)), s.fallback());
            }
        }
    }

    @Test
    void onJava17EveryNativePathFallsBackToNio() throws IOException {
        Assumptions.assumeTrue(Runtime.version().feature() < 22, "Java " + Runtime.version().feature());
        try (BatchedDatagramSocket s = BatchedDatagrams.open(DatagramSocketSpec.bound(Datagrams.LOOPBACK), IoPath.GSO)) {
            assertEquals(IoPath.NIO, s.io());
            assertTrue(s.fallback().contains("needs Java 22"), s.fallback());
        }
    }

    @Test
    void aNativePathThatFailsToSetUpFallsBackToNio() throws IOException {
        BatchedDatagrams.NativeOpener broken = (spec, path, why) -> {
            throw new IOException("no " + path + " today");
        };
        for (IoPath asked : IoPath.values()) {
            try (BatchedDatagramSocket s = BatchedDatagrams.open(DatagramSocketSpec.bound(Datagrams.LOOPBACK), asked, broken)) {
                assertEquals(IoPath.NIO, s.io());
                if (BatchedDatagrams.available().contains(asked) && asked != IoPath.NIO) {
                    assertTrue(s.fallback().contains(asked + " failed to set up: no " + asked + " today"), s.fallback());
                }
            }
        }
    }

    @Test
    void whenNioFailsTooItsErrorCarriesTheNativeOnes() throws IOException {
        try (DatagramChannel taken = DatagramChannel.open()) {
            taken.bind(Datagrams.LOOPBACK);
            InetSocketAddress busy = (InetSocketAddress) taken.getLocalAddress();
            BatchedDatagrams.NativeOpener broken = (spec, path, why) -> {
                throw new IOException("native " + path + " refused");
            };
            IOException e = assertThrows(IOException.class, () -> BatchedDatagrams.open(DatagramSocketSpec.bound(busy), IoPath.GSO, broken));
            long nativeTries = BatchedDatagrams.available().stream().filter(p -> p != IoPath.NIO).count();
            assertEquals(nativeTries, e.getSuppressed().length, Arrays.toString(e.getSuppressed()));
            for (IoPath p : BatchedDatagrams.available()) {
                IOException own = assertThrows(IOException.class, () -> BatchedDatagrams.open(DatagramSocketSpec.bound(busy), p));
                assertTrue(own.getMessage().contains("in use"), p + ": " + own.getMessage());
            }
        }
    }

    @Test
    void gsoForDatagramsTooLargeToShareASendIsMmsgAndSaysWhy() throws IOException {
        Assumptions.assumeTrue(BatchedDatagrams.available().contains(IoPath.GSO), BatchedDatagrams.unavailable(IoPath.GSO));
        DatagramSocketSpec spec = DatagramSocketSpec.bound(Datagrams.LOOPBACK).withDatagramBytes(40_000);
        try (BatchedDatagramSocket s = BatchedDatagrams.open(spec, IoPath.GSO)) {
            assertEquals(IoPath.MMSG, s.io());
            assertTrue(s.fallback().contains("40000-byte datagrams leave no room for two"), s.fallback());
        }
    }

    @Test
    void pathsParseByTheirLabels() {
        for (IoPath p : IoPath.values()) {
            assertEquals(p, IoPath.parse(" " + p.label().toUpperCase() + " "));
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> IoPath.parse("io_uring"));
        assertTrue(e.getMessage().contains("nio, mmsg, gso"), e.getMessage());
        assertEquals(IoPath.MMSG, IoPath.GSO.slower());
        assertEquals(IoPath.NIO, IoPath.NIO.slower());
    }

    @Test
    void aSpecNeedsAnAddressAndSaneSizes() {
        assertThrows(IllegalArgumentException.class, () -> new DatagramSocketSpec(null, null, 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> DatagramSocketSpec.bound(Datagrams.LOOPBACK).withBuffers(-1, 0));
        assertThrows(IllegalArgumentException.class, () -> DatagramSocketSpec.bound(Datagrams.LOOPBACK).withDatagramBytes(65_508));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DatagramSocketSpec.connected(InetSocketAddress.createUnresolved("no.such.host.invalid", 9)));
        assertTrue(e.getMessage().contains("no.such.host.invalid"), e.getMessage());
    }
}
