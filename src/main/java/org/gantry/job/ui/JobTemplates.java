package org.gantry.job.ui;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * The built-in job templates the editor can start from, kept as YAML files next to this
 * class's resources ({@code org/gantry/job/templates}). Each file's first line is a comment
 * naming and describing it.
 */
final class JobTemplates {

    /** One template: {@code id} is its file name without {@code .yaml}. */
    record Template(String id, String title, String text) {
        @Override
        public String toString() {
            return title;
        }
    }

    static final String DEFAULT = "hello-world";
    private static final List<String> IDS = List.of("hello-world", "pytorch-mnist", "distributed-pytorch",
            "conda-cpu");
    private static final List<Template> ALL = IDS.stream().map(JobTemplates::load).toList();

    private JobTemplates() {
    }

    static List<Template> all() {
        return ALL;
    }

    static Optional<Template> find(String id) {
        return ALL.stream().filter(t -> t.id().equals(id)).findFirst();
    }

    private static Template load(String id) {
        String path = "/org/gantry/job/templates/" + id + ".yaml";
        try (InputStream in = JobTemplates.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("Missing template " + path);
            }
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            String first = text.lines().findFirst().orElse("");
            String title = first.startsWith("#") ? first.substring(1).strip() : id;
            int colon = title.indexOf(':');
            return new Template(id, colon > 0 ? title.substring(0, colon) : title, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
