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
 * Finds the implementations of an interface that live in one package, or in a package and every package
 * under it, so that adding one is adding its class: no list to keep. Reads the packages from wherever the
 * anchor class was loaded (a jar, or a directory of classes in a build) and instantiates every concrete public
 * class there that implements the interface and has a public no-argument constructor, in the order of their
 * names. Classes are loaded without being initialized until they are chosen. Stateless.
 */
public final class Discovery {
    private Discovery() {
    }

    /** One instance of every implementation of {@code type} in {@code anchor}'s package. */
    public static <T> List<T> instances(Class<T> type, Class<?> anchor) {
        return instances(type, anchor, false);
    }

    /**
     * One instance of every implementation of {@code type} in {@code anchor}'s package and in every package under
     * it (for {@code benchsh.peer}: {@code benchsh.peer.stream}, {@code benchsh.peer.fs}, ...), so that a new package
     * of implementations needs no mention anywhere.
     */
    public static <T> List<T> instancesUnder(Class<T> type, Class<?> anchor) {
        return instances(type, anchor, true);
    }

    private static <T> List<T> instances(Class<T> type, Class<?> anchor, boolean below) {
        String pkg = anchor.getPackageName();
        List<T> found = new ArrayList<>();
        for (String name : classNames(anchor, pkg.replace('.', '/') + "/", below)) {
            try {
                Class<?> c = Class.forName(name, false, anchor.getClassLoader());
                if (type.isAssignableFrom(c) && !c.isInterface() && !Modifier.isAbstract(c.getModifiers()) && Modifier.isPublic(c.getModifiers())
                        && (below || c.getPackageName().equals(pkg)) && hasPublicNoArgConstructor(c)) {
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

    /**
     * The top-level classes in {@code dir} (a path like {@code benchsh/peer/workload/}) of the anchor's code source: those
     * directly in it, or with {@code below} those in its subdirectories too.
     */
    private static List<String> classNames(Class<?> anchor, String dir, boolean below) {
        Path source;
        try {
            source = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | RuntimeException e) {
            throw new IllegalStateException("cannot tell where " + anchor.getName() + " was loaded from", e);
        }
        List<String> names = new ArrayList<>();
        try {
            if (Files.isDirectory(source)) {
                Path root = source.resolve(dir);
                try (Stream<Path> files = below ? Files.walk(root) : Files.list(root)) {
                    files.filter(Files::isRegularFile).map(p -> source.relativize(p).toString().replace('\\', '/'))
                            .forEach(n -> addClass(names, n));
                }
            } else {
                try (JarFile jar = new JarFile(source.toFile())) {
                    jar.stream().map(e -> e.getName()).filter(n -> n.startsWith(dir) && (below || n.indexOf('/', dir.length()) < 0))
                            .forEach(n -> addClass(names, n));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + " in " + source, e);
        }
        return names;
    }

    /** Adds the class of a path like {@code benchsh/peer/stream/TcpStream.class}, unless it is a nested one. */
    private static void addClass(List<String> names, String path) {
        if (path.endsWith(".class") && !path.contains("$")) {
            names.add(path.substring(0, path.length() - ".class".length()).replace('/', '.'));
        }
    }
}
