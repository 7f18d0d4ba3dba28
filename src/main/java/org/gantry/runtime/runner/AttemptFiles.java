package org.gantry.runtime.runner;

import java.util.regex.Pattern;

/** Paths inside an attempt's directory that Gantry reads back. */
public final class AttemptFiles {

    /** Where the deps renderer's script records its steps, relative to the attempt's directory. */
    public static final String STATUS_DIR = RunnerScript.WORK_DIR + "/.gantry";

    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)*");

    private AttemptFiles() {
    }

    /** The path itself when it stays inside the attempt's directory; else an exception. */
    public static String checkRelative(String relativePath) {
        if (!SAFE.matcher(relativePath).matches() || relativePath.contains("..")) {
            throw new IllegalArgumentException("not a path inside an attempt: " + relativePath);
        }
        return relativePath;
    }
}
