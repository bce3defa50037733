package benchsh.peer.protocol;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The hard caps of a numeric spec field (a component of a workload's spec record), checked by the peer
 * whatever the shell validated; for a list, the bounds of its length. Every numeric and list component
 * of a spec must carry one (see {@link SpecCodec}).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Range {
    long min();

    long max();
}
