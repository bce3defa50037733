package benchsh.peer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Finds the implementations of an interface that live in one package, so that adding one is adding its
 * class: no list to keep. Reads the package from wherever the anchor class was loaded (a jar, or a
 * directory of classes in a build) and instantiates every concrete public class of the package that
 * implements the interface and has a public no-argument constructor, in the order of their names.
 * Stateless.
 */
public final class Discovery {
    private Discovery() {
    }

    /** One instance of every implementation of {@code type} in {@code anchor}'s package. */
    public static <T> List<T> instances(Class<T> type, Class<?> anchor) {
        String pkg = anchor.getPackageName();
        List<T> found = new ArrayList<>();
        for (String name : classNames(anchor, pkg.replace('.', '/') + "/")) {
            try {
                Class<?> c = Class.forName(name, false, anchor.getClassLoader());
                if (type.isAssignableFrom(c) && !c.isInterface() && !Modifier.isAbstract(c.getModifiers()) && Modifier.isPublic(c.getModifiers())
                        && c.getPackageName().equals(pkg) && hasPublicNoArgConstructor(c)) {
                    found.add(type.cast(c.getConstructor().newInstance()));
                }
            } catch (ReflectiveOperationException | LinkageError e) {
                throw new IllegalStateException("cannot load " + name + ": " + e, e);
            }
        }
        found.sort(Comparator.comparing(o -> o.getClass().getName()));
        return found;
    }

    private static boolean hasPublicNoArgConstructor(Class<?> c) {
        try {
            return Modifier.isPublic(c.getConstructor().getModifiers());
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    /** The top-level classes directly in {@code dir} (a path like {@code benchsh/peer/workload/}) of the anchor's code source. */
    private static List<String> classNames(Class<?> anchor, String dir) {
        Path source;
        try {
            source = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | RuntimeException e) {
            throw new IllegalStateException("cannot tell where " + anchor.getName() + " was loaded from", e);
        }
        List<String> names = new ArrayList<>();
        try {
            if (Files.isDirectory(source)) {
                try (Stream<Path> files = Files.list(source.resolve(dir))) {
                    files.map(p -> p.getFileName().toString()).forEach(f -> addClass(names, dir, f));
                }
            } else {
                try (JarFile jar = new JarFile(source.toFile())) {
                    jar.stream().map(e -> e.getName()).filter(n -> n.startsWith(dir) && n.indexOf('/', dir.length()) < 0)
                            .forEach(n -> addClass(names, dir, n.substring(dir.length())));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + " in " + source, e);
        }
        return names;
    }

    private static void addClass(List<String> names, String dir, String file) {
        if (file.endsWith(".class") && !file.contains("$")) {
            names.add((dir + file.substring(0, file.length() - ".class".length())).replace('/', '.'));
        }
    }
}
