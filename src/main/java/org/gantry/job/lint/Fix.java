package org.gantry.job.lint;

import java.util.Objects;

/**
 * Replaces the text between two positions (as in {@link Finding}; equal positions insert)
 * with {@code replacement}. {@code title} names the edit for a person ("Replace with python").
 */
public record Fix(String title, int line, int column, int endLine, int endColumn, String replacement) {

    public Fix {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(replacement, "replacement");
    }
}
