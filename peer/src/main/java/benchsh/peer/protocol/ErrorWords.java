package benchsh.peer.protocol;

import java.io.EOFException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.ClosedChannelException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Exceptions in words: the one place where the peer turns an exception into the error of a result or an ERROR
 * frame, so that no result carries a Java exception's own text ({@code java.net.SocketTimeoutException: Read timed
 * out}). An exception with a message of ours keeps it; the JDK's and the kernel's phrases in it ("Connection reset
 * by peer", "Read timed out") become what they mean for a test, and a class name before a message
 * ({@code java.io.IOException: ...}, what wrapping an exception as a cause leaves) is dropped. An exception with no
 * message is said by its type. Stateless.
 */
public final class ErrorWords {
    /** The JDK's and the kernel's phrases, and what they mean between two peers; the longer of two that overlap first. */
    private static final Map<String, String> PHRASES = new LinkedHashMap<>();
    /** A qualified class name of an exception or error, with the ": " after it when a message follows. */
    private static final Pattern CLASS_NAME = Pattern.compile("\\b(?:[a-z][a-z0-9_]*\\.)+[A-Z][A-Za-z0-9_$]*(?:Exception|Error)\\b(?:: )?");

    /** What an exception without a message means, by its type; a subtype before its supertype. */
    private static final Map<Class<? extends Throwable>, String> TYPES = new LinkedHashMap<>();

    static {
        TYPES.put(AsynchronousCloseException.class, "the connection was closed while in use (the side was stopped)");
        TYPES.put(ClosedChannelException.class, "the connection was already closed");
        TYPES.put(EOFException.class, "the connection ended early");
        TYPES.put(SocketTimeoutException.class, "timed out");
        TYPES.put(InterruptedIOException.class, "interrupted");
        TYPES.put(ConnectException.class, "connection refused (nothing listens there)");
        TYPES.put(NoRouteToHostException.class, "no route to host");
        TYPES.put(UnknownHostException.class, "unknown host");
        PHRASES.put("Connection reset by peer", "the partner reset the connection");
        PHRASES.put("Connection reset", "the partner reset the connection");
        PHRASES.put("Connection refused", "connection refused (nothing listens there)");
        PHRASES.put("Broken pipe", "the partner closed the connection");
        PHRASES.put("Read timed out", "nothing arrived in time");
        PHRASES.put("Accept timed out", "no connection arrived in time");
        PHRASES.put("Connect timed out", "the connection was not answered in time");
        PHRASES.put("connect timed out", "the connection was not answered in time");
        PHRASES.put("No route to host", "no route to host");
        PHRASES.put("Network is unreachable", "the network is unreachable");
        PHRASES.put("Socket closed", "the connection was closed");
    }

    private ErrorWords() {
    }

    /** What {@code e} means, in one line. */
    public static String of(Throwable e) {
        String m = e.getMessage();
        if (m == null || m.isBlank() || CLASS_NAME.matcher(m).replaceAll("").isBlank()) {
            return byType(e);
        }
        return words(m);
    }

    /** {@code text} with the JDK's phrases put in words and exception class names taken out; idempotent. */
    public static String words(String text) {
        String s = CLASS_NAME.matcher(text).replaceAll("");
        for (Map.Entry<String, String> p : PHRASES.entrySet()) {
            if (s.contains(p.getKey())) {
                return s.replace(p.getKey(), p.getValue()); // one phrase per message: they do not nest
            }
        }
        return s;
    }

    /** The kind of a side's failure by {@code e}: a deadline's TIMEOUT, else IO. */
    public static ErrorKind kind(Throwable e) {
        return e instanceof SocketTimeoutException ? ErrorKind.TIMEOUT : ErrorKind.IO;
    }

    private static String byType(Throwable e) {
        for (Map.Entry<Class<? extends Throwable>, String> t : TYPES.entrySet()) {
            if (t.getKey().isInstance(e)) {
                return t.getValue();
            }
        }
        if (e.getCause() != null && e.getCause() != e) {
            return of(e.getCause());
        }
        return spelled(e.getClass().getSimpleName());
    }

    /** A type's name as words: {@code IllegalStateException} is "illegal state". */
    private static String spelled(String simpleName) {
        String base = simpleName.replaceAll("(Exception|Error)$", "");
        return base.isEmpty() ? "failed" : base.replaceAll("([a-z0-9])([A-Z])", "$1 $2").toLowerCase(java.util.Locale.ROOT);
    }
}
