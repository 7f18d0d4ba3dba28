package org.gantry.job.protocol;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The fields one kind of mapping may hold, and which of them are <em>important</em>.
 *
 * <p>Severity of an unknown field:
 * <ul>
 *   <li>ERROR when it most likely meant an important field that is then absent (a
 *       misspelled {@code resourcePerInstance} falls back to default resources; a
 *       misspelled {@code commands} or {@code deps.pip} drops work);
 *   <li>ERROR when it is a field written one level too high ({@code cpu} directly in a task
 *       role, {@code env} beside {@code deps}) that is important where it belongs, since it
 *       is ignored where it stands;
 *   <li>WARNING otherwise, as for fields OpenPAI would have ignored or that lose nothing
 *       that matters ({@code descripton}, {@code passward}).
 * </ul>
 * Important are the fields OpenPAI requires, the fields that define resources (instances,
 * cpu, memoryMB, gpu), and those that define what runs (commands, pre/postCommands, the
 * active deployment, every deps entry): marked with {@code !} below. OpenPAI itself rejects
 * every unknown field in most mappings; Gantry reads a superset and warns instead where
 * nothing is lost (see docs/decisions/0002-protocol-validation.md). Names from OpenPAI's
 * older job format ({@code taskNumber}, {@code minSucceededTaskCount}) point at their
 * replacements.
 */
final class Fields {

    static final Fields PREREQUISITE = of("protocolVersion", "name!", "type!", "version", "contributor",
            "description", "auth", "uri!");
    static final Fields AUTH = of("username", "password", "registryuri");
    static final Fields COMPLETION = of("minFailedInstances", "minSucceededInstances")
            .legacy("minFailedTaskCount", "minFailedInstances")
            .legacy("minSucceededTaskCount", "minSucceededInstances");
    static final Fields CONTAINER_OPTIONS = of("shmMB", "infiniband");
    static final Fields RESOURCES = of("cpu!", "memoryMB!", "gpu!", "ports")
            .legacy("cpuNumber", "cpu").legacy("gpuNumber", "gpu").legacy("memory", "memoryMB");
    static final Fields CONDA = of("channels!", "packages!", "env!", "file!");
    static final Fields PIP = of("packages!", "requirements!");
    static final Fields DEPS = of("env!", "bash!", "module!", "conda!", "pip!", "callBefore!", "callAfter!")
            .legacy("modules", "module").legacy("environment", "env");
    static final Fields DEFAULTS = of("virtualCluster", "deployment!");
    static final Fields ROOT = of("protocolVersion!", "name!", "type!", "version", "contributor",
            "description", "prerequisites!", "parameters", "secrets", "jobRetryCount", "taskRoles!",
            "deployments", "defaults", "extras", "deps!")
            .legacy("jobName", "name").legacy("retryCount", "jobRetryCount")
            .under("defaults", DEFAULTS, "virtualCluster")
            .under("deps", DEPS, "env", "bash", "module", "conda", "pip", "callBefore", "callAfter");
    static final Fields TASK_ROLE = of("protocolVersion", "instances!", "completion", "taskRetryCount",
            "dockerImage!", "data", "output", "script", "extraContainerOptions", "resourcePerInstance!",
            "commands!", "deps!")
            .legacy("taskNumber", "instances").legacy("command", "commands").legacy("image", "dockerImage")
            .under("resourcePerInstance", RESOURCES, "cpu", "memoryMB", "gpu", "ports", "cpuNumber", "gpuNumber")
            .under("extraContainerOptions", CONTAINER_OPTIONS, "shmMB", "infiniband")
            .under("completion", COMPLETION, "minFailedInstances", "minSucceededInstances")
            .under("deps", DEPS, "env", "bash", "module", "conda", "pip", "callBefore", "callAfter");
    static final Fields DEPLOYMENT = of("protocolVersion", "name!", "version", "contributor", "description",
            "taskRoles!");
    static final Fields DEPLOYMENT_ROLE = of("preCommands!", "postCommands!");

    private final List<String> names = new ArrayList<>();
    private final Set<String> important = new HashSet<>();
    private final Map<String, String> legacy = new LinkedHashMap<>();
    private final Map<String, String> parents = new LinkedHashMap<>();
    private final Map<String, Fields> parentFields = new LinkedHashMap<>();

    private static Fields of(String... specs) {
        Fields fields = new Fields();
        for (String spec : specs) {
            String name = spec.endsWith("!") ? spec.substring(0, spec.length() - 1) : spec;
            fields.names.add(name);
            if (spec.endsWith("!")) {
                fields.important.add(name);
            }
        }
        return fields;
    }

    /** A name from OpenPAI's older job format and the field that replaced it. */
    private Fields legacy(String oldName, String newName) {
        legacy.put(oldName, newName);
        return this;
    }

    /** Fields that are often written one level too high, and the field they belong under. */
    private Fields under(String parent, Fields fieldsOfParent, String... children) {
        for (String child : children) {
            parents.put(child, parent);
        }
        parentFields.put(parent, fieldsOfParent);
        return this;
    }

    boolean contains(String name) {
        return names.contains(name);
    }

    boolean isImportant(String name) {
        return important.contains(name);
    }

    List<String> names() {
        return List.copyOf(names);
    }

    /** The field an unknown name most likely meant. */
    Optional<String> suggest(String unknown) {
        String replaced = legacy.get(unknown);
        return replaced != null ? Optional.of(replaced) : Spelling.closest(unknown, names);
    }

    /** The field of this mapping that an unknown name belongs under, if it is a known slip. */
    Optional<String> parentOf(String unknown) {
        return Optional.ofNullable(parents.get(unknown));
    }

    /** The fields of the mapping that {@code parent} holds ({@link #parentOf}'s answer). */
    Fields fieldsOf(String parent) {
        return parentFields.get(parent);
    }
}
