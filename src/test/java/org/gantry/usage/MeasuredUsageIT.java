package org.gantry.usage;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.gantry.runtime.RuntimeJobs;
import org.gantry.runtime.RuntimeSpringTest;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/** A job on the local executor ends with its measured peak memory and CPU time in the history. */
@RuntimeSpringTest
class MeasuredUsageIT {

    @LocalServerPort
    int port;

    @Test
    void a_task_that_allocates_100_mb_shows_a_peak_of_at_least_that_and_its_cpu_time() throws Exception {
        RestClient alice = RestClient.newUser(port, "alice");
        String name = alice.submit(RuntimeJobs.job(RuntimeJobs.name("measured"),
                "resourcePerInstance: {cpu: 1, memoryMB: 512, gpu: 0}",
                "python3 -c \"x = bytearray(100 * 1024 * 1024); [x.__setitem__(i, 1) for i in range(0, len(x), 4096)];"
                        + " print(sum(range(3000000)))\""));

        RuntimeJobs.await(alice, alice.username(), name, RuntimeJobs.state("SUCCEEDED"), Duration.ofSeconds(90));

        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        RestClient.Response csv = alice.get("/api/v2/usage/history.csv?from=" + today + "&to=" + today.plusDays(2));
        assertThat(csv.status()).isEqualTo(200);
        List<String> header = Arrays.asList(HistoryCsv.HEADER.split(","));
        String[] row = Arrays.stream(csv.body().split("\r\n")).filter(line -> line.contains("," + name + ","))
                .findFirst().orElseThrow().split(",");
        assertThat(Long.parseLong(row[header.indexOf("peak_memory_mb")])).isBetween(100L, 511L);
        assertThat(Long.parseLong(row[header.indexOf("cpu_time_ms")])).isPositive();
    }
}
