package org.gantry.deps;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Test kit: writes a minimal pure-Python wheel (PEP 427) by hand, so that pip can install it
 * with {@code --no-index --find-links} and no build tool or package index is needed.
 */
final class Wheels {

    private Wheels() {
    }

    /**
     * Writes {@code <module>-<version>-py3-none-any.whl} into {@code dir}: a package
     * {@code module} whose {@code VERSION} is {@code version}, distributed under the same name.
     */
    static Path write(Path dir, String module, String version) throws IOException {
        String distInfo = module + "-" + version + ".dist-info/";
        Map<String, String> files = new LinkedHashMap<>();
        files.put(module + "/__init__.py", "VERSION = '" + version + "'\n");
        files.put(distInfo + "METADATA", "Metadata-Version: 2.1\nName: " + module
                + "\nVersion: " + version + "\n");
        files.put(distInfo + "WHEEL", "Wheel-Version: 1.0\nGenerator: gantry-tests\n"
                + "Root-Is-Purelib: true\nTag: py3-none-any\n");
        StringBuilder record = new StringBuilder();
        files.forEach((name, content) -> record.append(name).append(",sha256=").append(hash(content))
                .append(',').append(content.getBytes(StandardCharsets.UTF_8).length).append('\n'));
        record.append(distInfo).append("RECORD,,\n");
        files.put(distInfo + "RECORD", record.toString());

        Files.createDirectories(dir);
        Path wheel = dir.resolve(module + "-" + version + "-py3-none-any.whl");
        try (OutputStream out = Files.newOutputStream(wheel); ZipOutputStream zip = new ZipOutputStream(out)) {
            for (Map.Entry<String, String> file : files.entrySet()) {
                zip.putNextEntry(new ZipEntry(file.getKey()));
                zip.write(file.getValue().getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        }
        return wheel;
    }

    private static String hash(String content) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(content.getBytes(StandardCharsets.UTF_8));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
