package benchsh.peer.metric;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The figure a result record is summarized by (tables, comparisons, repeats, baselines), e.g. {@code throughput_bps};
 * one of the record's own flattened names ({@link Catalog} checks).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Headline {
    String value();
}
