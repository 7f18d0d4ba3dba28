package org.gantry.job.lint;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.gantry.base.shell.Bash;
import org.gantry.job.lint.Finding.Severity;
import org.gantry.job.lint.ShellWords.Command;
import org.gantry.job.lint.ShellWords.Joint;
import org.gantry.job.lint.ShellWords.Word;

/**
 * {@code cd dir}, {@code wget -O dir/file}, {@code curl -o dir/file} or {@code tar -C dir}
 * into a relative directory that nothing before it created: a task starts in an empty
 * working directory. The quick fix puts {@code mkdir -p dir && } in front.
 *
 * <p>Directories count as created by {@code mkdir}, {@code git clone}, {@code wget -P}
 * (which creates its prefix), {@code unzip -d}, {@code cp}/{@code mv}/{@code rsync}/{@code ln}
 * targets, {@code python -m venv}, {@code virtualenv} and {@code pip download -d}; what a
 * cloned or copied directory holds is unknown, so paths inside it count too. Any other
 * program (a training script, {@code make}, an archive extracted in place) may create
 * anything, so checking stops there for that task role. Only literal relative paths are
 * checked, resolved against the directories the commands {@code cd} into.
 */
final class MissingDirectoryRule implements LintRule {

    static final String CODE = "missing-directory";

    /** Commands that create no directory the rule does not already track. */
    private static final Set<String> HARMLESS = Set.of("echo", "printf", "export", "unset", "pwd", "ls", "cat",
            "head", "tail", "nvidia-smi", "hostname", "date", "sleep", "env", "printenv", "which", "type", "true",
            "false", "test", "[", "[[", "set", "shopt", "conda", "nproc", "free", "df", "du", "whoami", "id", "uname",
            "grep", "sort", "wc", "chmod", "chown", "touch", "rm", "pip", "pip3", "python", "python3", "module", "ml",
            "local", "declare", "read", "wait", "exit", "return", "umask", "ulimit", "trap", "cd", "mkdir", "git",
            "wget", "curl", "tar", "unzip", "cp", "mv", "rsync", "ln", "virtualenv", "sudo", "apt", "apt-get",
            "for", "source", ".");

    @Override
    public void check(LintDocument document, LintContext context, Findings findings) {
        for (LintDocument.RoleScript role : document.roles()) {
            new Walk(findings).run(role.blocks());
        }
    }

    private static final class Walk {
        private final Findings findings;
        private final Set<String> dirs = new HashSet<>();
        private final Set<String> contentRoots = new HashSet<>();
        private Optional<String> cwd = Optional.of("");

        Walk(Findings findings) {
            this.findings = findings;
        }

        void run(List<CommandBlock> blocks) {
            for (CommandBlock block : blocks) {
                for (Command command : block.commands()) {
                    if (!step(block, command)) {
                        return;
                    }
                }
            }
        }

        /** Follows one command; false once anything may exist. */
        private boolean step(CommandBlock block, Command command) {
            String name = command.literalName();
            List<Word> args = command.args();
            if (name.equals("python") || name.equals("python3")) {
                if (args.size() >= 3 && args.get(0).raw().equals("-m") && args.get(1).raw().equals("venv")) {
                    literal(args.get(args.size() - 1)).ifPresent(this::createWithContent);
                    return true;
                }
                return args.size() >= 2 && args.get(0).raw().equals("-m") && args.get(1).raw().startsWith("pip");
            }
            switch (name) {
                case "mkdir" -> operands(args).forEach(a -> literal(a).ifPresent(this::create));
                case "cd" -> cd(block, command, args);
                case "git" -> clone(args);
                case "wget" -> wget(block, command, args);
                case "curl" -> curl(block, command, args);
                case "tar" -> {
                    Optional<Word> dir = valueOf(args, "-C", "--directory");
                    if (dir.isEmpty()) {
                        return !isExtraction(args);
                    }
                    checkDir(block, command, dir.get(), literal(dir.get()), "`tar -C " + dir.get().raw() + "`");
                }
                case "unzip" -> {
                    Optional<Word> dir = valueOf(args, "-d", "-d");
                    if (dir.isEmpty()) {
                        return false;
                    }
                    literal(dir.get()).ifPresent(this::createWithContent);
                }
                case "cp", "mv", "rsync", "ln", "virtualenv" -> {
                    List<Word> operands = operands(args);
                    if (!operands.isEmpty()) {
                        literal(operands.get(operands.size() - 1)).ifPresent(this::createWithContent);
                    }
                }
                case "pip", "pip3" -> valueOf(args, "-d", "--dest").flatMap(this::literal)
                        .ifPresent(this::createWithContent);
                default -> {
                    return HARMLESS.contains(name) || (name.isEmpty() && command.words().isEmpty());
                }
            }
            return true;
        }

