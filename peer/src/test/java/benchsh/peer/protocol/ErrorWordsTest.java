package benchsh.peer.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.ClosedChannelException;
import org.junit.jupiter.api.Test;

/** Exceptions become words: the JDK's phrases and class names never reach a result. */
class ErrorWordsTest {
    @Test
    void theJdksPhrasesSayWhatHappenedBetweenThePeers() {
        assertEquals("nothing arrived in time", ErrorWords.of(new SocketTimeoutException("Read timed out")));
        assertEquals("the partner reset the connection", ErrorWords.of(new IOException("Connection reset by peer")));
        assertEquals("the partner reset the connection", ErrorWords.of(new IOException("Connection reset")));
        assertEquals("the partner closed the connection", ErrorWords.of(new IOException("Broken pipe")));
        assertEquals("cannot connect to 10.0.0.2:5001: connection refused (nothing listens there)",
                ErrorWords.words("cannot connect to 10.0.0.2:5001: Connection refused"));
    }

    @Test
    void classNamesAreTakenOutAndAnExceptionWithoutAMessageIsSaidByItsType() {
        assertEquals("nothing arrived in time", ErrorWords.words("java.net.SocketTimeoutException: Read timed out"));
        assertEquals("no space left", ErrorWords.of(new IOException(new IOException("no space left"))));
        assertEquals("the connection was closed while in use (the side was stopped)", ErrorWords.of(new AsynchronousCloseException()));
        assertEquals("the connection was already closed", ErrorWords.of(new ClosedChannelException()));
        assertEquals("the connection ended early", ErrorWords.of(new EOFException()));
        assertEquals("connection refused (nothing listens there)", ErrorWords.of(new ConnectException()));
        assertEquals("illegal state", ErrorWords.of(new IllegalStateException()));
        assertEquals("timed out", ErrorWords.of(new SocketTimeoutException()));
    }

    @Test
    void ourOwnMessagesStandAndWordsAreIdempotent() {
        String ours = "the receiver did not confirm the last 1.2 MB within 19.6 s (2.0 Mbit/s measured)";
        assertEquals(ours, ErrorWords.of(new SocketTimeoutException(ours)));
        String once = ErrorWords.words("h1: Connection reset by peer");
        assertEquals(once, ErrorWords.words(once));
    }

    @Test
    void aTimeoutIsATimeoutAndAnythingElseIo() {
        assertEquals(ErrorKind.TIMEOUT, ErrorWords.kind(new SocketTimeoutException("x")));
        assertEquals(ErrorKind.IO, ErrorWords.kind(new IOException("x")));
    }
}
