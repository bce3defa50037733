package benchsh.peer.fs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * One tar header block as {@link TarArchive.Reader} reads it: POSIX ustar (magic {@code ustar\0}, its prefix field
 * before the name) or GNU ({@code ustar  }), octal numbers or GNU's base-256 ones, its checksum checked (as unsigned
 * bytes, or signed ones as old tars summed them). Immutable.
 *
 * @param name the entry's name, as bytes of UTF-8
 * @param type its type flag: {@code 0} file, {@code 5} directory, {@code L} GNU long name, {@code x} pax header, ...
 * @param mode its permission bits
 * @param mtimeMillis its modification time
 * @param size the bytes of data that follow it
 */
record TarHeader(String name, char type, int mode, long mtimeMillis, long size) {
    /** The {@code path} and {@code size} of a pax extended header (either null when it has none). */
    record Pax(String path, Long size) {
    }

    /** Parses a header block (not all zeros). */
    static TarHeader parse(byte[] h) throws IOException {
        long sum = 0;
        long signed = 0;
        for (int i = 0; i < TarArchive.BLOCK; i++) {
            int b = i >= 148 && i < 156 ? ' ' : h[i];
            sum += b & 0xff;
            signed += (byte) b;
        }
        long stored = number(h, 148, 8, "checksum");
        if (stored != sum && stored != signed) {
            throw new IOException("not a tar stream, or a damaged one: a header's checksum does not match");
        }
        String magic = new String(h, 257, 6, StandardCharsets.ISO_8859_1);
        if (!magic.startsWith("ustar")) {
            throw new IOException("not a ustar or GNU tar stream (a header without the ustar magic)");
        }
        String name = cString(h, 0, 100);
        if (magic.equals("ustar\0")) {
            String prefix = cString(h, 345, 155);
            name = prefix.isEmpty() ? name : prefix + "/" + name;
        }
        return new TarHeader(name, (char) (h[156] & 0xff), (int) (number(h, 100, 8, "mode") & 0777), number(h, 136, 12, "mtime") * 1000,
                number(h, 124, 12, "size"));
    }

    /** An octal field (spaces and NULs around it), or a base-256 one (its first byte's high bit set). */
    private static long number(byte[] h, int at, int width, String what) throws IOException {
        if ((h[at] & 0x80) != 0) {
            long v = h[at] & 0x7f;
            for (int i = at + 1; i < at + width; i++) {
                if (v > (Long.MAX_VALUE >>> 8)) {
                    throw new IOException("a tar header's " + what + " is too large");
                }
                v = v << 8 | (h[i] & 0xff);
            }
            return v;
        }
        String s = new String(h, at, width, StandardCharsets.US_ASCII).replace('\0', ' ').strip();
        if (s.isEmpty()) {
            return 0;
        }
        try {
            return Long.parseLong(s, 8);
        } catch (NumberFormatException e) {
            throw new IOException("a tar header's " + what + " is not a number: '" + s + "'");
        }
    }

    /** The text up to the first NUL of a field, as UTF-8. */
    static String cString(byte[] h, int at, int width) {
        int end = at;
        while (end < at + width && h[end] != 0) {
            end++;
        }
        return new String(h, at, end - at, StandardCharsets.UTF_8);
    }

    /** The text up to the first NUL of a whole block of data (a GNU long name). */
    static String cString(byte[] data) {
        return cString(data, 0, data.length);
    }

    /** The records of a pax header, {@code "LEN key=value\n"}: its path and size. */
    static Pax pax(byte[] data) throws IOException {
        String path = null;
        Long size = null;
        int at = 0;
        while (at < data.length && data[at] != 0) {
            int space = at;
            while (space < data.length && data[space] != ' ') {
                space++;
            }
            int len;
            try {
                len = Integer.parseInt(new String(data, at, space - at, StandardCharsets.US_ASCII));
            } catch (NumberFormatException e) {
                throw new IOException("a damaged pax header");
            }
            if (len <= space - at || at + len > data.length) {
                throw new IOException("a damaged pax header");
            }
            String record = new String(data, space + 1, at + len - space - 2, StandardCharsets.UTF_8);
            int eq = record.indexOf('=');
            if (eq > 0 && record.startsWith("path=")) {
                path = record.substring(eq + 1);
            } else if (eq > 0 && record.startsWith("size=")) {
                try {
                    size = Long.parseLong(record.substring(eq + 1));
                } catch (NumberFormatException e) {
                    throw new IOException("a pax header's size is not a number");
                }
            }
            at += len;
        }
        return new Pax(path, size);
    }

    /** A type flag in words, for a refusal. */
    static String kind(char type) {
        return switch (type) {
            case '1' -> "a hard link";
            case '2' -> "a symbolic link";
            case '3', '4' -> "a device";
            case '6' -> "a FIFO";
            default -> "a tar entry of type '" + type + "'";
        };
    }
}
