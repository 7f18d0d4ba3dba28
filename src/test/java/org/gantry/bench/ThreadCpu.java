package org.gantry.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** CPU time a process's threads have used (from /proc), its JIT compiler threads apart. */
public record ThreadCpu(double totalMillis, double compilerMillis) {

    /** Clock ticks per second of /proc's times: 100 on Linux (USER_HZ). */
    private static final double TICK_MILLIS = 10.0;

    public static ThreadCpu of(long pid) throws IOException {
        // the process's own times include threads that ended since (compiler threads come and go)
        double total = millis(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
        double compiler = 0;
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path task : (Iterable<Path>) tasks::iterator) {
                try {
                    String name = Files.readString(task.resolve("comm"));
                    if (name.startsWith("C2 Compiler") || name.startsWith("C1 Compiler")) {
                        compiler += millis(Files.readString(task.resolve("stat")));
                    }
                } catch (IOException e) {
                    // the thread ended meanwhile
                }
            }
        }
        return new ThreadCpu(total, compiler);
    }

    /** utime + stime of a /proc stat line. */
    private static double millis(String stat) {
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * TICK_MILLIS;
    }

    public ThreadCpu minus(ThreadCpu earlier) {
        return new ThreadCpu(totalMillis - earlier.totalMillis, compilerMillis - earlier.compilerMillis);
    }
}
