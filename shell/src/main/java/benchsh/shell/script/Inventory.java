package benchsh.shell.script;

import benchsh.shell.secret.Secret;
import benchsh.shell.Session;
import benchsh.shell.args.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code --hosts FILE}: named hosts declared once for many scenarios. A {@code .groovy} inventory is
 * evaluated before the script ({@code h1 = host 'me@pc1'}); an {@code .ini} inventory has one host
 * per line, {@code name = [user@]host[:port] [key=FILE] [java=PATH] [dir=PATH] [cpus=LIST] [password=...]}
 * ({@code local = local cpus=0} pins the local host), optionally under a {@code [hosts]} section; {@code password=prompt} asks in the interactive shell
 * and {@code password=env(PC1_PW)} reads the environment, so the file need not hold the password.
 * Either way every host is bound to its name in the script.
 */
public final class Inventory {
    private static final Pattern ENV = Pattern.compile("env\\(['\"]?([A-Za-z_][A-Za-z0-9_]*)['\"]?\\)");

    private Inventory() {
    }

    public static void load(Path file, Session session, ScriptRunner runner) throws Exception {
        session.scenario().inventory(file.toString());
        if (file.toString().endsWith(".groovy")) {
            runner.evaluateFile(file);
            return;
        }
        List<String> lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith(";") || line.startsWith("[")) {
                continue;
            }
            int eq = line.indexOf('=');
            String[] words = eq < 0 ? new String[0] : line.substring(eq + 1).trim().split("\\s+");
            if (eq <= 0 || words.length == 0 || words[0].isEmpty()) {
                throw new ScriptError(file.toString(), i + 1, "expected 'name = [user@]host[:port] [key=FILE] [java=PATH] [dir=PATH] [cpus=LIST] [password=prompt|env(NAME)]'", null);
            }
            String name = line.substring(0, eq).trim();
            Map<String, Object> options = new LinkedHashMap<>();
            options.put("name", name);
            for (int w = 1; w < words.length; w++) {
                String[] kv = words[w].split("=", 2);
                if (kv.length != 2) {
                    throw new ScriptError(file.toString(), i + 1, "expected key=value, not '" + words[w] + "'", null);
                }
                options.put(kv[0], kv[1]);
            }
            try {
                options.computeIfPresent("password", (k, v) -> password(v.toString(), session));
                Object host = runner.verbs().get("host").invoke(session, new Object[] {options, words[0]});
                runner.bind(name, host);
            } catch (UsageException | IOException e) {
                throw new ScriptError(file.toString(), i + 1, e.getMessage(), e);
            }
        }
    }

    /** {@code password=prompt}, {@code password=env(PC1_PW)}, or the password itself (best kept out of files). */
    private static Object password(String value, Session session) {
        if (value.equals("prompt")) {
            return Secret.PROMPT;
        }
        Matcher env = ENV.matcher(value);
        return env.matches() ? Secret.fromEnvironment(env.group(1), System::getenv, session.secrets()) : Secret.of(value);
    }
}
