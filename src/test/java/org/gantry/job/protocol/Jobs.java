package org.gantry.job.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

/** Job documents and checks shared by the protocol tests. */
final class Jobs {

    /** The smallest job Gantry accepts. */
    static final String MINIMAL = """
            protocolVersion: 2
            name: minimal
            type: job
            taskRoles:
              train:
                commands:
                  - python train.py
            """;

    private static final ProtocolParser PARSER = new ProtocolParser();

    private Jobs() {
    }

    /** The minimal job with {@code fields} (written without indentation) added to its task role. */
    static String withRole(String fields) {
        String indented = fields.stripTrailing().lines().map(line -> "    " + line + "\n")
                .reduce("", String::concat);
        return MINIMAL.replace("    commands:\n", indented + "    commands:\n");
    }

    static ParseResult parse(String yaml) {
        return PARSER.parse(yaml);
    }

    static JobSpec spec(String yaml) {
        ParseResult result = PARSER.parse(yaml);
        assertThat(result.errors()).as("errors").isEmpty();
        return result.spec().orElseThrow();
    }

    /** The single problem with the given code. */
    static Problem only(ParseResult result, String code) {
        List<Problem> found = result.problems().stream().filter(p -> p.code().equals(code)).toList();
        assertThat(found).as("problems with code " + code + " among " + result.problems()).hasSize(1);
        return found.get(0);
    }
}
