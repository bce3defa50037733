package benchsh.peer.fs;

import java.io.IOException;

/**
 * A file request this host will not carry out: a link, a device, a path that is not new or not what benchsh
 * made, a received name outside the destination. Reported with kind REFUSED ({@link FsErrors#kind}), at open
 * or while running.
 */
final class RefusedException extends IOException {
    RefusedException(String message) {
        super(message);
    }
}
