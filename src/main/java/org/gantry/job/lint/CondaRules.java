package org.gantry.job.lint;

import java.util.List;
import java.util.Optional;
import org.gantry.job.lint.Finding.Severity;
import org.gantry.job.lint.ShellWords.Command;

/**
 * Two conda mistakes, followed in the order a task runs its commands.
 *
 * <p>{@code conda-activate}: {@code conda activate} needs conda's shell hook, and a task's
 * shell is neither a login nor an interactive shell, so nothing loads it ({@code conda init}
 * writes it into {@code ~/.bashrc}, which such a shell does not read, and which most
 * distributions' {@code .bashrc} skips when not interactive anyway). It works after
 * {@code eval "$(conda shell.bash hook)"}, after sourcing {@code conda.sh}, with the old
 * {@code source activate}, and after Gantry's own conda step (a {@code deps.conda} section,
 * which runs after deps.bash and before everything else).
 *
 * <p>{@code module-after-conda}: {@code module load} once a conda environment is active puts
 * the module's directories in front of the environment's on PATH and LD_LIBRARY_PATH, so the
 * module's python or libraries shadow the environment's. deps.module runs before deps.conda
 * for that reason.
 */
final class CondaRules implements LintRule {

    static final String ACTIVATE = "conda-activate";
    static final String MODULE_AFTER_CONDA = "module-after-conda";

    @Override
    public void check(LintDocument document, LintContext context, Findings findings) {
        for (LintDocument.RoleScript role : document.roles()) {
            boolean hooked = false;
            boolean active = false;
            for (CommandBlock block : role.blocks()) {
                if (block.kind() != CommandBlock.Kind.BASH && role.condaDeps()) {
                    hooked = true;
                    active = true;
                }
                for (Command command : block.commands()) {
                    String name = command.literalName();
                    List<String> args = command.args().stream().map(ShellWords.Word::raw).toList();
                    if (installsHook(command, name, args)) {
                        hooked = true;
                    }
                    if (name.equals("source") || name.equals(".")) {
                        active |= !args.isEmpty() && args.get(0).equals("activate");
                    }
                    if (isConda(name) && !args.isEmpty() && args.get(0).equals("activate")) {
                        if (!hooked) {
                            findings.inScript(block, command.start(), command.words().get(1).end(), Severity.WARNING,
                                    ACTIVATE, "`conda activate` fails in a task's shell, which is not a login or"
                                            + " interactive shell and so never loads conda's shell hook (~/.bashrc is"
                                            + " not read). Run `eval \"$(conda shell.bash hook)\"` first, or declare"
                                            + " the environment under deps.conda", Optional.empty());
                            hooked = true;
                        }
                        active = true;
                    }
                    if ((name.equals("module") || name.equals("ml")) && active && loads(name, args)) {
                        findings.inScript(block, command.start(), command.name().get().end(), Severity.WARNING,
                                MODULE_AFTER_CONDA, "`" + name + (name.equals("ml") ? "" : " " + args.get(0))
                                        + "` after a conda environment is active puts the module's PATH and"
                                        + " LD_LIBRARY_PATH in front of the environment's, so its python and"
                                        + " libraries shadow the environment's; load modules first (deps.module runs"
                                        + " before deps.conda)", Optional.empty());
                    }
                }
            }
        }
    }

    private static boolean installsHook(Command command, String name, List<String> args) {
        if (name.equals("eval")) {
            return command.args().stream().anyMatch(a -> a.raw().contains("shell.bash") || a.raw().contains("hook"));
        }
        if (name.equals("source") || name.equals(".")) {
            return !args.isEmpty() && (args.get(0).endsWith("conda.sh") || args.get(0).equals("activate")
                    || args.get(0).endsWith("/activate"));
        }
        return false;
    }

    private static boolean isConda(String name) {
        return name.equals("conda") || name.equals("mamba") || name.equals("micromamba");
    }

    private static boolean loads(String name, List<String> args) {
        if (name.equals("ml")) {
            return !args.isEmpty() && !args.get(0).startsWith("-") && !List.of("list", "avail", "spider", "show",
                    "unload", "purge").contains(args.get(0));
        }
        return !args.isEmpty() && (args.get(0).equals("load") || args.get(0).equals("add"));
    }
}
