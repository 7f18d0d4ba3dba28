package org.gantry.base;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.gantry.base.shell.ShortCommands;
import org.springframework.boot.context.event.ApplicationFailedEvent;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.context.event.ApplicationStartingEvent;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.ApplicationListener;

/**
 * Runs the JIT compiler threads at nice 10 while Gantry starts and at their usual priority again
 * once it is ready. On two cores the C2 compiler is busy for the whole start and takes CPU time
 * from the threads that do the start's work; lowered, it compiles in what they leave. Raised again
 * when ready, it warms the code under load as before (left lowered, it served 19 % fewer
 * submissions after a 150 s warm-up: docs/decisions/0103-figures-this-machine-cannot-reach.md).
 *
 * <p>Only when Gantry runs as root, the one account that may raise a priority again; elsewhere
 * nothing changes. Best effort: without {@code renice} (util-linux) the start is as before.
 * {@code -Dgantry.start.compiler-nice=0} turns it off.
 */
public final class StartupCompilerPriority implements ApplicationListener<ApplicationEvent> {

    static final String NICE_PROPERTY = "gantry.start.compiler-nice";
    private static final Path TASKS = Path.of("/proc/self/task");

    private final int nice;
    private volatile boolean lowered;

    public StartupCompilerPriority() {
        this(Integer.getInteger(NICE_PROPERTY, 10));
    }

    StartupCompilerPriority(int nice) {
        this.nice = nice;
    }

    @Override
    public void onApplicationEvent(ApplicationEvent event) {
        if (event instanceof ApplicationStartingEvent && nice > 0 && ShortCommands.runningAsRoot()) {
            lowered = true;
            inBackground(nice);
        } else if ((event instanceof ApplicationReadyEvent || event instanceof ApplicationFailedEvent) && lowered) {
            lowered = false;
            inBackground(0);
        }
    }

    /** Sets the compiler threads' nice value off the calling thread (starting renice takes a while). */
    private static void inBackground(int value) {
        Thread thread = new Thread(() -> setCompilerNice(value), "compiler-priority");
        thread.setDaemon(true);
        thread.start();
    }

    /** Sets the nice value of this JVM's JIT compiler threads; whether renice did. */
    static boolean setCompilerNice(int value) {
        List<String> threads = compilerThreads();
        if (threads.isEmpty()) {
            return false;
        }
        List<String> command = new ArrayList<>(List.of("renice", "-n", Integer.toString(value), "-p"));
        command.addAll(threads);
        return ShortCommands.succeeds(command);
    }

    /** The kernel's ids of this JVM's JIT compiler threads ("C1 CompilerThre", "C2 CompilerThre"). */
    static List<String> compilerThreads() {
        List<String> ids = new ArrayList<>();
        try (Stream<Path> tasks = Files.list(TASKS)) {
            for (Path task : (Iterable<Path>) tasks::iterator) {
                try {
                    String name = Files.readString(task.resolve("comm")).strip();
                    if (name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre")) {
                        ids.add(task.getFileName().toString());
                    }
                } catch (IOException e) {
                    // the thread ended meanwhile
                }
            }
        } catch (IOException e) {
            return List.of(); // no /proc: not Linux
        }
        return ids;
    }
}
