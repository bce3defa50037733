package benchsh.shell.host.ssh;

import benchsh.shell.host.HostException;
import benchsh.shell.host.NativeJava;
import java.util.concurrent.Callable;

/**
 * Which Java runs a host's peer, so that every host runs the same VM with the native paths: benchsh's own
 * runtime ({@link RuntimeImage}) where the host's Java is older than {@value NativeJava#REQUIRED} or missing (the
 * default), on every host with {@code runtime: true}, never with {@code runtime: false} or a {@code java:} given.
 * Where the runtime cannot run (another OS, CPU or C library; no runtime here; no SHA-256 tool there to verify it)
 * the host's own Java 17+ runs the peer, with a one-line note naming what it lacks; without one either, the host is
 * refused with what to install. Stateless.
 */
final class RuntimeDecision {
    static final String STEP = "deploy runtime";

    private RuntimeDecision() {
    }

    /**
     * What runs the peer.
     *
     * @param runtime whether benchsh's runtime does (else the host's Java that was checked)
     * @param note one line for the results when the host runs a slower path than the shell could have deployed, or
     *             one the runtime could not be deployed for; null when none
     */
    record Decision(boolean runtime, String note) {
    }

    /**
     * @param found what the host's {@code java -version} said
     * @param use what the target asks for ({@code runtime:}, {@code java:})
     * @param whyNot why benchsh's runtime cannot run there ({@link #whyNot}), or null when it can
     * @param runtimeJava the runtime's Java version ({@code 25.0.3}), for the messages; may be null
     * @param size the upload's size as text ({@code ≈23 MB}), asked only when the runtime is offered in an error
     * @throws HostException at step {@code check java} when neither the runtime nor the host's Java can run the peer
     */
    static Decision decide(String host, JavaCheck.Found found, SshTarget.RuntimeUse use, String whyNot, String runtimeJava,
                           Callable<String> size) throws HostException {
        boolean nativeThere = found.usable() && found.major() >= NativeJava.REQUIRED;
        String vm = runtimeJava == null ? "benchsh's runtime" : "benchsh's Java " + runtimeJava + " runtime";
        if (use == SshTarget.RuntimeUse.NEVER) {
            if (!found.usable()) {
                throw new HostException(host, "check java", "no Java " + JavaCheck.REQUIRED + "+ (found " + found.found() + "); "
                        + (whyNot == null ? "drop runtime: false (and java:) to run the peer on " + vm + " (" + sizeText(size) + "), or " : "")
                        + JavaCheck.INSTALL);
            }
            return new Decision(false, nativeThere || whyNot != null ? null : host + " ran its own Java " + found.major()
                    + " (runtime: false or java:), without " + NativeJava.PATHS + "; drop them to run it on " + vm);
        }
        if (whyNot == null && (use == SshTarget.RuntimeUse.ALWAYS || !nativeThere)) {
            return new Decision(true, null);
        }
        if (nativeThere) {
            return new Decision(false, use == SshTarget.RuntimeUse.ALWAYS ? fallback(host, found.major(), whyNot) : null);
        }
        if (!found.usable()) {
            throw new HostException(host, "check java", "no Java " + JavaCheck.REQUIRED + "+ (found " + found.found() + "), and "
                    + vm + " cannot run there: " + whyNot + "; " + JavaCheck.INSTALL);
        }
        return new Decision(false, fallback(host, found.major(), whyNot));
    }

    /** The note of a host whose peer runs on its own Java {@code major} because the runtime could not: {@code why}. */
    static String fallback(String host, int major, String why) {
        return host + ": " + why + "; so its peer runs on its own Java " + major
                + (major >= NativeJava.REQUIRED ? "" : ", without " + NativeJava.PATHS + ": install a JDK " + NativeJava.REQUIRED + "+ there");
    }

    /** Why a runtime built here cannot be used on the host, or null when it can. */
    static String whyNot(String host, Platform here, DeployProbe probe, String unavailable) {
        if (unavailable != null) {
            return "no runtime can be had here: " + unavailable;
        }
        Platform there = probe.platform();
        if (!there.known()) {
            return "cannot tell which OS and CPU " + host + " has ('uname -s' and 'uname -m' printed nothing), so benchsh's runtime "
                    + "may not run there";
        }
        if (!here.runs(there)) {
            return host + " is " + there.describe(here) + ", benchsh's runtime " + here.describe(there);
        }
        if (probe.hash() == null) {
            return host + " has no SHA-256 tool (sha256sum, shasum, openssl or busybox) to verify an uploaded runtime";
        }
        return null;
    }

    private static String sizeText(Callable<String> size) {
        try {
            return size.call();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "size unknown";
        } catch (Exception e) {
            return "size unknown: " + e.getMessage();
        }
    }
}
