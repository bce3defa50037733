package benchsh.peer.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class DatagramBatchTest {
    @Test
    void slotsLieBackToBackInOneBuffer() {
        DatagramBatch b = new DatagramBatch(3, 22);
        b.slot(1).put(0, (byte) 7);
        b.slot(2).putLong(14, 0x0102030405060708L);
        assertEquals(66, b.memory().capacity());
        assertEquals(7, b.memory().get(22));
        assertEquals(0x0102030405060708L, b.memory().getLong(44 + 14), "big-endian, at slot 2 + 14");
    }

    @Test
    void aSlotIsWholeWhateverTheCallerDidToItsPosition() {
        DatagramBatch b = new DatagramBatch(2, 16);
        ByteBuffer s = b.slot(0);
        s.putLong(1L).limit(9);
        assertEquals(0, b.slot(0).position());
        assertEquals(16, b.slot(0).limit());
        assertEquals(16, b.ioView(0).remaining(), "a send always takes the whole slot");
    }

    @Test
    void readyMarksWholeSlotsAndNoSources() {
        DatagramBatch b = new DatagramBatch(4, 100).ready(3);
        assertEquals(3, b.count());
        assertEquals(100, b.length(2));
        assertNull(b.source(0));
        assertThrows(IndexOutOfBoundsException.class, () -> b.length(3));
        assertThrows(IndexOutOfBoundsException.class, () -> b.ready(5));
    }

    @Test
    void sizesOutsideWhatUdpCarriesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new DatagramBatch(0, 10));
        assertThrows(IllegalArgumentException.class, () -> new DatagramBatch(1025, 10));
        assertThrows(IllegalArgumentException.class, () -> new DatagramBatch(1, 0));
        assertThrows(IllegalArgumentException.class, () -> new DatagramBatch(1, DatagramBatch.MAX_DATAGRAM_BYTES + 2));
        assertEquals(DatagramBatch.MAX_DATAGRAM_BYTES + 1, new DatagramBatch(1, DatagramBatch.MAX_DATAGRAM_BYTES + 1).slotBytes());
    }
}
