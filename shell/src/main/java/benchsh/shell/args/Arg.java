package benchsh.shell.args;

/**
 * One declared argument of a verb: help, completion and parsing all read this declaration.
 *
 * @param fallback the default value (already normalized), or null for none
 * @param limit    the values it may take beyond its kind's own (a spec field's {@code @Range}), or null
 */
public record Arg(String name, ArgType type, Object fallback, String help, Limit limit) {
    public static Arg of(String name, ArgType type, Object fallback, String help) {
        return new Arg(name, type, fallback, help, null);
    }

    /**
     * This argument checked against the {@code @Range} of the field of {@code spec} it feeds, the one named like it
     * ({@link Limit#feeds}: {@code time} feeds {@code timeNanos}), as the user gave it: before the definition sees it.
     */
    public Arg within(Class<? extends Record> spec) {
        return within(spec, name);
    }

    /** This argument checked against the {@code @Range} of {@code spec}'s field {@code field} (e.g. disk's {@code read:} feeds {@code bytes}). */
    public Arg within(Class<? extends Record> spec, String field) {
        return limited(Limit.of(spec, field));
    }

    /** This argument checked against a cap of the shell's own. */
    public Arg within(long min, long max) {
        return limited(Limit.of(min, max));
    }

    private Arg limited(Limit l) {
        Limit bounds = type.bounds();
        if (bounds == null) {
            throw new IllegalArgumentException(name + " is " + type + ", not a quantity: it has no limit");
        }
        return new Arg(name, type, fallback, help, l.within(bounds));
    }

    /** The kind of value, with the limit when there is one: "bytes, e.g. 16.KiB; between 1 B and 1 GiB". */
    public String description() {
        String range = limit == null ? "" : limit.describe(type);
        return range.isEmpty() ? type.description() : type.description() + "; " + range;
    }
}
