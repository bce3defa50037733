package benchsh.peer;

import benchsh.peer.protocol.ControlChannel;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.time.Duration;

/**
 * {@code java -jar benchsh-peer.jar --stdio [--idle SECONDS]}: serves the control protocol on
 * stdin/stdout and exits when stdin closes. Nothing but frames is ever written to stdout; stray
 * output goes to stderr.
 */
public final class PeerMain {
    private PeerMain() {
    }

    public static void main(String[] args) {
        boolean stdio = false;
        Duration idle = Duration.ofMinutes(2);
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--stdio" -> stdio = true;
                case "--idle" -> idle = Duration.ofSeconds(Long.parseLong(args[++i]));
                case "--version" -> {
                    System.out.println("benchsh-peer " + Peer.version());
                    return;
                }
                default -> {
                    System.err.println("usage: java -jar benchsh-peer.jar --stdio [--idle SECONDS]");
                    System.exit(2);
                }
            }
        }
        if (!stdio) {
            System.err.println("usage: java -jar benchsh-peer.jar --stdio [--idle SECONDS]");
            System.exit(2);
        }
        ignoreInterrupt();
        FileOutputStream out = new FileOutputStream(FileDescriptor.out);
        System.setOut(new PrintStream(new FileOutputStream(FileDescriptor.err), true));
        ControlChannel channel = new ControlChannel("shell", new BufferedInputStream(new FileInputStream(FileDescriptor.in)), new BufferedOutputStream(out));
        int code = new Peer(channel, idle).serve();
        System.exit(code);
    }

    /**
     * A terminal's Ctrl-C signals the whole foreground process group, local peers included; the
     * shell stops tests over the control channel (and keeps the partial result), so the peer ignores
     * SIGINT. Best effort: sun.misc.Signal through reflection, absent on exotic JVMs.
     */
    static void ignoreInterrupt() {
        try {
            Class<?> signal = Class.forName("sun.misc.Signal");
            Class<?> handler = Class.forName("sun.misc.SignalHandler");
            Object ignore = handler.getField("SIG_IGN").get(null);
            signal.getMethod("handle", signal, handler).invoke(null, signal.getConstructor(String.class).newInstance("INT"), ignore);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            // the peer still stops when stdin closes
        }
    }
}
