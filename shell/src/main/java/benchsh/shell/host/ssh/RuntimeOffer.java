package benchsh.shell.host.ssh;

import benchsh.shell.host.HostException;
import java.util.concurrent.Callable;

/**
 * What to do about a host whose Java cannot run the peer: upload a private runtime (when asked
 * with {@code runtime: true} or {@code --deploy-runtime}, and one built here can run there), or
 * fail with what to install, offering the runtime when it could be used. A runtime can be used when
 * the host's OS, CPU and C library match this Java's ({@link Platform#runs}), a runtime can be built
 * here ({@link RuntimeImage#unavailable}) and the host has a SHA-256 tool to verify it. Stateless.
 */
final class RuntimeOffer {
    static final String STEP = "deploy runtime";

    private RuntimeOffer() {
    }

    /**
     * Returns normally when a runtime is to be uploaded; throws otherwise.
     *
     * @param found what the host's {@code java -version} said (not usable)
     * @param here the platform a runtime built here runs on
     * @param probe what the host told about itself
     * @param requested whether the user asked for a runtime ({@code runtime: true} or {@code --deploy-runtime})
     * @param unavailable why no runtime can be built here, or null
     * @param size the upload's size as text ({@code ≈23 MB}), asked only when the runtime is offered
     * @throws HostException at step {@code check java} when not requested, {@value #STEP} when requested but impossible
     */
    static void decide(String host, JavaCheck.Found found, Platform here, DeployProbe probe, boolean requested, String unavailable,
                       Callable<String> size) throws HostException {
        String none = "no Java " + JavaCheck.REQUIRED + "+ (found " + found.found() + ")";
        String reason = whyNot(host, here, probe, unavailable);
        if (requested) {
            if (reason != null) {
                throw new HostException(host, STEP, reason + "; install Java " + JavaCheck.REQUIRED + "+ on " + host
                        + " (e.g. apt-get install openjdk-17-jre-headless) or give java: '/path/to/bin/java' (found there: " + found.found() + ")");
            }
            return;
        }
        if (reason != null) {
            throw new HostException(host, "check java", none + "; " + JavaCheck.INSTALL + " (no private runtime: " + reason + ")");
        }
        throw new HostException(host, "check java", none + "; run host '" + host + "', runtime: true (or benchsh --deploy-runtime) to "
                + "upload a private Java runtime (" + sizeText(size) + "), or " + JavaCheck.INSTALL);
    }

    /** Why a runtime built here cannot be used on the host, or null when it can. */
    static String whyNot(String host, Platform here, DeployProbe probe, String unavailable) {
        Platform there = probe.platform();
        if (!there.known()) {
            return "cannot tell which OS and CPU " + host + " has ('uname -s' and 'uname -m' printed nothing), so a runtime built here "
                    + "may not run there";
        }
        if (!here.runs(there)) {
            return host + " is " + there.describe(here) + ", this machine " + here.describe(there) + ": a runtime built here cannot run "
                    + "there";
        }
        if (unavailable != null) {
            return "a runtime cannot be built here: " + unavailable;
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
