package org.gantry.job.lint;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gantry.job.lint.Finding.Severity;
import org.gantry.job.lint.ShellWords.Command;
import org.yaml.snakeyaml.nodes.Node;

/**
 * A path under {@code /mnt/<name>} in the commands while the job mounts no storage there.
 *
 * <p>Storages are mounted as OpenPAI declares them in {@code extras}: the current form
 * {@code extras.storages: [{name: nfs-data, mountPath: /mnt/data}]} (the mount path defaults
 * to {@code /mnt/<name>}), and the older team-wise storage plugin,
 * {@code extras.com.microsoft.pai.runtimeplugin: [{plugin: teamwise_storage, parameters:
 * {storageConfigNames: [name]}}]}, mounted at {@code /mnt/<name>}. A directory the commands
 * create or mount themselves ({@code mkdir}, {@code mount}) is not reported.
 */
final class StorageMountRule implements LintRule {

    static final String CODE = "unmounted-storage";

    private static final Pattern MNT = Pattern.compile("(?<![\\w./-])/mnt/([A-Za-z0-9._-]+)");

    @Override
    public void check(LintDocument document, LintContext context, Findings findings) {
        if (document.root().isEmpty() || !document.text().contains("/mnt/")) {
            return;
        }
        List<String> mounts = mountPaths(document.root().get());
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
                if (covered(path, mounts) || madeByCommands.stream().anyMatch(m -> m.startsWith(path))) {
                    continue;
                }
                String name = matcher.group(1);
                findings.inScript(block, matcher.start(), matcher.end(), Severity.WARNING, CODE, "`" + path + "` is"
                        + " not mounted: " + (mounts.isEmpty() ? "this job mounts no storage"
                        : "this job mounts " + String.join(", ", mounts)) + ". Add `- name: " + name + "` under"
                        + " extras.storages to mount the storage of that name there", Optional.empty());
            }
        }
    }

    private static boolean covered(String path, List<String> mounts) {
        return mounts.stream().anyMatch(m -> path.equals(m) || path.startsWith(m + "/") || m.startsWith(path + "/"));
    }

    static List<String> mountPaths(Node root) {
        List<String> paths = new ArrayList<>();
        for (Node storage : Tree.get(root, "extras", "storages").map(Tree::items).orElse(List.of())) {
            Optional<String> name = Tree.text(storage, "name");
            Tree.text(storage, "mountPath").or(() -> name.map(n -> "/mnt/" + n))
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
