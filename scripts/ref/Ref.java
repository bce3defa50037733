/** What the plain-Java reference loops share: their watchdog, argument parsing and exit on misuse. */
final class Ref {
    private static final int GRACE_S = 20;

    private Ref() {
    }

    /** Ends the process SECONDS + 20 s from now, as the C loops' alarm does. */
    static void watchdog(String program, double seconds) {
        Thread t = new Thread(() -> {
            try {
                Thread.sleep((long) ((seconds + GRACE_S) * 1000));
            } catch (InterruptedException e) {
                return;
            }
            fail(program, "no end within " + (seconds + GRACE_S) + " s");
        });
        t.setDaemon(true);
        t.start();
    }

    /** A finite number >= 0, else the usage error. */
    static double number(String program, String usage, String text) {
        try {
            double v = Double.parseDouble(text);
            if (v >= 0 && !Double.isInfinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // falls through to the usage error
        }
        fail(program, "not a number: " + text + "; usage: " + usage);
        return 0;
    }

    static void fail(String program, String why) {
        System.err.println(program + ": " + why);
        Runtime.getRuntime().halt(2);
    }
}
