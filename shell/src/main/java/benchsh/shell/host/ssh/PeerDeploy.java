package benchsh.shell.host.ssh;

import benchsh.shell.host.HostException;
import java.io.IOException;
import org.apache.sshd.client.session.ClientSession;

/**
 * Everything a host needs before its peer starts: ask what it is ({@link DeployProbe}), check its
 * Java ({@link JavaCheck}); if that cannot run the peer, upload a private runtime when asked and
 * possible ({@link RuntimeOffer}, {@link RuntimeUpload}) and check that it runs; then put the
 * peer jar there ({@link PeerUpload}). Nothing is written on a host that is going to be refused.
 * Stateless; thread-safe.
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
     */
    public record Deployment(String java, String javaVersion, PeerUpload.Deployed jar, String runtime, boolean runtimeUploaded) {
    }

    /**
     * @param deployRuntime upload a private runtime when the host's Java cannot run the peer
     *                      ({@code --deploy-runtime}; {@code runtime: true} is {@link SshTarget#runtime()})
     */
    public static Deployment prepare(ClientSession session, String host, SshTarget target, boolean deployRuntime) throws HostException {
        DeployProbe probe = DeployProbe.run(session, host);
        JavaCheck.Found found = JavaCheck.probe(session, host, target.java());
        RuntimeImage image = null;
        if (!found.usable()) {
            RuntimeImage local = RuntimeImage.ofThisJava();
            String unavailable = local.unavailable();
            RuntimeOffer.decide(host, found, local.platform(), probe, deployRuntime || target.runtime(), unavailable,
                    () -> local.size().text());
            image = local;
        }
        try (RemoteFiles files = RemoteFiles.open(session, host)) {
            String base = probe.hash() == null ? null : PeerUpload.trustedBase(files, host, target.dir(), probe);
            String java = target.java();
            String version = found.said();
            RuntimeUpload.Deployed runtime = null;
            if (image != null) {
                runtime = RuntimeUpload.deploy(session, files, host, base, probe, build(host, image));
                java = runtime.java();
                version = checkRuntime(session, host, java, probe.platform());
            }
            PeerUpload.Deployed jar = PeerUpload.deploy(session, files, host, base, probe);
            return new Deployment(java, version, jar, runtime == null ? null : runtime.directory(), runtime != null && runtime.uploaded());
        } catch (IOException e) {
            throw new HostException(host, "upload", "SFTP failed: " + e.getMessage()
                    + "; check that the host's sshd has the sftp subsystem enabled", e);
        }
    }

    private static RuntimeImage.Built build(String host, RuntimeImage image) throws HostException {
        try {
            return image.build();
        } catch (IOException e) {
            throw new HostException(host, RuntimeOffer.STEP, "cannot build a Java runtime here: " + e.getMessage()
                    + "; install Java " + JavaCheck.REQUIRED + "+ on " + host + " instead");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HostException(host, RuntimeOffer.STEP, "interrupted while building a Java runtime here");
        }
    }

    /** Runs the uploaded runtime's {@code java -version}; a runtime that does not run there is explained. */
    private static String checkRuntime(ClientSession session, String host, String java, Platform there) throws HostException {
        JavaCheck.Found f = JavaCheck.probe(session, host, java);
        if (!f.usable()) {
            String libc = there.libcText().isEmpty() ? "" : " (" + host + " has " + there.libcText() + "; the runtime needs the C library "
                    + "this machine's Java was built for, or newer)";
            throw new HostException(host, RuntimeOffer.STEP, "the uploaded runtime does not run there: " + f.found() + libc
                    + "; install Java " + JavaCheck.REQUIRED + "+ on " + host + " (e.g. apt-get install openjdk-17-jre-headless)");
        }
        return f.said();
    }
}
