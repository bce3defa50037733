package benchsh.peer.metric;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A map component whose keys fill a placeholder of its figures' names: {@code @Each("iface")} on the interfaces of an
 * observed host makes {@code {host}_{iface}_rx_drops} into {@code dut_eth1_rx_drops}. Keys are identifiers (lower
 * case letters, digits, {@code _ . -}).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Each {
    /** The placeholder, without braces. */
    String value();
}
