package org.gantry.job.lint;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.gantry.job.protocol.ParseResult;
import org.gantry.job.protocol.ProtocolLimits;
import org.gantry.job.protocol.ProtocolParser;
import org.gantry.job.protocol.SourceText;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.composer.Composer;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * A job document as the rules see it: the protocol parser's result (the spec and the schema
 * problems) plus the composed tree with positions, and each task role's shell commands in the
 * order its tasks run them (deps.bash, callBefore, preCommands, commands, postCommands,
 * callAfter; job-level deps before the role's).
 */
final class LintDocument {

    /** A task role and the command blocks its tasks run, in order. */
    record RoleScript(String name, NodeTuple entry, List<CommandBlock> blocks, Set<String> envNames,
                      boolean condaDeps) {
    }

    private static final Set<String> UNREADABLE = Set.of("too-large", "too-complex", "yaml-syntax", "empty-document");

    private final String text;
    private final SourceText index;
    private final ParseResult parsed;
    private final Optional<Node> root;
    private final List<RoleScript> roles = new ArrayList<>();
    private final Set<CommandBlock> blocks = Collections.newSetFromMap(new IdentityHashMap<>());
    private final List<CommandBlock> orderedBlocks = new ArrayList<>();

    LintDocument(String text, ProtocolParser parser) {
        this.text = text;
        this.index = new SourceText(text);
        this.parsed = parser.parse(text);
        boolean readable = parsed.problems().stream().noneMatch(p -> UNREADABLE.contains(p.code()));
        this.root = readable ? compose(text) : Optional.empty();
        root.ifPresent(this::readRoles);
    }

    private static Optional<Node> compose(String text) {
        LoaderOptions options = new LoaderOptions();
        options.setMaxAliasesForCollections(ProtocolLimits.MAX_COLLECTION_ALIASES);
        options.setAllowRecursiveKeys(false);
        options.setNestingDepthLimit(ProtocolLimits.MAX_NESTING_DEPTH);
        options.setCodePointLimit(ProtocolLimits.MAX_DOCUMENT_BYTES + 1);
        try {
            Composer composer = new Composer(new ParserImpl(new StreamReader(text), options), new Resolver(), options);
            return Optional.ofNullable(composer.getSingleNode());
        } catch (RuntimeException | StackOverflowError e) {
            // The parser has already reported why; without a tree only its problems are shown.
            return Optional.empty();
        }
    }

    private void readRoles(Node document) {
        Optional<Node> jobDeps = Tree.get(document, "deps");
        CommandBlock jobBash = block(CommandBlock.Kind.BASH, Optional.empty(), jobDeps, "bash");
        CommandBlock jobBefore = block(CommandBlock.Kind.CALL_BEFORE, Optional.empty(), jobDeps, "callBefore");
        CommandBlock jobAfter = block(CommandBlock.Kind.CALL_AFTER, Optional.empty(), jobDeps, "callAfter");
        Optional<Node> deployment = activeDeployment(document);
        Set<String> jobEnv = envNames(jobDeps);
        boolean jobConda = jobDeps.flatMap(d -> Tree.get(d, "conda")).isPresent();
        for (NodeTuple entry : Tree.get(document, "taskRoles").map(Tree::entries).orElse(List.of())) {
            String name = Tree.keyOf(entry);
            Optional<String> role = Optional.of(name);
            Node node = entry.getValueNode();
            Optional<Node> deps = Tree.get(node, "deps");
            Optional<Node> forRole = deployment.flatMap(d -> Tree.get(d, "taskRoles", name));
            List<CommandBlock> script = List.of(jobBash, block(CommandBlock.Kind.BASH, role, deps, "bash"), jobBefore,
                    block(CommandBlock.Kind.CALL_BEFORE, role, deps, "callBefore"),
                    block(CommandBlock.Kind.PRE_COMMANDS, role, forRole, "preCommands"),
                    block(CommandBlock.Kind.COMMANDS, role, Optional.of(node), "commands"),
                    block(CommandBlock.Kind.POST_COMMANDS, role, forRole, "postCommands"),
                    block(CommandBlock.Kind.CALL_AFTER, role, deps, "callAfter"), jobAfter);
            Set<String> env = new LinkedHashSet<>(jobEnv);
            env.addAll(envNames(deps));
            boolean conda = jobConda || deps.flatMap(d -> Tree.get(d, "conda")).isPresent();
            roles.add(new RoleScript(name, entry, script.stream().filter(b -> !b.items().isEmpty()).toList(), env,
                    conda));
        }
        for (CommandBlock jobLevel : List.of(jobBash, jobBefore, jobAfter)) {
            if (!jobLevel.items().isEmpty() && blocks.add(jobLevel)) {
                orderedBlocks.add(jobLevel);
            }
        }
    }

    private CommandBlock block(CommandBlock.Kind kind, Optional<String> role, Optional<Node> parent, String key) {
        List<ScalarNode> nodes = parent.flatMap(p -> Tree.get(p, key)).map(Tree::scalars).orElse(List.of());
        CommandBlock block = CommandBlock.of(kind, role, nodes, index);
        if (!nodes.isEmpty() && role.isPresent() && blocks.add(block)) {
            orderedBlocks.add(block);
        }
        return block;
    }

    private static Optional<Node> activeDeployment(Node document) {
        Optional<String> name = Tree.text(document, "defaults", "deployment");
        return name.flatMap(n -> Tree.get(document, "deployments").map(Tree::items).orElse(List.of()).stream()
                .filter(d -> Tree.text(d, "name").filter(n::equals).isPresent()).findFirst());
    }

    private static Set<String> envNames(Optional<Node> deps) {
        Set<String> names = new LinkedHashSet<>();
        deps.flatMap(d -> Tree.get(d, "env")).map(Tree::entries).orElse(List.of())
                .forEach(tuple -> names.add(Tree.keyOf(tuple)));
        return names;
    }

    String text() {
        return text;
    }

    SourceText index() {
        return index;
    }

    ParseResult parsed() {
        return parsed;
    }

    Optional<Node> root() {
        return root;
    }

    List<RoleScript> roles() {
        return roles;
    }

    /** Every command block once, task roles' in document order, then the job-level deps'. */
    List<CommandBlock> blocks() {
        return orderedBlocks;
    }
}