        private void cd(CommandBlock block, Command command, List<Word> args) {
            List<Word> operands = operands(args);
            if (operands.isEmpty() || operands.get(0).raw().equals("-")) {
                cwd = Optional.empty();
                return;
            }
            Word dir = operands.get(0);
            Optional<String> path = literal(dir);
            checkDir(block, command, dir, path, "`cd " + dir.raw() + "`");
            cwd = path.isPresent() && cwd.isPresent() ? Optional.of(join(cwd.get(), path.get())) : Optional.empty();
        }

        private void clone(List<Word> args) {
            if (args.isEmpty() || !args.get(0).raw().equals("clone")) {
                return;
            }
            List<Word> operands = operands(args.subList(1, args.size()), Set.of("-b", "--branch", "--depth", "-o",
                    "--origin", "-c", "--config", "--reference", "-j", "--jobs", "--filter", "-u"));
            if (operands.size() >= 2) {
                literal(operands.get(1)).ifPresent(this::createWithContent);
            } else if (operands.size() == 1) {
                String url = operands.get(0).raw().replaceAll("/+$", "");
                String base = url.substring(Math.max(url.lastIndexOf('/'), url.lastIndexOf(':')) + 1);
                createWithContent(base.endsWith(".git") ? base.substring(0, base.length() - 4) : base);
            }
        }

        private void wget(CommandBlock block, Command command, List<Word> args) {
            valueOf(args, "-P", "--directory-prefix").flatMap(this::literal).ifPresent(this::create);
            valueOf(args, "-O", "--output-document").ifPresent(file -> checkParent(block, command, file,
                    "`wget -O " + file.raw() + "`", " (wget does not create it)"));
        }

        private void curl(CommandBlock block, Command command, List<Word> args) {
            if (args.stream().anyMatch(a -> a.raw().equals("--create-dirs"))) {
                return;
            }
            valueOf(args, "-o", "--output").ifPresent(file -> checkParent(block, command, file,
                    "`curl -o " + file.raw() + "`", " (curl creates it only with --create-dirs)"));
        }

        private void checkParent(CommandBlock block, Command command, Word file, String what, String why) {
            literal(file).filter(f -> f.contains("/")).ifPresent(f -> {
                String dir = f.substring(0, f.lastIndexOf('/'));
                if (!dir.isEmpty() && !exists(dir)) {
                    report(block, command, file.start(), file.start() + rawPrefixLength(file, dir), dir,
                            what + ": directory `" + dir + "` does not exist yet" + why + " and nothing before this"
                                    + " creates it; a task starts in an empty working directory");
                }
            });
        }

        private void checkDir(CommandBlock block, Command command, Word word, Optional<String> path, String what) {
            path.filter(p -> !exists(p)).ifPresent(p -> report(block, command, word.start(), word.end(), p,
                    what + ": nothing before this creates `" + p + "`; a task starts in an empty working directory"));
        }

        private void report(CommandBlock block, Command command, int start, int end, String dir, String message) {
            Optional<Fix> fix = command.joint() == Joint.PIPE || command.joint() == Joint.OR
                    || command.joint() == Joint.BACKGROUND ? Optional.empty()
                    : findings.replaceInScript(block, command.start(), command.start(), "Create " + dir + " first",
                    "mkdir -p " + Bash.quoteIfNeeded(dir) + " && ");
            findings.inScript(block, start, end, Severity.WARNING, CODE, message, fix);
            // reported once: what follows is judged as if the fix were applied
            create(dir);
        }

