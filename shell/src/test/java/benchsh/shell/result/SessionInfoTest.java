package benchsh.shell.result;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class SessionInfoTest {
    @Test
    void anIdIsTheStartInUtcAndFourRandomBytes() {
        String id = SessionInfo.newId(Instant.parse("2026-12-04T05:17:34Z"));
        // 4 bytes: ten CI runners starting in the same second share an id once in about 10^8 runs (2 bytes: once in 1,500)
        assertTrue(id.matches("20261204-051734-[0-9a-f]{8}"), id);
    }
}
