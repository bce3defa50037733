package benchsh.shell.config;

import java.nio.file.Path;
import java.util.Map;

/**
 * Where benchsh keeps its files, by the XDG base directory rules: data (the result store, REPL history) in
 * {@code $XDG_DATA_HOME/benchsh}, caches (the peer jar, runtimes, SQLite's native library) in
 * {@code $XDG_CACHE_HOME/benchsh}, the config file in {@code $XDG_CONFIG_HOME/benchsh}; a variable that is unset,
 * empty or relative means its default under the home directory ({@code ~/.local/share}, {@code ~/.cache},
 * {@code ~/.config}). Immutable.
 */
public record Dirs(Path data, Path cache, Path config) {
    /** The directories of this process's environment. */
    public static Dirs current() {
        return of(System.getenv(), Path.of(System.getProperty("user.home")));
    }

    static Dirs of(Map<String, String> env, Path home) {
        return new Dirs(base(env, "XDG_DATA_HOME", home.resolve(".local/share")).resolve("benchsh"),
                base(env, "XDG_CACHE_HOME", home.resolve(".cache")).resolve("benchsh"),
                base(env, "XDG_CONFIG_HOME", home.resolve(".config")).resolve("benchsh"));
    }

    private static Path base(Map<String, String> env, String variable, Path fallback) {
        String v = env.get(variable);
        return v != null && !v.isBlank() && Path.of(v).isAbsolute() ? Path.of(v) : fallback;
    }
}