        private boolean exists(String path) {
            if (cwd.isEmpty()) {
                return true;
            }
            String full = join(cwd.get(), path);
            if (full.isEmpty() || dirs.contains(full)) {
                return true;
            }
            for (String root : contentRoots) {
                if (full.equals(root) || full.startsWith(root + "/")) {
                    return true;
                }
            }
            return false;
        }

        private void create(String path) {
            cwd.ifPresent(c -> {
                String full = join(c, path);
                for (int slash = full.indexOf('/'); slash > 0; slash = full.indexOf('/', slash + 1)) {
                    dirs.add(full.substring(0, slash));
                }
                dirs.add(full);
            });
        }

        private void createWithContent(String path) {
            create(path);
            cwd.ifPresent(c -> contentRoots.add(join(c, path)));
        }

        /** A literal path checked by this rule: relative, without expansions. */
        private Optional<String> literal(Word word) {
            return word.literal().filter(p -> !p.isEmpty() && !p.startsWith("/") && !p.startsWith("-"))
                    .map(p -> p.replaceAll("/+$", "")).filter(p -> !p.isEmpty());
        }
    }

    private static int rawPrefixLength(Word file, String dir) {
        return file.raw().startsWith(dir) ? dir.length() : file.raw().length();
    }

    /** {@code base/path} normalised: {@code .} and {@code ..} resolved; "" is the start directory. */
    static String join(String base, String path) {
        String combined = path.startsWith("/") ? path : base.isEmpty() ? path : base + "/" + path;
        Deque<String> parts = new ArrayDeque<>();
        for (String part : combined.split("/+")) {
            if (part.isEmpty() || part.equals(".")) {
                continue;
            }
            if (part.equals("..") && !parts.isEmpty() && !parts.peekLast().equals("..")) {
                parts.removeLast();
            } else {
                parts.addLast(part);
            }
        }
        return String.join("/", parts);
    }

    private static List<Word> operands(List<Word> args) {
        return operands(args, Set.of());
    }

    /** Arguments that are not options, skipping the values of the given options. */
    private static List<Word> operands(List<Word> args, Set<String> optionsWithValue) {
        List<Word> operands = new ArrayList<>();
        boolean endOfOptions = false;
        for (int i = 0; i < args.size(); i++) {
            String raw = args.get(i).raw();
            if (!endOfOptions && raw.equals("--")) {
                endOfOptions = true;
            } else if (!endOfOptions && raw.startsWith("-")) {
                if (optionsWithValue.contains(raw)) {
                    i++;
                }
            } else {
                operands.add(args.get(i));
            }
        }
        return operands;
    }

    /** The value of a short ({@code -O file}, {@code -Ofile}) or long option ({@code --x file}, {@code --x=file}). */
    private static Optional<Word> valueOf(List<Word> args, String shortName, String longName) {
        for (int i = 0; i < args.size(); i++) {
            Word arg = args.get(i);
            String raw = arg.raw();
            if ((raw.equals(shortName) || raw.equals(longName)) && i + 1 < args.size()) {
                return Optional.of(args.get(i + 1));
            }
            if (raw.startsWith(longName + "=")) {
                int skip = longName.length() + 1;
                return Optional.of(new Word(raw.substring(skip), arg.start() + skip, arg.end()));
            }
            if (shortName.length() == 2 && raw.startsWith(shortName) && raw.length() > 2 && !raw.startsWith("--")) {
                return Optional.of(new Word(raw.substring(2), arg.start() + 2, arg.end()));
            }
        }
        return Optional.empty();
    }

    private static boolean isExtraction(List<Word> args) {
        for (int i = 0; i < args.size(); i++) {
            String raw = args.get(i).raw();
            if (raw.equals("--extract") || raw.equals("--get")) {
                return true;
            }
            // -xzf, or the old style without a dash as the first argument: xzf
            if (!raw.startsWith("--") && raw.matches("-?[A-Za-z]+") && (raw.startsWith("-") || i == 0)
                    && raw.contains("x")) {
                return true;
            }
        }
        return false;
    }
}
