package benchsh.peer.facts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** mountinfo lines as proc(5) writes them: a mount's options once each, its own first, then its super-block's others. */
class MountsTest {
    @Test
    void aMountsOptionsAreEachSaidOnce() {
        Mounts.Mount m = Mounts.parse("812 30 0:120 / /tmp/x/mnt rw,relatime shared:400 - tmpfs tmpfs rw,size=4096k,inode64");
        assertEquals("/tmp/x/mnt", m.point());
        assertEquals("tmpfs", m.type());
        assertEquals("rw,relatime,size=4096k,inode64", m.options(), "not rw,relatime,rw,size=4096k,inode64");
        assertEquals("ro,nosuid,rw", Mounts.parse("1 2 8:1 / /mnt/ro ro,nosuid - ext4 /dev/sda1 rw").options(), "a read-only bind of a writable file system says both");
    }
}
