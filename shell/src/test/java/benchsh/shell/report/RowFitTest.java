package benchsh.shell.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class RowFitTest {
    private static final List<String> HEADERS = List.of("size", "from", "to", "send socket bytes", "messages sent", "jitter us", "throughput MB/s");
    private static final List<String> CELLS = List.of("64 B", "h1", "h2", "208 KiB", "1234567", "15.13", "5.74");

    @Test
    void everyColumnShowsWhenThereIsRoomOrNoLimit() {
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6), RowFit.columns(HEADERS, CELLS, i -> false, 0));
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6), RowFit.columns(HEADERS, CELLS, i -> false, 200));
    }

    @Test
    void aNarrowTerminalKeepsTheEssentialColumnsThenWhatFitsInOrder() {
        // essential: size (a tag), the hosts and the headline take 6+4+4+15 and 3 gaps = 35; "send socket bytes"
        // (2+17) would make 54, over 50; "messages sent" (2+13) makes 50 and fits; "jitter us" no longer does
        List<Integer> shown = RowFit.columns(HEADERS, CELLS, i -> List.of(0, 1, 2, 6).contains(i), 50);
        assertEquals(List.of(0, 1, 2, 4, 6), shown);
        assertEquals(List.of(0, 1, 2, 6), RowFit.columns(HEADERS, CELLS, i -> List.of(0, 1, 2, 6).contains(i), 20),
                "essential columns show even when they alone are too wide");
    }
}
