package org.gantry.base;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.gantry.base.shell.ShortCommands;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.context.event.ApplicationStartingEvent;
import org.springframework.boot.DefaultBootstrapContext;

class StartupCompilerPriorityTest {

    @Test
    void finds_this_jvms_compiler_threads() {
        assumeThat(Path.of("/proc/self/task")).isDirectory();
        assertThat(StartupCompilerPriority.compilerThreads()).isNotEmpty();
    }

    @Test
    void lowers_the_compiler_threads_while_starting_and_restores_them_when_ready() throws Exception {
        assumeThat(ShortCommands.runningAsRoot()).as("raising a priority again needs root").isTrue();
        StartupCompilerPriority priority = new StartupCompilerPriority(10);
        SpringApplication application = new SpringApplication();

        priority.onApplicationEvent(new ApplicationStartingEvent(new DefaultBootstrapContext(), application,
                new String[0]));
        awaitNice(10);
        priority.onApplicationEvent(new ApplicationReadyEvent(application, new String[0], null, null));
        awaitNice(0);
    }

    @Test
    void nice_zero_leaves_the_compiler_threads_alone() throws Exception {
        assumeThat(ShortCommands.runningAsRoot()).isTrue();
        new StartupCompilerPriority(0).onApplicationEvent(new ApplicationStartingEvent(
                new DefaultBootstrapContext(), new SpringApplication(), new String[0]));
        Thread.sleep(500);
        assertThat(nices()).containsOnly(0);
    }

    /** Waits until every compiler thread has this nice value (renice runs on a thread of its own). */
    private static void awaitNice(int value) throws Exception {
        long until = System.nanoTime() + 30_000_000_000L;
        while (!nices().stream().allMatch(n -> n == value) && System.nanoTime() < until) {
            Thread.sleep(20);
        }
        assertThat(nices()).isNotEmpty().containsOnly(value);
    }

    /** The compiler threads' nice values: field 19 of /proc/self/task/TID/stat, after the name in parentheses. */
    private static List<Integer> nices() throws IOException {
        List<Integer> values = new ArrayList<>();
        for (String id : StartupCompilerPriority.compilerThreads()) {
            String stat = Files.readString(Path.of("/proc/self/task", id, "stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            values.add(Integer.parseInt(fields[16]));
        }
        return values;
    }
}
