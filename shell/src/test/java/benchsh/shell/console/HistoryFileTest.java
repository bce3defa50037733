package benchsh.shell.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.secret.Secrets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The REPL history on disk: JLine's format, masked lines, rewritten when a secret becomes known, owner-only. */
class HistoryFileTest {
    @Test
    void aLineGivingAPasswordLaterMasksTheEarlierLineHoldingIt(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("history");
        Secrets secrets = new Secrets();
        HistoryFile h = new HistoryFile(file, secrets, note -> { });
        h.add(Instant.ofEpochMilli(1000), "pw = 'hunter2'");
        assertTrue(Files.readString(file).contains("hunter2"), "not known to be a password yet");
        secrets.remember("hunter2");
        h.add(Instant.ofEpochMilli(2000), "h = host 'pc1', password: pw");
        assertEquals("1000:pw = '***'\n2000:h = host 'pc1', password: pw\n", Files.readString(file));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    }

    @Test
    void multiLineEntriesRoundTripAndAnOpenFileIsTightenedOnce(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("history");
        Files.writeString(file, "1000:sweep(size: [1, 2]) {\\n  tcp to: local\\n}\nnot a history line\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        List<String> notes = new ArrayList<>();
        HistoryFile h = new HistoryFile(file, new Secrets(), notes::add);
        assertEquals(List.of(new HistoryFile.Entry(Instant.ofEpochMilli(1000), "sweep(size: [1, 2]) {\n  tcp to: local\n}")), h.entries());
        assertEquals(1, notes.size(), notes.toString());
        assertTrue(notes.get(0).contains("it is now owner-only"), notes.get(0));
        new HistoryFile(file, new Secrets(), notes::add);
        assertEquals(1, notes.size(), "a tightened file is not reported again");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        h.add(Instant.ofEpochMilli(2000), "x = 'a\\\\b'");
        assertFalse(Files.readString(file).isEmpty());
        assertEquals("x = 'a\\\\b'", new HistoryFile(file, new Secrets(), notes::add).entries().get(1).line());
    }
}
