package benchsh.shell.config;

import benchsh.shell.args.Suggest;
import groovy.util.ConfigObject;
import groovy.util.ConfigSlurper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The user's defaults, from {@code config.groovy} in the config directory ({@link Dirs}): a Groovy config
 * file ({@link ConfigSlurper}) with {@code units = 'Mbit/s'}, {@code db = 'postgresql://bench@db/bench'} (or a
 * file) and {@code hosts = '~/lab/inventory.groovy'}. The command line and {@code $BENCHSH_DB} win over it. An
 * unknown key is a warning with the closest known one; a file that does not compile is an error. Immutable.
 */
public record Config(String units, String db, String hosts, List<String> warnings) {
    /** The keys a config file may set. */
    public static final List<String> KEYS = List.of("units", "db", "hosts");
    public static final Config NONE = new Config(null, null, null, List.of());

    public Config {
        warnings = List.copyOf(warnings);
    }

    /** The config in {@code file}; {@link #NONE} when there is no such file. */
    public static Config load(Path file) throws ConfigException {
        if (!Files.isRegularFile(file)) {
            return NONE;
        }
        ConfigObject parsed;
        try {
            parsed = new ConfigSlurper().parse(Files.readString(file));
        } catch (IOException e) {
            throw new ConfigException("cannot read the config " + file + ": " + e.getMessage());
        } catch (RuntimeException e) { // a CompilationFailedException, or the script failing as it runs
            throw new ConfigException("the config " + file + " does not compile: " + e.getMessage().strip()
                    + "; fix it or move it away");
        }
        List<String> warnings = new ArrayList<>();
        String[] values = new String[KEYS.size()];
        for (Map.Entry<?, ?> e : ((Map<?, ?>) parsed.flatten()).entrySet()) {
            String key = String.valueOf(e.getKey());
            int i = KEYS.indexOf(key);
            if (i < 0) {
                warnings.add(file + ": unknown key '" + key + "'" + Suggest.hint(key, KEYS) + " (keys: " + String.join(", ", KEYS) + ")");
            } else if (e.getValue() instanceof CharSequence text) {
                values[i] = text.toString();
            } else {
                throw new ConfigException(file + ": " + key + " must be text in quotes, not " + e.getValue());
            }
        }
        return new Config(values[0], values[1], expandHome(values[2]), warnings);
    }

    private static String expandHome(String path) {
        return path != null && path.startsWith("~/") ? System.getProperty("user.home") + path.substring(1) : path;
    }

    /** A config file that cannot be used. */
    public static final class ConfigException extends Exception {
        public ConfigException(String message) {
            super(message);
        }
    }
}
