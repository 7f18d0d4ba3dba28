package org.gantry.deps;

import java.util.List;

/**
 * How the pip step builds its virtualenvs, as configured by the administrator.
 *
 * @param python    the interpreter that creates a virtualenv when no conda env is active
 *                  ({@code python3} found on the task's PATH by default)
 * @param extraArgs arguments added to every {@code pip install}, e.g. {@code --index-url URL}
 *                  or {@code --no-index --find-links DIR} where no package index is reachable
 */
public record PipOptions(String python, List<String> extraArgs) {

    public static final PipOptions DEFAULT = new PipOptions("python3", List.of());

    public PipOptions {
        if (python == null || python.isBlank()) {
            throw new IllegalArgumentException("pip python must not be blank");
        }
        extraArgs = List.copyOf(extraArgs);
    }

    public PipOptions withExtraArgs(List<String> args) {
        return new PipOptions(python, args);
    }
}
