package benchsh.shell.verb;

import java.nio.file.Path;

/** Evaluates a scenario file in the running session, for verbs that take one ({@code plan 'file.groovy'}). */
@FunctionalInterface
public interface ScriptFiles {
    Object evaluateFile(Path file) throws Exception;
}
