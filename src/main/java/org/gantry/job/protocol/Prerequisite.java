package org.gantry.job.protocol;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * An entry of {@code prerequisites}: a docker image, script, output or data that task roles
 * refer to by name. {@code uri} holds one element except for data, which may list several.
 */
public record Prerequisite(String name, Type type, List<String> uri, Optional<String> version,
                           Optional<String> contributor, Optional<String> description,
                           Optional<DockerAuth> auth) {

    public Prerequisite {
        uri = List.copyOf(uri);
    }

    public enum Type {
        DOCKERIMAGE("dockerimage"), SCRIPT("script"), OUTPUT("output"), DATA("data");

        private final String yamlName;

        Type(String yamlName) {
            this.yamlName = yamlName;
        }

        /** The name used in the document, as in {@code type: dockerimage}. */
        public String yamlName() {
            return yamlName;
        }

        public static Optional<Type> fromYaml(String name) {
            return Arrays.stream(values()).filter(t -> t.yamlName.equals(name)).findFirst();
        }
    }

    /** Registry credentials of a docker image; the password is normally a secret reference. */
    public record DockerAuth(Optional<String> username, Optional<String> password,
                             Optional<String> registryuri) {
    }

    /**
     * The value of {@code <% $data.field %>} (or $script, $output) for this prerequisite:
     * name, type, version, contributor, description, or uri (several joined by commas, as
     * OpenPAI renders a list).
     */
    public Optional<String> field(String field) {
        return switch (field) {
            case "name" -> Optional.of(name);
            case "type" -> Optional.of(type.yamlName());
            case "uri" -> Optional.of(String.join(",", uri));
            case "version" -> version;
            case "contributor" -> contributor;
            case "description" -> description;
            default -> Optional.empty();
        };
    }
}
