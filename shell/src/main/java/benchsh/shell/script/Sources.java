package benchsh.shell.script;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The text of every compiled scenario, by script class, so a verb can say which line of which file
 * called it (e.g. {@code expect} quoting its own line). Thread-safe.
 */
public final class Sources {
    /** A line of a scenario. */
    public record Location(String file, int line, String text) {
        @Override
        public String toString() {
            return file + ":" + line;
        }
    }

    private record Source(String file, String[] lines) {
    }

    private static final Map<String, Source> BY_CLASS = new ConcurrentHashMap<>();

    private Sources() {
    }

    static void register(Class<?> scriptClass, String file, String code) {
        BY_CLASS.put(scriptClass.getName(), new Source(file, code.split("\n", -1)));
    }

    /** The innermost scenario line on the calling thread's stack, or null. */
    public static Location caller() {
        for (StackTraceElement e : Thread.currentThread().getStackTrace()) {
            String cls = e.getClassName();
            int dollar = cls.indexOf('$');
            Source s = BY_CLASS.get(dollar < 0 ? cls : cls.substring(0, dollar));
            if (s != null && e.getLineNumber() > 0 && e.getLineNumber() <= s.lines.length) {
                return new Location(s.file, e.getLineNumber(), s.lines[e.getLineNumber() - 1].trim());
            }
        }
        return null;
    }
}
