package benchsh.shell.host.ssh;

/**
 * Asks the user for a password or key passphrase (the REPL reads it without echo). The answer is
 * used once and never stored or logged. Thread-safe; returns null when nobody can be asked.
 */
@FunctionalInterface
public interface SecretPrompt {
    /** Batch mode: nobody to ask. */
    SecretPrompt NONE = question -> null;

    /** @return the secret, or null when the user gave none */
    char[] ask(String question);
}
