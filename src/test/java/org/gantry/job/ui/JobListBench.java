package org.gantry.job.ui;

import com.vaadin.flow.data.provider.Query;
import com.vaadin.flow.data.provider.QuerySortOrder;
import com.vaadin.flow.data.provider.SortDirection;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.gantry.job.JobFilter;
import org.gantry.job.JobListPlans;
import org.gantry.job.JobSearchService;
import org.gantry.job.JobSort;
import org.gantry.job.JobState;
import org.gantry.security.ApiToken;
import org.gantry.security.TokenService;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;

/**
 * The first page of the job list with 100,000 jobs in the database, through the grid's data
 * provider and through REST; prints p50/p95/max per case. A benchmark, not a test: run it with
 * {@code bench/job-list.sh}; {@code mvn verify} never picks it up (its name ends in neither
 * Test nor IT).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class JobListBench {

    static final int JOBS = Integer.getInteger("bench.jobs", 100_000);
    static final int USERS = 200;
    static final int WARMUP = 30;
    static final int REQUESTS = Integer.getInteger("bench.requests", 200);

    @LocalServerPort
    int port;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    JobSearchService search;
    @Autowired
    TokenService tokens;
    @Autowired
    NamedParameterJdbcTemplate named;

    @Test
    void first_page_with_100k_jobs() throws Exception {
        long t0 = System.nanoTime();
        JobListBenchData.insert(jdbc, JOBS, USERS);
        System.out.printf("%nInserted %,d jobs of %d users in %.1f s%n", JOBS, USERS, (System.nanoTime() - t0) / 1e9);
        String someone = "bench-user-7";

        System.out.printf("%n%-58s %9s %9s %9s%n", "first page of 20 (" + REQUESTS + " requests)", "p50 ms", "p95 ms",
                "max ms");
        provider("grid: all jobs, newest first", "admin", () -> JobFilter.ALL, "submitted", false);
        provider("grid: my jobs (500 of 100k), newest first", someone, () -> JobFilter.ALL.withOwner(someone),
                "submitted", false);
        provider("grid: state RUNNING", "admin", () -> JobFilter.ALL.withStates(Set.of(JobState.RUNNING)),
                "submitted", false);
        provider("grid: virtual cluster gpu + FAILED", "admin",
                () -> JobFilter.ALL.withVirtualCluster("gpu").withStates(Set.of(JobState.FAILED)), "submitted", false);
        provider("grid: keyword matching 11 jobs", "admin", () -> JobFilter.ALL.withKeyword("job-4242"), "submitted",
                false);
        provider("grid: keyword matching none", "admin", () -> JobFilter.ALL.withKeyword("no-such-job"), "submitted",
                false);
        provider("grid: tag", "admin", () -> JobFilter.ALL.withTag("sweep-3"), "submitted", false);
        provider("grid: sorted by name", "admin", () -> JobFilter.ALL, "name", true);
        provider("grid: sorted by user", "admin", () -> JobFilter.ALL, "user", true);
        provider("grid: sorted by virtual cluster, descending", "admin", () -> JobFilter.ALL, "virtualCluster", false);
        provider("grid: sorted by state", "admin", () -> JobFilter.ALL, "state", true);
        provider("grid: sorted by retries, descending", "admin", () -> JobFilter.ALL, "retries", false);
        provider("grid: keyword matching one user's jobs", "admin", () -> JobFilter.ALL.withKeyword("user-77"),
                "submitted", false);
        provider("grid: keyword matching all jobs", "admin", () -> JobFilter.ALL.withKeyword("job"), "submitted",
                false);
        provider("grid: starred by the viewer", someone, () -> JobFilter.ALL.withStarredOnly(true), "submitted", false);
        measure("count for the header (capped at 10,000)",
                () -> search.countAtMost("admin", JobFilter.ALL, JobListPanel.COUNT_CAP));
        rest("REST GET /api/v2/jobs?offset=0&limit=20", "/api/v2/jobs?offset=0&limit=20");
        rest("REST GET /api/v2/jobs?offset=0&limit=20&username=" + someone,
                "/api/v2/jobs?offset=0&limit=20&username=" + someone);
        rest("REST GET /api/v2/users/me/starred-jobs", "/api/v2/users/me/starred-jobs?offset=0&limit=20");
        System.out.println();
    }

    private void provider(String label, String viewer, Supplier<JobFilter> filter, String sortKey, boolean ascending) {
        if (!label.contains(System.getProperty("bench.only", ""))) {
            return;
        }
        JobDataProvider provider = new JobDataProvider(search, viewer, filter, java.util.Optional.empty(), reasons -> { });
        List<QuerySortOrder> sort = List.of(new QuerySortOrder(sortKey,
                ascending ? SortDirection.ASCENDING : SortDirection.DESCENDING));
        try {
            measure(label, () -> provider.fetch(new Query<>(0, 20, sort, null, null)).count());
            if (Boolean.getBoolean("bench.explain")) {
                System.out.println(JobListPlans.explain(named, viewer, filter.get(),
                        JobSort.parse(sortKey).orElseThrow(), ascending).indent(4));
            }
        } catch (RuntimeException e) {
            System.out.printf("%-58s failed: %s%n", label, e.getMessage());
        }
    }

    private void rest(String label, String path) throws Exception {
        String token = tokens.issue("bench-user-7", ApiToken.Kind.SESSION, "bench", Optional.empty()).value();
        HttpClient client = HttpClient.newHttpClient();
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .header("Authorization", "Bearer " + token).GET().build();
        HttpResponse<Void> probe = client.send(request, HttpResponse.BodyHandlers.discarding());
        String type = probe.headers().firstValue("Content-Type").orElse("");
        if (probe.statusCode() != 200 || !type.startsWith("application/json")) {
            System.out.printf("%-58s not measured: HTTP %d %s%n", label, probe.statusCode(), type);
            return;
        }
        measure(label, () -> {
            try {
                return client.send(request, HttpResponse.BodyHandlers.ofByteArray()).body().length;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private static void measure(String label, Supplier<Object> call) {
        for (int i = 0; i < WARMUP; i++) {
            call.get();
        }
        long[] nanos = new long[REQUESTS];
        for (int i = 0; i < REQUESTS; i++) {
            long start = System.nanoTime();
            call.get();
            nanos[i] = System.nanoTime() - start;
        }
        Arrays.sort(nanos);
        System.out.printf("%-58s %9.2f %9.2f %9.2f%n", label, nanos[REQUESTS / 2] / 1e6,
                nanos[(int) Math.ceil(REQUESTS * 0.95) - 1] / 1e6, nanos[REQUESTS - 1] / 1e6);
    }
}
