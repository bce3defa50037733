package benchsh.shell.host;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The testbed a test class needs ({@code scripts/testbed up HOSTS --topology VALUE [--nfs] [--shape RATE] [--busybox HOSTS]}),
 * read by the {@link Testbed} extension. A class without it gets the classic one: three hosts on one
 * switch. Classes that ask for the same testbed share it; a class that asks for another one makes the
 * extension take the current one down and bring the new one up.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Inherited
public @interface TestbedTopology {
    /** {@code switch}, {@code bridge}, {@code router} or {@code two-switch}. */
    String value() default "switch";

    /** The script's N: namespaces running sshd, dut included ({@code bridge} 3 = h1, h2, dut). */
    int hosts() default 3;

    /** h2 exports a directory over NFS and h1's sessions see it mounted ({@link Testbed#nfsMount()}). */
    boolean nfs() default false;

    /** A tc rate for both ends of every link, e.g. {@code "200mbit"}; empty: unshaped. */
    String shape() default "";

    /** Hosts without Java, whose sessions have only busybox ({@code --busybox}), e.g. {@code "dut"}; empty: none. */
    String busybox() default "";
}
