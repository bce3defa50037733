package benchsh.shell.definition;

import benchsh.peer.Discovery;
import java.util.List;

/** Every measuring verb's definition: the classes in this package that implement {@link Definition}. */
public final class Definitions {
    private static final List<Definition> ALL = Discovery.instances(Definition.class, Definition.class);

    private Definitions() {
    }

    /** In the order of their class names. */
    public static List<Definition> all() {
        return ALL;
    }
}
