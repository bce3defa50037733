package benchsh.peer.metric;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What the names of a nested record's figures begin with, e.g. {@code src_} for a copy's source file system facts
 * ({@code src_fs_type}), or a template such as {@code {host}_{iface}_}. A nested record without one adds its figures
 * under their own names.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Prefix {
    String value();

    /** Whose figures they are, said before each one's meaning in the registry (e.g. "the source"); "" for nothing. */
    String means() default "";
}
