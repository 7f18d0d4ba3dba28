package org.gantry.job.protocol;

import java.util.Optional;

/**
 * One {@code <% ... %>} in a place where templates are resolved, positioned like a
 * {@link Problem} (1-based, UTF-16 columns, exclusive end).
 *
 * @param expression the text between {@code <%} and {@code %>}, trimmed
 * @param key        what is looked up: the parameter, secret or expression key, or the
 *                   prerequisite field ({@code name}, {@code uri[0]})
 * @param taskRole   the task role whose {@code $data}/{@code $script}/{@code $output} apply
 *                   at this place, if it is inside one
 * @param path       the field holding the reference ({@code taskRoles.train.commands[1]})
 */
public record TemplateReference(Kind kind, String expression, String key, Optional<String> taskRole, String path,
                                int line, int column, int endLine, int endColumn) {

    public enum Kind { PARAMETER, SECRET, EXPRESSION, DATA, SCRIPT, OUTPUT, INVALID }
}
