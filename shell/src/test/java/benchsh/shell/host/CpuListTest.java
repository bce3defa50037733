package benchsh.shell.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** CPU lists as taskset -c takes them: checked in the shell, counted for reports. */
class CpuListTest {
    @Test
    void listsOfCpusAndRangesAreTaken() {
        assertEquals("1", CpuList.check("1"));
        assertEquals("0-3", CpuList.check("0-3"));
        assertEquals("0,2,4-5", CpuList.check(" 0, 2, 4-5 "));
        assertEquals("3-3", CpuList.check("3-3"));
        assertNull(CpuList.check(""), "blank: anywhere");
        assertNull(CpuList.check(null));
    }

    @Test
    void anythingElseIsRefusedWithAnExample() {
        for (String bad : List.of("a", "1-", "-1", "3-1", "1,,2", "1,", "0-2-4", "1.5", "0x1", "99999999", "1;reboot", "$(id)")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CpuList.check(bad), bad);
            assertTrue(e.getMessage().startsWith("cpus: '" + bad + "' is not a CPU list") && e.getMessage().contains("e.g. cpus: '1'"),
                    e.getMessage());
        }
    }

    @Test
    void countsTheCpusNamedOnce() {
        assertEquals(1, CpuList.count("1"));
        assertEquals(2, CpuList.count("0-1"));
        assertEquals(4, CpuList.count("0,2,4-5"));
        assertEquals(3, CpuList.count("0-2,1"));
        assertEquals(-1, CpuList.count("x"));
        assertEquals(-1, CpuList.count(null));
    }
}
