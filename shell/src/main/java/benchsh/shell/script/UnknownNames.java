package benchsh.shell.script;

import benchsh.shell.args.Arg;
import benchsh.shell.args.Suggest;
import benchsh.shell.verb.Verb;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.sshd.client.config.hosts.HostConfigEntry;

/**
 * The error for a name a script uses that is neither a verb nor a variable, saying what to write instead:
 * that {@code def} made it local to an earlier line, that it is a host of the ssh config not declared yet
 * ({@code h1 = host 'h1'}), that an argument needs its colon, or the closest known name. Stateless.
 */
final class UnknownNames {
    private UnknownNames() {
    }

    /** "unknown verb 'tpc'; did you mean 'tcp'? (help lists them)". */
    static String verb(String name, SessionBinding binding) {
        return "unknown verb '" + name + "'" + Suggest.hint(name, binding.verbs().names()) + " (help lists them)";
    }

    /** "unknown name 'x'" and what to write instead. */
    static String name(String name, SessionBinding binding) {
        String unknown = "unknown name '" + name + "'";
        if (binding.declaredLocally(name)) {
            return unknown + ": 'def " + name + "' made it local to the line (or script) that declared it, so later lines and methods"
                    + " do not see it; leave out def (" + name + " = ...) to keep it in the session";
        }
        Path sshConfig = binding.session().ssh().settings().config();
        if (sshHosts(sshConfig).contains(name)) {
            return unknown + ": " + name + " is a host of the ssh config (" + sshConfig + ") that this session has not declared;"
                    + " declare it first: " + name + " = host '" + name + "'";
        }
        List<String> known = new ArrayList<>(binding.verbs().names());
        for (Object k : binding.getVariables().keySet()) {
            known.add(k.toString());
        }
        String hint = Suggest.hint(name, known);
        if (hint.isEmpty() && isArgument(name, binding)) {
            return unknown + "; an argument is written with a colon after its name: " + name + ": VALUE";
        }
        return unknown + hint;
    }

    private static boolean isArgument(String name, SessionBinding binding) {
        for (Verb v : binding.verbs().all()) {
            if (v.spec().args().stream().map(Arg::name).anyMatch(name::equals)) {
                return true;
            }
        }
        return false;
    }

    /** The host names an ssh config declares by name ({@code Host h1 h2}; patterns with wildcards left out). */
    static List<String> sshHosts(Path config) {
        List<String> names = new ArrayList<>();
        if (config == null || !Files.isRegularFile(config)) {
            return names;
        }
        try {
            for (HostConfigEntry e : HostConfigEntry.readHostConfigEntries(config)) {
                for (String pattern : String.valueOf(e.getHost()).split("[\\s,]+")) {
                    if (!pattern.isEmpty() && pattern.chars().noneMatch(c -> c == '*' || c == '?' || c == '!')) {
                        names.add(pattern);
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // an unreadable config has no names to offer
        }
        return names;
    }
}
