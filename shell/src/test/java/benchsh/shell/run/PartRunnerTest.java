package benchsh.shell.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.Message;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How a side's error is named in a result: by its host, and a stall also by the partner that went quiet; decided by its kind. */
class PartRunnerTest {
    private static Message.Done done(String error, ErrorKind kind, Map<String, Object> metrics) {
        return new Message.Done("t", metrics, List.of(), error, kind);
    }

    @Test
    void aStallNamesThePartnerTheDataShouldHaveComeFrom() {
        assertEquals("h1: no data from h2 for 10 s", PartRunner.named("h1", "h2", done("no data for 10 s", ErrorKind.STALLED, Map.of("stalled_seconds", 10L))));
    }

    @Test
    void otherErrorsGetTheirHostOnce() {
        assertEquals("h1: cannot listen on 10.0.0.1:5: in use", PartRunner.named("h1", "h2", done("cannot listen on 10.0.0.1:5: in use", ErrorKind.REFUSED, Map.of())));
        assertEquals("h1: gone", PartRunner.named("h1", "h2", done("h1: gone", ErrorKind.IO, Map.of())));
    }

    @Test
    void aSideWithoutAPartnerStallsOnItsOwn() {
        assertEquals("h1: no data for 10 s", PartRunner.named("h1", "h1", done("no data for 10 s", ErrorKind.STALLED, Map.of("stalled_seconds", 10L))));
    }

    @Test
    void theKindDecidesNotTheText() {
        assertEquals("h1: no data for 10 s", PartRunner.named("h1", "h2", done("no data for 10 s", ErrorKind.IO, Map.of())),
                "a message that reads like a stall but is not one stays as it is");
    }
}
