package org.gantry.marketplace;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Which files an item may carry, told by name and checked by content: a file's first bytes
 * must be what its extension claims (a {@code .pdf} that is an HTML page is refused), and no
 * file may be HTML or SVG, which a browser would run.
 */
public final class FileKinds {

    public static final int NAME_MAX = 255;

    private record Kind(String contentType, Magic magic) {
    }

    private enum Magic { PDF, PNG, JPEG, GIF, ZIP, OLE, TEXT, ANY }

    private static final Map<String, Kind> KINDS = Map.ofEntries(
            Map.entry("pdf", new Kind("application/pdf", Magic.PDF)),
            Map.entry("png", new Kind("image/png", Magic.PNG)),
            Map.entry("jpg", new Kind("image/jpeg", Magic.JPEG)),
            Map.entry("jpeg", new Kind("image/jpeg", Magic.JPEG)),
            Map.entry("gif", new Kind("image/gif", Magic.GIF)),
            Map.entry("pptx", new Kind("application/vnd.openxmlformats-officedocument.presentationml.presentation",
                    Magic.ZIP)),
            Map.entry("odp", new Kind("application/vnd.oasis.opendocument.presentation", Magic.ZIP)),
            Map.entry("ppt", new Kind("application/vnd.ms-powerpoint", Magic.OLE)),
            Map.entry("zip", new Kind("application/zip", Magic.ZIP)),
            Map.entry("md", new Kind("text/markdown; charset=utf-8", Magic.TEXT)),
            Map.entry("txt", new Kind("text/plain; charset=utf-8", Magic.TEXT)),
            Map.entry("csv", new Kind("text/csv; charset=utf-8", Magic.TEXT)),
            Map.entry("json", new Kind("application/json", Magic.TEXT)),
            Map.entry("yaml", new Kind("text/yaml; charset=utf-8", Magic.TEXT)),
            Map.entry("yml", new Kind("text/yaml; charset=utf-8", Magic.TEXT)),
            Map.entry("py", new Kind("text/x-python; charset=utf-8", Magic.TEXT)),
            Map.entry("sh", new Kind("text/x-shellscript; charset=utf-8", Magic.TEXT)),
            Map.entry("ipynb", new Kind("application/x-ipynb+json", Magic.TEXT)),
            Map.entry("gz", new Kind("application/gzip", Magic.ANY)),
            Map.entry("tgz", new Kind("application/gzip", Magic.ANY)),
            Map.entry("bin", new Kind("application/octet-stream", Magic.ANY)));

    private FileKinds() {
    }

    /** A problem with the name alone, or empty when it is acceptable. */
    public static Optional<String> checkName(String name) {
        if (name == null || name.isBlank() || name.length() > NAME_MAX) {
            return Optional.of("A file name is 1 to " + NAME_MAX + " characters.");
        }
        if (name.contains("/") || name.contains("\\") || name.equals(".") || name.equals("..")
                || name.chars().anyMatch(Character::isISOControl)) {
            return Optional.of("A file name may not contain '/', '\\' or control characters, nor be '.' or '..'.");
        }
        if (kind(name).isEmpty()) {
            return Optional.of("Files of this type are not accepted; accepted are: "
                    + String.join(", ", new java.util.TreeSet<>(KINDS.keySet())) + ".");
        }
        return Optional.empty();
    }

    /** The content type to serve the file with, once its first bytes agree with its name. */
    public static String contentType(String name, byte[] head) {
        Kind kind = kind(name).orElseThrow(() -> MarketplaceException.invalid(checkName(name).orElse("")));
        if (looksLikeMarkup(head)) {
            throw MarketplaceException.invalid("File " + name + " is an HTML or SVG document, which is not accepted"
                    + " (a browser would run it).");
        }
        if (!matches(kind.magic(), head)) {
            throw MarketplaceException.invalid("File " + name + " is not what its name says: its content is not "
                    + kind.contentType().split(";")[0] + ". Upload the real file or give it the right extension.");
        }
        return kind.contentType();
    }

    public static boolean isImage(String contentType) {
        return contentType.startsWith("image/");
    }

    public static boolean isPdf(String contentType) {
        return contentType.equals("application/pdf");
    }

    private static Optional<Kind> kind(String name) {
        int dot = name.lastIndexOf('.');
        return dot < 0 ? Optional.empty() : Optional.ofNullable(KINDS.get(name.substring(dot + 1).toLowerCase(Locale.ROOT)));
    }

    private static boolean matches(Magic magic, byte[] h) {
        return switch (magic) {
            case PDF -> startsWith(h, "%PDF-".getBytes(StandardCharsets.US_ASCII));
            case PNG -> startsWith(h, new byte[] {(byte) 0x89, 'P', 'N', 'G'});
            case JPEG -> startsWith(h, new byte[] {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF});
            case GIF -> startsWith(h, "GIF8".getBytes(StandardCharsets.US_ASCII));
            case ZIP -> startsWith(h, new byte[] {'P', 'K', 3, 4});
            case OLE -> startsWith(h, new byte[] {(byte) 0xD0, (byte) 0xCF, 0x11, (byte) 0xE0});
            case TEXT -> isText(h);
            case ANY -> true;
        };
    }

    private static boolean isText(byte[] h) {
        for (byte b : h) {
            if (b == 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean looksLikeMarkup(byte[] h) {
        String start = new String(h, 0, Math.min(h.length, 512), StandardCharsets.ISO_8859_1).stripLeading()
                .toLowerCase(Locale.ROOT);
        if (start.startsWith("\ufeff")) {
            start = start.substring(1);
        }
        return start.startsWith("<!doctype html") || start.startsWith("<html") || start.startsWith("<svg")
                || start.startsWith("<?xml") && start.contains("<svg") || start.startsWith("<script")
                || start.startsWith("<head") || start.startsWith("<body");
    }

    private static boolean startsWith(byte[] h, byte[] prefix) {
        if (h.length < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (h[i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }
}
