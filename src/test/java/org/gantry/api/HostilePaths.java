package org.gantry.api;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/** Generated request paths (as sent, after {@code /files}) that try to leave a storage's root. */
final class HostilePaths {

    private static final String[] CLIMBS = {"..", "%2e%2e", "%2E%2E", ".%2e", "%2e.", "%252e%252e", "..%00", "%c0%ae%c0%ae",
            "..%5c..", "..%255c", "...", "....", "..;", "%2e%2e%2f", "..%2f..", "%00", "%5c", ".", "%2e", "link-out",
            "~", "%7e", "..%c0%af", "%ef%bc%8e%ef%bc%8e", "\u2025", "．．"};
    private static final String[] SEPARATORS = {"/", "//", "%2f", "%5c", "/./", "%252f"};
    private static final String[] TARGETS = {"outside/secret.txt", "secret.txt", "etc/passwd", "outside", "x.txt",
            "outside/new.txt", ""};

    private HostilePaths() {
    }

    static List<String> generate(int count, long seed) {
        Random random = new Random(seed);
        Set<String> paths = new LinkedHashSet<>();
        while (paths.size() < count) {
            StringBuilder path = new StringBuilder("/");
            int climbs = 1 + random.nextInt(5);
            for (int i = 0; i < climbs; i++) {
                path.append(CLIMBS[random.nextInt(CLIMBS.length)]).append(SEPARATORS[random.nextInt(SEPARATORS.length)]);
            }
            path.append(TARGETS[random.nextInt(TARGETS.length)]);
            paths.add(encodeIllegal(path.toString()));
        }
        return new ArrayList<>(paths);
    }

    /** Percent-encodes what a URI cannot carry raw (non-ASCII) and leaves every existing escape as it is. */
    private static String encodeIllegal(String path) {
        StringBuilder out = new StringBuilder();
        for (byte b : path.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c > 0x20 && c < 0x7f && c != '\\' && c != '"' && c != '<' && c != '>' && c != '`' && c != '{' && c != '}'
                    && c != '|' && c != '^' && c != '#' && c != '?') {
                out.append((char) c);
            } else {
                out.append('%').append(String.format("%02X", c));
            }
        }
        return out.toString();
    }
}
