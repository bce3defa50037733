package benchsh.peer.fs;

import benchsh.peer.workload.Timing;
import java.nio.file.Path;

/**
 * The {@link TreeWorkload}'s spec for tests, by name: {@code tree(MAILDIR).scaled(0.02).seed(5).at(dir)}, or
 * {@code tree(CUSTOM).shape(new TreePlan.Shape(50, 20, 2_000_000, 1.0)).random().at(dir)}. Unless set: the profile's
 * own shape, seed 1, mail-like text, the file workloads' timing. Not thread-safe.
 */
public final class TreeSpecBuilder {
    private final TreePlan.Profile profile;
    private TreePlan.Shape shape;
    private long seed = 1;
    private boolean random;
    private Timing timing = FsTestSupport.TIMING;

    private TreeSpecBuilder(TreePlan.Profile profile) {
        this.profile = profile;
        this.shape = profile.shape();
    }

    public static TreeSpecBuilder tree(TreePlan.Profile profile) {
        return new TreeSpecBuilder(profile);
    }

    /** The profile's shape times {@code scale}. */
    public TreeSpecBuilder scaled(double scale) {
        this.shape = profile.shape().scaled(scale);
        return this;
    }

    public TreeSpecBuilder shape(TreePlan.Shape s) {
        this.shape = s;
        return this;
    }

    public TreeSpecBuilder seed(long s) {
        this.seed = s;
        return this;
    }

    /** Incompressible content instead of mail-like text. */
    public TreeSpecBuilder random() {
        this.random = true;
        return this;
    }

    public TreeSpecBuilder timing(Timing t) {
        this.timing = t;
        return this;
    }

    /** The spec of the tree at {@code dir}. */
    public TreeWorkload.Spec at(Path dir) {
        return at(dir.toString());
    }

    public TreeWorkload.Spec at(String dir) {
        return new TreeWorkload.Spec(dir, profile, shape, seed, random, timing);
    }
}
