package benchsh.shell.console;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;

/**
 * Where the cursor is in a line of the scenario language, for completion: inside which verb call
 * (the innermost one still open, in either form, {@code tcp(to: a, s} or {@code tcp to: a, s}),
 * and whether the word being typed is an argument name or the value of {@code arg:}.
 * Strings and comments are skipped. Stateless; a pure function of the text before the cursor.
 *
 * @param verb the innermost open verb call, or null at the start of a statement
 * @param valueOf the argument whose value is being typed ({@code size: 1<TAB>}), or null
 * @param inString whether the cursor is inside a string literal that is still open
 * @param given the arguments the call names already ({@code tcp to: a, s} has {@code to})
 */
record CallContext(String verb, String valueOf, boolean inString, Set<String> given) {
    CallContext {
        given = Set.copyOf(given);
    }

    CallContext(String verb, String valueOf) {
        this(verb, valueOf, false, Set.of());
    }

    /** Reads {@code before}, the text from the start of the line up to the cursor. */
    static CallContext at(String before, Set<String> verbs) {
        Deque<Frame> frames = new ArrayDeque<>();
        frames.push(new Frame(null));
        int i = 0;
        int n = before.length();
        boolean inString = false;
        String pendingArg = null; // "name:" seen, value not finished yet
        while (i < n) {
            char c = before.charAt(i);
            if (c == '\'' || c == '"') {
                int end = before.indexOf(c, i + 1);
                if (end < 0) {
                    inString = true; // the cursor is inside a string: keep the context before it
                    break;
                }
                i = end + 1;
                continue;
            }
            if (c == '/' && i + 1 < n && before.charAt(i + 1) == '/') {
                return new CallContext(null, null); // a comment
            }
            if (Character.isJavaIdentifierStart(c)) {
                int start = i;
                while (i < n && Character.isJavaIdentifierPart(before.charAt(i))) {
                    i++;
                }
                String word = before.substring(start, i);
                int j = skipSpaces(before, i);
                if (j < n && before.charAt(j) == ':' && (j + 1 >= n || before.charAt(j + 1) != ':')) {
                    pendingArg = word;
                    frames.peek().given.add(word);
                    i = j + 1;
                        continue;
                }
                boolean afterDot = start > 0 && before.charAt(start - 1) == '.';
                if (!afterDot && verbs.contains(word) && j < n && before.charAt(j) == '(') {
                    frames.push(new Frame(word));
                    pendingArg = null;
                    i = j + 1;
                        continue;
                }
                if (!afterDot && verbs.contains(word) && i < n && Character.isWhitespace(before.charAt(i)) && frames.peek().commandVerb == null) {
                    frames.peek().commandVerb = word; // command form: tcp to: a
                    frames.peek().given.clear();
                    pendingArg = null;
                }
                continue;
            }
            switch (c) {
                case '(', '[', '{' -> frames.push(new Frame(null));
                case ')', ']', '}' -> {
                    if (frames.size() > 1) {
                        frames.pop();
                    }
                    pendingArg = null;
                }
                case ',' -> pendingArg = null;
                case ';', '\n' -> {
                    frames.peek().commandVerb = null;
                    frames.peek().given.clear();
                    pendingArg = null;
                }
                case '-' -> {
                    if (i + 1 < n && before.charAt(i + 1) == '>') {
                        frames.peek().commandVerb = null; // closure parameters end: a new statement starts
                        frames.peek().given.clear();
                        i++;
                    }
                }
                default -> {
                }
            }
            i++;
        }
        String verb = null;
        Set<String> given = Set.of();
        for (Frame f : frames) {
            verb = f.commandVerb != null ? f.commandVerb : f.callVerb;
            if (verb != null) {
                given = f.given;
                break;
            }
        }
        return new CallContext(verb, verb == null ? null : pendingArg, inString, given);
    }

    private static int skipSpaces(String s, int i) {
        while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
            i++;
        }
        return i;
    }

    /** An open bracket: a verb call's parentheses ({@code callVerb}) or a plain bracket. */
    private static final class Frame {
        final String callVerb;
        final Set<String> given = new java.util.HashSet<>();
        String commandVerb;

        Frame(String callVerb) {
            this.callVerb = callVerb;
        }
    }
}
