package benchsh.peer.metric;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A figure of a report or result record: its unit and what it means. Its name is the component's in snake_case
 * ({@code throughputBps} is {@code throughput_bps}), after the prefixes of the records it is nested in ({@link
 * Prefix}), or the template {@link #name} gives, whose placeholders ({@code {host}}) the keys of the maps it sits in
 * fill ({@link Each}); either way the name carries its unit ({@link Unit#check}). A number, a string, a boolean, an
 * enum (its lower-case name), a list of those, or, with {@link Each}, a map of them. The one declaration that the
 * flattening ({@link Flat}), the metric registry ({@link Catalog}), table headers and the docs read.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Metric {
    Unit unit();

    /** What it means, a phrase for the docs and help, e.g. "bytes moved × 8 / seconds, as the receiver counted them". */
    String means();

    /** The name (a template with placeholders, e.g. {@code cpu_{host}_pct}) when it is not the component's own; "" for that. */
    String name() default "";
}
