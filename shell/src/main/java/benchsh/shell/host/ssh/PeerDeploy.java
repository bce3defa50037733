package benchsh.shell.host.ssh;

import benchsh.shell.host.HostException;
import benchsh.shell.host.NativeJava;
import benchsh.shell.host.PeerJar;
import java.io.IOException;
import java.util.function.Consumer;
import org.apache.sshd.client.session.ClientSession;

/**
 * Everything a host needs before its peer starts: ask what it is ({@link DeployProbe}), check its
 * Java ({@link JavaCheck}); decide which Java runs the peer ({@link RuntimeDecision}: benchsh's runtime where
 * the host's Java is older than 22 or missing, by default); upload that runtime ({@link RuntimeUpload}, reused by
 * its hash) and check that it runs; then put the peer jar there ({@link PeerUpload}). A runtime that cannot be
 * built here, put there (no space, a hash that does not match) or run there leaves the peer on the host's own
 * Java 17+ where it has one, with a note saying so and what to do; else the host is refused. Nothing is written
 * on a host that is going to be refused. Stateless; thread-safe.
 */
public final class PeerDeploy {
    private PeerDeploy() {
    }

    /**
     * What was deployed.
     *
     * @param java the java command to start the peer with
     * @param javaVersion its {@code java -version} line
     * @param jar the peer jar
     * @param runtime the private runtime's directory on the host, or null when the host's own Java runs the peer
     * @param runtimeUploaded whether that runtime was uploaded now (false: verified in the cache there)
     * @param note one line for the results when the peer runs a slower path than benchsh could have given it, or
     *             benchsh's runtime could not be deployed (why, and what to do); null when none
     */
    public record Deployment(String java, String javaVersion, PeerUpload.Deployed jar, String runtime, boolean runtimeUploaded,
                             String note) {
    }

    /**
     * @param deployRuntime run every host's peer on benchsh's runtime ({@code --deploy-runtime}: {@code runtime: true}
     *                      for every host that does not say {@code runtime: false} or {@code java:})
     */
    public static Deployment prepare(ClientSession session, String host, SshTarget target, boolean deployRuntime, Consumer<String> notes)
            throws HostException {
        DeployProbe probe = DeployProbe.run(session, host);
        JavaCheck.Found found = JavaCheck.probe(session, host, target.java());
        SshTarget.RuntimeUse use = deployRuntime && target.runtime() == SshTarget.RuntimeUse.DEFAULT ? SshTarget.RuntimeUse.ALWAYS
                : target.runtime();
        RuntimeImage image = RuntimeImage.forPeers();
        String whyNot = RuntimeDecision.whyNot(host, image.platform(), probe, image.unavailable());
        RuntimeDecision.Decision decision = RuntimeDecision.decide(host, found, use, whyNot, image.javaVersion(), () -> image.size().text());
        // a peer jar without the native paths (built without a JDK 22+) runs no faster anywhere: nothing to note
        String note = PeerJar.hasNativePaths() ? decision.note() : null;
        try (RemoteFiles files = RemoteFiles.open(session, host)) {
            String base = probe.hash() == null ? null : PeerUpload.trustedBase(files, host, target.dir(), probe);
            String java = target.java();
            String version = found.said();
            RuntimeUpload.Deployed runtime = null;
            if (decision.runtime()) {
                try {
                    runtime = RuntimeUpload.deploy(session, files, host, base, probe, build(host, image), notes);
                    version = checkRuntime(session, host, runtime.java(), probe.platform());
                    java = runtime.java();
                } catch (HostException e) {
                    if (!found.usable()) {
                        throw e;
                    }
                    runtime = null;
                    note = RuntimeDecision.fallback(host, found.major(), RuntimeDecision.STEP + ": " + e.detail());
                }
            }
            PeerUpload.Deployed jar = PeerUpload.deploy(session, files, host, base, probe);
            return new Deployment(java, version, jar, runtime == null ? null : runtime.directory(), runtime != null && runtime.uploaded(),
                    note);
        } catch (IOException e) {
            throw new HostException(host, "upload", "SFTP failed: " + e.getMessage()
                    + "; check that the host's sshd has the sftp subsystem enabled", e);
        }
    }

    private static RuntimeImage.Built build(String host, RuntimeImage image) throws HostException {
        try {
            return image.build();
        } catch (IOException e) {
            throw new HostException(host, RuntimeDecision.STEP, "cannot build benchsh's runtime here: " + e.getMessage() + "; repair that JDK,"
                    + " or set BENCHSH_JDK22 to another JDK " + NativeJava.REQUIRED + "+");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HostException(host, RuntimeDecision.STEP, "interrupted while building benchsh's runtime here");
        }
    }

    /** Runs the uploaded runtime's {@code java -version}; a runtime that does not run there is explained. */
    private static String checkRuntime(ClientSession session, String host, String java, Platform there) throws HostException {
        JavaCheck.Found f = JavaCheck.probe(session, host, java);
        if (!f.usable()) {
            String libc = there.libcText().isEmpty() ? "" : " (" + host + " has " + there.libcText() + "; the runtime needs the C library "
                    + "its JDK was built for, or newer)";
            throw new HostException(host, RuntimeDecision.STEP, "the uploaded runtime does not run there: " + f.found() + libc
                    + "; install a JDK 22+ on " + host + " (e.g. apt-get install openjdk-25-jre-headless)");
        }
        return f.said();
    }
}
