package org.gantry.job.lint;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gantry.job.lint.Finding.Severity;
import org.gantry.job.lint.ShellWords.Command;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * A path under {@code /mnt/<name>} in the commands while the job mounts no storage there.
 *
 * <p>Storages are mounted as OpenPAI declares them in {@code extras}: the current form
 * {@code extras.storages: [{name: nfs-data, mountPath: /mnt/data}]} (the mount path defaults
 * to {@code /mnt/<name>}), and the older team-wise storage plugin,
 * {@code extras.com.microsoft.pai.runtimeplugin: [{plugin: teamwise_storage, parameters:
 * {storageConfigNames: [name]}}]}, mounted at {@code /mnt/<name>}. A directory the commands
 * create or mount themselves ({@code mkdir}, {@code mount}) is not reported, nor a path on
 * another host ({@code host:/mnt/x} of {@code mount}, {@code scp}, {@code rsync}).
 *
 * <p>Told the author's storages ({@link LintContext#storages()}), it mounts them as Gantry
 * will: a storage named without a mount path at the path its administrator set,
 * {@code storages: []} as the author's default storages; it reports a name the author has no
 * storage of ({@link #UNKNOWN_CODE}), and names the storage that a path under {@code /mnt}
 * belongs to.
 */
final class StorageMountRule implements LintRule {

    static final String CODE = "unmounted-storage";
    static final String UNKNOWN_CODE = "unknown-storage";

    private static final Pattern MNT = Pattern.compile("(?<![\\w./-])/mnt/([A-Za-z0-9._-]+)");

    /** {@code host:} or {@code user@host:} right before a path: the path is on that host. */
    private static final Pattern REMOTE_PREFIX = Pattern.compile("(?:^|[\\s'\"=])(?:[\\w.-]+@)?[A-Za-z0-9][\\w.-]*:$");

    @Override
    public void check(LintDocument document, LintContext context, Findings findings) {
        if (document.root().isEmpty()) {
            return;
        }
        List<LintContext.UsableStorage> usable = context.storages().orElse(List.of());
        checkNames(document.root().get(), context, findings);
        if (!document.text().contains("/mnt/")) {
            return;
        }
        List<String> mounts = mountPaths(document.root().get(), usable);
        List<String> madeByCommands = new ArrayList<>();
        for (CommandBlock block : document.blocks()) {
            for (Command command : block.commands()) {
                if (command.literalName().equals("mkdir") || command.literalName().equals("mount")) {
                    command.args().forEach(a -> madeByCommands.add(a.raw()));
                }
            }
        }
        for (CommandBlock block : document.blocks()) {
            Matcher matcher = MNT.matcher(block.script());
            while (matcher.find()) {
                String path = matcher.group();
                if (onAnotherHost(block.script(), matcher.start()) || covered(path, mounts) || madeByCommands.stream().anyMatch(m -> m.startsWith(path))) {
                    continue;
                }
                String name = matcher.group(1);
                Optional<LintContext.UsableStorage> owner = usable.stream()
                        .filter(s -> covered(path, List.of(s.mountPath()))).findFirst();
                String advice = owner.map(s -> "Add `- name: " + s.name() + "` under extras.storages: your storage "
                        + s.name() + " is mounted at " + s.mountPath())
                        .orElse(context.storages().isPresent() ? "You have no storage mounted there; yours: "
                                + names(usable) + ". Add `- name: <storage>, mountPath: /mnt/" + name + "` under"
                                + " extras.storages to mount one there"
                                : "Add `- name: " + name + "` under extras.storages to mount the storage of that name there");
                findings.inScript(block, matcher.start(), matcher.end(), Severity.WARNING, CODE, "`" + path + "` is"
                        + " not mounted: " + (mounts.isEmpty() ? "this job mounts no storage"
                        : "this job mounts " + String.join(", ", mounts)) + ". " + advice, Optional.empty());
            }
        }
    }

    /**
     * Whether the path at {@code start} is the remote side of {@code mount host:/mnt/x},
     * {@code scp host:/mnt/x .} or {@code rsync user@host:/mnt/x …}: no storage of this job is
     * mounted there, nor needs to be.
     */
    static boolean onAnotherHost(String script, int start) {
        int lineStart = script.lastIndexOf('\n', start - 1) + 1;
        return REMOTE_PREFIX.matcher(script.substring(Math.max(lineStart, start - 300), start)).find();
    }

    private static boolean covered(String path, List<String> mounts) {
        return mounts.stream().anyMatch(m -> path.equals(m) || path.startsWith(m + "/") || m.startsWith(path + "/"));
    }

    /** Reports each {@code extras.storages} name that is none of the author's storages, when they are known. */
    private static void checkNames(Node root, LintContext context, Findings findings) {
        if (context.storages().isEmpty()) {
            return;
        }
        List<LintContext.UsableStorage> usable = context.storages().get();
        for (Node storage : Tree.get(root, "extras", "storages").map(Tree::items).orElse(List.of())) {
            Optional<Node> nameNode = Tree.get(storage, "name");
            Optional<String> name = Tree.text(storage, "name");
            if (nameNode.isPresent() && name.isPresent()
                    && usable.stream().noneMatch(s -> s.name().equals(name.get()))) {
                findings.atNode(nameNode.get(), Severity.ERROR, UNKNOWN_CODE, "You have no storage named "
                        + name.get() + "; yours: " + names(usable) + ". The job would be refused");
            }
        }
    }

    private static String names(List<LintContext.UsableStorage> usable) {
        return usable.isEmpty() ? "none" : String.join(", ", usable.stream().map(LintContext.UsableStorage::name).toList());
    }

    static List<String> mountPaths(Node root) {
        return mountPaths(root, List.of());
    }

    static List<String> mountPaths(Node root, List<LintContext.UsableStorage> usable) {
        List<String> paths = new ArrayList<>();
        Optional<Node> listed = Tree.get(root, "extras", "storages");
        List<Node> items = listed.map(Tree::items).orElse(List.of());
        if (listed.filter(SequenceNode.class::isInstance).isPresent() && items.isEmpty()) {
            usable.stream().filter(LintContext.UsableStorage::isDefault).map(LintContext.UsableStorage::mountPath)
                    .forEach(paths::add);
        }
        for (Node storage : items) {
            Optional<String> name = Tree.text(storage, "name");
            Optional<String> adminPath = name.flatMap(n -> usable.stream().filter(s -> s.name().equals(n)).findFirst())
                    .map(LintContext.UsableStorage::mountPath);
            Tree.text(storage, "mountPath").or(() -> adminPath).or(() -> name.map(n -> "/mnt/" + n))
                    .map(p -> p.replaceAll("/+$", "")).ifPresent(paths::add);
        }
        for (Node plugin : Tree.get(root, "extras", "com.microsoft.pai.runtimeplugin").map(Tree::items)
                .orElse(List.of())) {
            if (Tree.text(plugin, "plugin").filter("teamwise_storage"::equals).isPresent()) {
                Tree.get(plugin, "parameters", "storageConfigNames").map(Tree::scalars).orElse(List.of())
                        .forEach(n -> paths.add("/mnt/" + n.getValue()));
            }
        }
        return paths;
    }
}
