package org.gantry.bench;

import com.sun.tools.attach.VirtualMachine;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import javax.management.MBeanServerConnection;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import org.gantry.testsupport.GantryProcess;
import org.gantry.testsupport.RestClient;

/**
 * A task that writes to stdout as fast as it can for {@code seconds} (default 180), against
 * Gantry as its own JVM with {@code gantry.runtime.log-limit=64MB}, while a client reads the
 * log's tail over REST every second as the log view does. Gantry's heap is read through its
 * {@link MemoryMXBean} (the JVM attached over the attach API): used after a full collection
 * before and after the flood, and the most used seen during it. Prints the heap figures, the
 * kept log's size and whether it ends with the marker.
 */
final class LogFloodBench {

    private LogFloodBench() {
    }

    static void run(int seconds) throws Exception {
        BenchGantry bench = new BenchGantry("log-flood", Map.of("gantry.runtime.log-limit", "64MB"));
        try (GantryProcess gantry = bench.start()) {
            RestClient user = RestClient.newUser(gantry.port(), "flood");
            String username = user.username();
            VirtualMachine vm = VirtualMachine.attach(Long.toString(gantry.pid()));
            String address = vm.startLocalManagementAgent();
            try (JMXConnector jmx = JMXConnectorFactory.connect(new JMXServiceURL(address))) {
                MBeanServerConnection server = jmx.getMBeanServerConnection();
                MemoryMXBean memory = ManagementFactory.newPlatformMXBeanProxy(server,
                        ManagementFactory.MEMORY_MXBEAN_NAME, MemoryMXBean.class);
                memory.gc();
                long before = memory.getHeapMemoryUsage().getUsed();
                String name = "flood-" + System.currentTimeMillis();
                RestClient.Response submitted = user.postYaml("/api/v2/jobs", BenchGantry.job(name,
                        "timeout " + seconds + " yes gantry-flood-line-of-some-length || true"));
                if (submitted.status() != 202) {
                    throw new IllegalStateException(submitted.toString());
                }
                // where the log view reads: the locations the REST API gives once the task was launched
                String locations = "/api/v2/jobs/" + username + "~" + name
                        + "/attempts/0/taskRoles/main/taskIndex/0/attempts/0/logs?tailMode=true";
                String logs = null;
                long peak = 0;
                long reads = 0;
                String state = BenchGantry.state(user, username, name);
                while (!BenchGantry.isFinal(state)) {
                    peak = Math.max(peak, memory.getHeapMemoryUsage().getUsed());
                    if (logs == null) {
                        RestClient.Response where = user.get(locations);
                        if (where.status() == 200 && where.json().path("locations").size() > 0) {
                            logs = where.json().path("locations").get(0).path("uri").asText();
                        }
                    } else if (user.get(logs).status() == 200) {
                        reads++;
                    }
                    Thread.sleep(1000);
                    state = BenchGantry.state(user, username, name);
                }
                memory.gc();
                long after = memory.getHeapMemoryUsage().getUsed();
                Path log;
                try (var found = Files.find(bench.dataDir.resolve("tasks"), 8,
                        (path, attributes) -> path.endsWith("stdout.log") && path.toString().contains(name))) {
                    log = found.findFirst().orElseThrow();
                }
                long size = Files.size(log);
                String end;
                try (var file = new java.io.RandomAccessFile(log.toFile(), "r")) {
                    byte[] tail = new byte[(int) Math.min(200, size)];
                    file.seek(size - tail.length);
                    file.readFully(tail);
                    end = new String(tail, java.nio.charset.StandardCharsets.UTF_8).strip();
                }
                System.out.printf("log flood, %d s of yes at full speed, log limit 64 MiB: job %s; heap used after a"
                                + " full GC %.1f MiB before, %.1f MiB after; most used during the flood %.1f MiB"
                                + " (heap max %.0f MiB); %d tail reads over REST; kept log %d bytes, ends with"
                                + " the marker: %s%n", seconds, state, before / 1048576.0, after / 1048576.0,
                        peak / 1048576.0, memory.getHeapMemoryUsage().getMax() / 1048576.0, reads, size,
                        end.endsWith("discarded]"));
            } finally {
                vm.detach();
            }
        }
    }
}
