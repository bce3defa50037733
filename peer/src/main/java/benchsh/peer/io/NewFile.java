package benchsh.peer.io;

import java.nio.file.Path;

/**
 * A file just created by {@link NativeFiles#create}: its path, its open descriptor and its identity (st_dev,
 * st_ino), read on that descriptor, so it is the file created whatever happened to its name since.
 */
public record NewFile(Path path, int fd, long dev, long ino) {
}
