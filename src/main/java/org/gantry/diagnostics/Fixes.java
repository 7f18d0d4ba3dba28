package org.gantry.diagnostics;

import java.util.Map;

/**
 * Job changes a diagnosis offers. {@code deps.pip <module>} names the module Python missed;
 * the package that provides it is often called otherwise, and these are the common ones.
 */
final class Fixes {

    private static final Map<String, String> PACKAGE_OF_MODULE = Map.ofEntries(
            Map.entry("cv2", "opencv-python"), Map.entry("sklearn", "scikit-learn"), Map.entry("PIL", "pillow"),
            Map.entry("yaml", "pyyaml"), Map.entry("skimage", "scikit-image"), Map.entry("bs4", "beautifulsoup4"),
            Map.entry("dateutil", "python-dateutil"), Map.entry("google.protobuf", "protobuf"),
            Map.entry("attr", "attrs"), Map.entry("dotenv", "python-dotenv"), Map.entry("jwt", "pyjwt"),
            Map.entry("Crypto", "pycryptodome"), Map.entry("serial", "pyserial"), Map.entry("magic", "python-magic"));

    private Fixes() {
    }

    /** {@code deps.pip cv2} → {@code deps.pip opencv-python}; other fixes unchanged. */
    static String pipPackage(String fix) {
        if (!fix.startsWith("deps.pip ")) {
            return fix;
        }
        String name = fix.substring("deps.pip ".length()).strip();
        return "deps.pip " + PACKAGE_OF_MODULE.getOrDefault(name, name);
    }
}
