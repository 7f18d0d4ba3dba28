package org.gantry.job.tips;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gantry.job.protocol.JobSpec;
import org.gantry.job.protocol.ProtocolParser;
import org.gantry.job.protocol.TaskRole;

/**
 * Turns a user's recent jobs (newest first) and where they started the editor from into tips.
 * Plain Java, so each tip's threshold is tested directly.
 */
final class TipRules {

    /** Jobs that must show a habit before it earns a tip. */
    static final int HABIT = 3;
    static final int FEW = 2;

    private static final Pattern HDFS = Pattern.compile("hdfs://|\\bhdfs\\s+dfs\\b|\\bhadoop\\s+fs\\b");
    private static final Pattern GIT_CLONE = Pattern.compile(
            "\\bgit\\s+clone\\s+(?:(?:--?[A-Za-z-]+(?:[ =]\\d+)?)\\s+)*([^\\s;&|'\"]+)");
    private static final Pattern PIP_INSTALL = Pattern.compile("\\bpip3?\\s+install\\b|\\bpython3?\\s+-m\\s+pip\\s+install\\b");
    private static final Pattern OUT_OF_MEMORY = Pattern.compile("(?i)out of memory|\\boom\\b|oom-kill|memoryerror");

    private final ProtocolParser parser = new ProtocolParser();

    List<Tip> tips(List<PastJob> recent, Map<String, Long> editorStarts) {
        List<Tip> tips = new ArrayList<>();
        long hdfs = recent.stream().filter(j -> HDFS.matcher(j.submittedText()).find()).count();
        if (hdfs >= FEW) {
            tips.add(new Tip("hdfs", "Mount a storage instead of copying from HDFS", hdfs + " of your last "
                    + recent.size() + " jobs read from HDFS. Mount the storage under extras.storages and read"
                    + " /mnt/<name> directly: no copy at every start."));
        }
        cloneHabits(recent).forEach((url, count) -> tips.add(new Tip("git-clone:" + url, "Publish the code you"
                + " clone every time", count + " of your last " + recent.size() + " jobs clone " + url + ". Make it"
                + " a marketplace code item (or a script prerequisite) and reuse it.")));
        long pip = recent.stream().filter(j -> PIP_INSTALL.matcher(j.submittedText()).find()).count();
        if (pip >= FEW) {
            tips.add(new Tip("pip-install", "Let deps.pip install your packages", pip + " of your last "
                    + recent.size() + " jobs run pip install in their commands. Packages under deps.pip are"
                    + " installed once into a cached virtualenv instead of at every start."));
        }
        List<PastJob> outOfMemory = recent.stream().filter(TipRules::ranOutOfMemory).toList();
        if (outOfMemory.size() >= FEW || (outOfMemory.size() == 1 && outOfMemory.get(0) == first(recent))) {
            PastJob last = outOfMemory.get(0);
            OptionalInt memory = memoryOf(last);
            tips.add(new Tip("oom:" + last.name(), "Raise memoryMB", outOfMemory.size() + " of your recent jobs"
                    + " ran out of memory, most recently " + last.name()
                    + (memory.isPresent() ? " with memoryMB: " + memory.getAsInt() + "; try "
                    + memory.getAsInt() * 2 : "") + "."));
        }
        editorStarts.forEach((origin, count) -> {
            if (count >= HABIT) {
                tips.add(new Tip("often:" + origin, "Star what you start from", "You started " + count + " jobs"
                        + " from " + origin.replaceFirst("^(clone|template):", "") + ". Star it to find it at once."));
            }
        });
        return tips;
    }

    private static PastJob first(List<PastJob> recent) {
        return recent.isEmpty() ? null : recent.get(0);
    }

    private static Map<String, Long> cloneHabits(List<PastJob> recent) {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (PastJob job : recent) {
            Set<String> urls = new LinkedHashSet<>();
            Matcher matcher = GIT_CLONE.matcher(job.submittedText());
            while (matcher.find()) {
                urls.add(matcher.group(1).replaceAll("\\.git$", ""));
            }
            urls.forEach(url -> counts.merge(url, 1L, Long::sum));
        }
        counts.values().removeIf(count -> count < HABIT);
        return counts;
    }

    static boolean ranOutOfMemory(PastJob job) {
        return job.failed() && (job.exitCode().filter(code -> code == 137).isPresent()
                || job.exitDiagnostics().filter(d -> OUT_OF_MEMORY.matcher(d).find()).isPresent());
    }

    private OptionalInt memoryOf(PastJob job) {
        return parser.parse(job.submittedText()).spec().map(JobSpec::taskRoles)
                .map(roles -> roles.values().stream().map(TaskRole::resourcePerInstance)
                        .mapToInt(TaskRole.ResourcePerInstance::memoryMB).max())
                .orElse(OptionalInt.empty());
    }

}
