package benchsh.peer.io;

/**
 * A file just created by {@link NativeFiles#create}: its open descriptor and its identity (st_dev, st_ino), read
 * on that descriptor, so it is the file created whatever happened to its name since.
 */
public record NewFile(int fd, long dev, long ino) {
}
