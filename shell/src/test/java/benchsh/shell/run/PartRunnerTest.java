package benchsh.shell.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import benchsh.peer.io.StreamSockets;
import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.stream.TcpStream;
import benchsh.peer.workload.Streamed;
import benchsh.shell.host.SideEnd;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How a side's error is named in a result: by its host, and a stall also by the partner that went quiet; decided by its kind. */
class PartRunnerTest {
    /** A tcp side that stalled after {@code stalled} seconds (null: it did not), with the error. */
    private static SideEnd ended(String error, ErrorKind kind, Long stalled) {
        Streamed meter = new Streamed(10, 10, 1, 0, 80, null, List.of(10L), List.of(10L), List.of(80.0), stalled);
        return new SideEnd(new TcpStream.Report(meter, 0, null, null, StreamSockets.Chosen.byDefault(), null), List.of(), error, kind);
    }

    @Test
    void aStallNamesThePartnerTheDataShouldHaveComeFrom() {
        assertEquals("h1: no data from h2 for 10 s", PartRunner.named("h1", "h2", ended("no data for 10 s", ErrorKind.STALLED, 10L)));
    }

    @Test
    void otherErrorsGetTheirHostOnce() {
        assertEquals("h1: cannot listen on 10.0.0.1:5: in use", PartRunner.named("h1", "h2", ended("cannot listen on 10.0.0.1:5: in use", ErrorKind.REFUSED,
                null)));
        assertEquals("h1: gone", PartRunner.named("h1", "h2", new SideEnd(null, List.of(), "h1: gone", ErrorKind.IO)));
    }

    @Test
    void aSideWithoutAPartnerStallsOnItsOwn() {
        assertEquals("h1: no data for 10 s", PartRunner.named("h1", "h1", ended("no data for 10 s", ErrorKind.STALLED, 10L)));
    }

    @Test
    void theKindDecidesNotTheText() {
        assertEquals("h1: no data for 10 s", PartRunner.named("h1", "h2", ended("no data for 10 s", ErrorKind.IO, null)),
                "a message that reads like a stall but is not one stays as it is");
    }
}
