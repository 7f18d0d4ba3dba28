package org.gantry.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.gantry.runtime.SlurmCluster;

/**
 * Submits jobs with {@code sbatch} to a one-node Slurm started as the tests start it
 * ({@link SlurmCluster}): the anchor for {@link SubmitJobsBenchmark}'s figures. Loops that
 * each run {@code sbatch} back to back (saturation), or paced to an overall rate with the
 * latency counted from each call's scheduled time until {@code sbatch} returns, as the
 * Gantry clients count until the 202. Jobs are submitted held ({@code --hold}): the figure
 * is Slurm accepting jobs, not running them, as Gantry's is.
 */
final class SbatchLoad {

    private final Path conf;

    SbatchLoad(SlurmCluster cluster) {
        this.conf = cluster.conf();
    }

    SubmitJobsBenchmark.Result run(int loops, int seconds, int rate, String phase) throws InterruptedException {
        List<Long> latencies = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger failures = new AtomicInteger();
        AtomicLong counter = new AtomicLong();
        long start = System.nanoTime();
        long end = start + Duration.ofSeconds(seconds).toNanos();
        long interval = rate > 0 ? 1_000_000_000L * loops / rate : 0;
        CountDownLatch done = new CountDownLatch(loops);
        for (int c = 0; c < loops; c++) {
            long offset = interval * c / loops;
            new Thread(() -> {
                try {
                    long scheduled = start + offset;
                    while (scheduled < end) {
                        if (interval > 0) {
                            long wait = scheduled - System.nanoTime();
                            if (wait > 0) {
                                Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                            }
                        }
                        long sent = interval > 0 ? scheduled : System.nanoTime();
                        String name = phase + "-" + counter.incrementAndGet();
                        ProcessBuilder builder = new ProcessBuilder("sbatch", "--hold", "--parsable", "-J", name,
                                "-o", "/dev/null", "--wrap", "true").redirectErrorStream(true);
                        builder.environment().put("SLURM_CONF", conf.toString());
                        Process p = builder.start();
                        String out = new String(p.getInputStream().readAllBytes()).trim();
                        int exit = p.waitFor();
                        long now = System.nanoTime();
                        if (exit == 0) {
                            latencies.add(now - sent);
                        } else {
                            failures.incrementAndGet();
                            System.err.println("sbatch failed (" + exit + "): " + out);
                        }
                        scheduled = interval > 0 ? scheduled + interval : now;
                    }
                } catch (Exception e) {
                    failures.incrementAndGet();
                    System.err.println("sbatch loop failed: " + e);
                } finally {
                    done.countDown();
                }
            }, "sbatch-" + c).start();
        }
        String load = SubmitJobsBenchmark.loadAverage();
        done.await();
        double elapsed = (System.nanoTime() - start) / 1e9;
        return new SubmitJobsBenchmark.Result("sbatch " + phase, new ArrayList<>(latencies), failures.get(), elapsed,
                load + "–" + SubmitJobsBenchmark.loadAverage());
    }
}
