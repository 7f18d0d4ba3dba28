package org.gantry.job.protocol;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gantry.deps.Deps;

/**
 * A validated OpenPAI job protocol v2 document, plus Gantry's {@code deps}.
 *
 * <p>Built only by {@link ProtocolParser}; every default is filled in. {@code secrets} and
 * {@code extras} keep the document's raw shape: maps, lists and scalars ({@code secrets}
 * leaves are strings; {@code extras} scalars are String, Long, Double, Boolean or null).
 * {@code taskRoles} keeps the written order.
 */
public record JobSpec(
        int protocolVersion,
        String name,
        String type,
        Optional<String> version,
        Optional<String> description,
        Optional<String> contributor,
        int jobRetryCount,
        List<Prerequisite> prerequisites,
        Map<String, String> parameters,
        Map<String, Object> secrets,
        Map<String, TaskRole> taskRoles,
        Defaults defaults,
        List<Deployment> deployments,
        Map<String, Object> extras,
        Deps deps) {

    public static final int PROTOCOL_VERSION = 2;

    public JobSpec {
        prerequisites = List.copyOf(prerequisites);
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        secrets = Collections.unmodifiableMap(new LinkedHashMap<>(secrets));
        taskRoles = Collections.unmodifiableMap(new LinkedHashMap<>(taskRoles));
        deployments = List.copyOf(deployments);
        extras = Collections.unmodifiableMap(new LinkedHashMap<>(extras));
    }

    public Optional<Prerequisite> prerequisite(Prerequisite.Type type, String name) {
        return prerequisites.stream()
                .filter(p -> p.type() == type && p.name().equals(name))
                .findFirst();
    }

    /** The deployment named by {@code defaults.deployment}, whose commands wrap the tasks'. */
    public Optional<Deployment> activeDeployment() {
        return defaults.deployment().flatMap(name -> deployments.stream()
                .filter(d -> d.name().equals(name)).findFirst());
    }

    /**
     * A secret by its dotted key, as in {@code <% $secrets.db.password %>}. A key that itself
     * contains dots is found before nested keys are tried.
     */
    public Optional<String> secret(String dottedKey) {
        return NestedKeys.lookup(secrets, dottedKey);
    }

    /** What a task of the role applies: job-level deps extended by the role's. */
    public Deps depsOf(TaskRole role) {
        return deps.extendedBy(role.deps());
    }

    /** {@code defaults}: where the job runs and which deployment wraps its commands. */
    public record Defaults(Optional<String> virtualCluster, Optional<String> deployment) {
        public static final Defaults NONE = new Defaults(Optional.empty(), Optional.empty());
    }

    /** A named set of commands run before and after the commands of some task roles. */
    public record Deployment(String name, Map<String, RoleCommands> taskRoles) {
        public Deployment {
            taskRoles = Collections.unmodifiableMap(new LinkedHashMap<>(taskRoles));
        }
    }

    /** A deployment's commands for one task role. */
    public record RoleCommands(List<String> preCommands, List<String> postCommands) {
        public RoleCommands {
            preCommands = List.copyOf(preCommands);
            postCommands = List.copyOf(postCommands);
        }
    }
}
