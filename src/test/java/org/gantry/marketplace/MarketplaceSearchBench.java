package org.gantry.marketplace;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URI;
import java.net.URLEncoder;
import java.net.HttpURLConnection;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gantry.bench.ProcessCpu;
import org.gantry.bench.ThreadCpu;
import org.gantry.security.ApiToken;
import org.gantry.security.TokenService;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContextHolder;

/**
 * Marketplace search over REST with 300,000 generated items (most public, some private and
 * group items that must stay hidden): full-text queries and as-you-type prefix queries from
 * 10 concurrent clients, after a warm-up; prints p50/p95/max and CPU per request. A
 * benchmark, not a test: run it with {@code bench/marketplace-search.sh}; {@code mvn verify}
 * never picks it up.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class MarketplaceSearchBench {

    private static final Pattern TOTAL = Pattern.compile("\"total\":(\\d+)");
    static final int ITEMS = Integer.getInteger("bench.items", 300_000);
    static final int CLIENTS = Integer.getInteger("bench.clients", 10);
    static final int PER_CLIENT = Integer.getInteger("bench.requests", 100);
    static final boolean EXPLAIN = Boolean.getBoolean("bench.explain");
    /** Seconds every case runs in turn before any is measured. */
    static final int WARMUP_SECONDS = Integer.getInteger("bench.warmup", 120);
    /**
     * Words a description draws from: the 102 below, then generated ones ({@code t103} …). With
     * 150 (the default) every query word is in a fifth to two fifths of all items: the worst
     * case. A larger vocabulary gives the long tail real text has.
     */
    static final int VOCABULARY = Integer.getInteger("bench.vocabulary", 150);
    static final String[] WORDS = ("mnist cifar imagenet resnet bert gpt transformer vision speech audio text token"
            + " tensor pytorch tensorflow jax keras sklearn pandas numpy spark hadoop kafka slurm cuda rocm mpi horovod"
            + " deepspeed lightning dataset loader augment train eval infer serve deploy notebook jupyter lecture"
            + " slides homework course tutorial example baseline benchmark sweep hyperparameter optimizer adam sgd"
            + " learning rate schedule checkpoint resume distributed parallel pipeline shard quantize prune distill"
            + " graph node edge molecule protein genome climate weather satellite medical clinical finance fraud"
            + " recommend ranking retrieval search embedding vector cluster kmeans regression classify segment detect"
            + " yolo unet diffusion gan vae reinforcement agent robot simulation physics chemistry biology").split(" ");

    /** The figures, also written to this file for bench/marketplace-search.sh to print. */
    static final Path FIGURES = Path.of("target", "marketplace-search.txt");

    @LocalServerPort
    int port;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    TokenService tokens;
    @Autowired
    MarketSearch search;

    @Test
    void search_with_300k_items() throws Exception {
        Files.deleteIfExists(FIGURES);
        long t0 = System.nanoTime();
        insert();
        print("%nInserted %,d items in %.1f s (load average %s)%n", ITEMS, (System.nanoTime() - t0) / 1e9, load());
        // A bulk insert leaves GIN's pending list full and no visibility map: every search would
        // scan the list and check each heap row. Autovacuum does this on a live server.
        jdbc.execute("vacuum analyze market_item");
        jdbc.execute("vacuum analyze market_item_group");
        jdbc.execute("vacuum analyze market_item_pairs");
        // Writes the insert's dirty pages now, not during a measured case (where the checkpointer's
        // CPU would count as the searches').
        jdbc.execute("checkpoint");
        String token = tokens.issue("bench-author-7", ApiToken.Kind.SESSION, "bench", Optional.empty()).value();

        List<String> searches = new ArrayList<>();
        List<String> prefixes = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            String a = WORDS[(i * 7) % WORDS.length];
            String b = WORDS[(i * 13 + 5) % WORDS.length];
            searches.add(i % 3 == 0 ? a : i % 3 == 1 ? a + " " + b : "\"" + a + " " + b + "\"");
            String typed = a + " " + b;
            prefixes.add(typed.substring(0, Math.min(typed.length(), 3 + i % (typed.length() - 2))));
        }
        if (EXPLAIN) {
            explain(MarketQuery.all().withQ(searches.get(1)).withPage(0, 20));
            explain(MarketQuery.all().withQ("\"quantize unet\"").withPage(0, 20));
            explain(MarketQuery.all().withQ(prefixes.get(4)).withPrefix(true).withPage(0, 10));
            planCache("searches", searches, q -> MarketQuery.all().withQ(q).withPage(0, 20));
            planCache("as-you-type queries", prefixes, q -> MarketQuery.all().withQ(q).withPrefix(true)
                    .withPage(0, 10));
        }
        var user = new UsernamePasswordAuthenticationToken("bench-author-7", null,
                List.of(new SimpleGrantedAuthority("ROLE_USER")));
        List<Case> cases = List.of(
                // No search: what the same clients cost over REST with the token's check and one
                // small read, the part of a search's latency that is HTTP, Spring and queueing.
                new Case("REST floor: GET …/categories (no search)", searches,
                        q -> get(token, "/api/v2/marketplace/categories")),
                new Case("REST search: q, relevance, limit 20, total", searches,
                        q -> call(token, q, "&limit=20")),
                new Case("REST search as you type: prefix=true, limit 10, total", prefixes,
                        q -> call(token, q, "&limit=10&prefix=true")),
                // What the Marketplace view shows: counts per facet and the matches marked.
                new Case("REST search with facets and highlights", searches,
                        q -> call(token, q, "&limit=20&facets=true&highlight=true")),
                // The same searches without HTTP, Spring Security and JSON: what is left is the search itself.
                new Case("in process: search, relevance, limit 20, total", searches, q -> {
                    SecurityContextHolder.getContext().setAuthentication(user);
                    search.search(ranked(q, false), false);
                }),
                new Case("in process: as you type, limit 10, total", prefixes, q -> {
                    SecurityContextHolder.getContext().setAuthentication(user);
                    search.search(ranked(q, true), false);
                }),
                new Case("in process: search with facets", searches, q -> {
                    SecurityContextHolder.getContext().setAuthentication(user);
                    search.search(ranked(q, false), true);
                }));
        long matched = 0;
        for (int i = 0; i < 20; i++) {
            Matcher total = TOTAL.matcher(call(token, searches.get(i), "&limit=20"));
            matched += total.find() ? Long.parseLong(total.group(1)) : 0;
        }
        warmUp(cases);
        Path dataDir = Path.of(jdbc.queryForObject("show data_directory", String.class));
        print("%n%-62s %9s %9s %9s %9s %9s %9s %9s  %s%n", CLIENTS + " clients × " + PER_CLIENT + " requests",
                "p50 ms", "p95 ms", "max ms", "JVM ms", "JIT ms", "client ms", "PG ms",
                "load average (1 min) before → after");
        for (Case c : cases) {
            measure(c, dataDir);
        }
        print("(JVM, JIT, client, PG: CPU per request of this JVM (Gantry and the clients), of its JIT compiler"
                + " threads and of the client threads (both part of JVM), and of PostgreSQL; a query matches %.1f %%"
                + " of all items on average, capped by the bound)%n%n", 100.0 * matched / 20
                / jdbc.queryForObject("select count(*) from market_item", Long.class));
    }

    /** What the in-process cases search for, as the REST cases ask: by relevance, 20 results, or 10 as you type. */
    private static MarketQuery ranked(String q, boolean prefix) {
        return MarketQuery.all().withQ(q).withPrefix(prefix).withPage(0, prefix ? 10 : 20);
    }

    /** A case of the benchmark: its label, the queries it sends, and how it sends one. */
    private record Case(String label, List<String> queries, Call call) {
    }

    /**
     * Runs every case in turn until {@code WARMUP_SECONDS} have passed: the JIT compiler takes
     * most of two cores for minutes after a start, and a server answers searches for days
     * (docs/decisions/0099-jit-on-two-cores-measured-warm.md).
     */
    private void warmUp(List<Case> cases) throws Exception {
        ThreadCpu before = ThreadCpu.of(ProcessHandle.current().pid());
        long until = System.nanoTime() + WARMUP_SECONDS * 1_000_000_000L;
        int rounds = 0;
        while (System.nanoTime() < until || rounds == 0) {
            for (Case c : cases) {
                timed(c.queries(), c.call());
            }
            rounds++;
        }
        ThreadCpu used = ThreadCpu.of(ProcessHandle.current().pid()).minus(before);
        print("%nWarm-up: %d rounds of every case in %d s; JIT compiler %.1f s of CPU of the JVM's %.1f s%n", rounds,
                WARMUP_SECONDS, used.compilerMillis() / 1e3, used.totalMillis() / 1e3);
    }

    private void measure(Case c, Path dataDir) throws Exception {
        String loadBefore = load();
        ThreadCpu jvm = ThreadCpu.of(ProcessHandle.current().pid());
        Duration pg = ProcessCpu.postgres(dataDir);
        Timings timings = timed(c.queries(), c.call());
        ThreadCpu jvmUsed = ThreadCpu.of(ProcessHandle.current().pid()).minus(jvm);
        double pgUsed = ProcessCpu.postgres(dataDir).minus(pg).toNanos() / 1e6;
        long[] all = timings.latencies();
        print("%-62s %9.2f %9.2f %9.2f %9.2f %9.2f %9.2f %9.2f  %s → %s%n", c.label(), all[all.length / 2] / 1e6,
                all[(int) Math.ceil(all.length * 0.95) - 1] / 1e6, all[all.length - 1] / 1e6,
                jvmUsed.totalMillis() / all.length, jvmUsed.compilerMillis() / all.length,
                timings.clientCpuNanos() / 1e6 / all.length, pgUsed / all.length, loadBefore, load());
    }

    private void explain(MarketQuery query) throws IOException {
        // A phrase is narrowed by its lexeme pairs, as MarketSearch.search does.
        Optional<String> pairs = query.q().filter(q -> q.contains("\"")).flatMap(q -> MarketSearch.pairQuery(
                jdbc.queryForObject("select cast(websearch_to_tsquery('english', ?) as text)", String.class, q)));
        MarketSearch.Statements sql = MarketSearch.statements(query, benchViewer(),
                MarketSearch.DEFAULT_EXACT_UP_TO, pairs);
        String plan = String.join("\n", new NamedParameterJdbcTemplate(jdbc).queryForList(
                "explain (analyze, buffers) " + sql.page(), sql.params(), String.class));
        print("%nEXPLAIN %s%n%s%n", query.q().orElse(""), plan);
    }

    /** The searching user of the REST cases, as MarketplaceService.viewer() reads them. */
    private Viewer benchViewer() {
        long uid = jdbc.queryForObject("select id from app_user where username = 'bench-author-7'", Long.class);
        return new Viewer(uid, "bench-author-7", false, jdbc.queryForList("select group_id from user_group"
                + " where user_id = ?", Long.class, uid));
    }

    /**
     * Each search's page statement run {@code PLAN_RUNS} times in a row on one connection, with
     * PostgreSQL's plan cache left to choose (after a few executions the driver prepares the
     * statement on the server, which may then reuse a generic plan made without the words) and
     * with a plan for each execution's words ({@code force_custom_plan}, what MarketSearch sets):
     * the time of the last 5 executions per search, summed and at worst.
     */
    private void planCache(String label, List<String> queries, Function<String, MarketQuery> queryOf)
            throws IOException {
        Viewer viewer = benchViewer();
        for (String mode : List.of("auto", "force_custom_plan")) {
            double[] sumAndWorst = jdbc.execute((ConnectionCallback<double[]>) connection -> {
                NamedParameterJdbcTemplate one = new NamedParameterJdbcTemplate(
                        new SingleConnectionDataSource(connection, true));
                one.getJdbcTemplate().execute("set plan_cache_mode = " + mode);
                try {
                    double sum = 0;
                    double worst = 0;
                    for (String q : queries) {
                        MarketQuery query = queryOf.apply(q);
                        Optional<String> pairs = q.contains("\"") && !query.prefix()
                                ? MarketSearch.pairQuery(one.getJdbcTemplate()
                                .queryForObject("select cast(websearch_to_tsquery('english', ?) as text)",
                                        String.class, q)) : Optional.empty();
                        MarketSearch.Statements sql = MarketSearch.statements(query, viewer,
                                MarketSearch.DEFAULT_EXACT_UP_TO, pairs);
                        for (int run = 1; run <= PLAN_RUNS; run++) {
                            long t = System.nanoTime();
                            one.query(sql.page(), sql.params(), rs -> { });
                            double ms = (System.nanoTime() - t) / 1e6;
                            if (run > PLAN_RUNS - 5) {
                                sum += ms;
                                worst = Math.max(worst, ms);
                            }
                        }
                    }
                    return new double[] {sum, worst};
                } finally {
                    one.getJdbcTemplate().execute("reset plan_cache_mode");
                }
            });
            print("%nplan_cache_mode=%s: %d %s × %d runs on one connection, last 5 runs of each:"
                    + " %.1f ms in all, %.1f ms at worst%n", mode, queries.size(), label, PLAN_RUNS, sumAndWorst[0],
                    sumAndWorst[1]);
        }
    }

    private static final int PLAN_RUNS = 12;

    /** One search of the benchmark, by whatever path it takes. */
    private interface Call {
        void run(String q) throws Exception;
    }

    /** {@code CLIENTS} threads, each sending {@code PER_CLIENT} of the queries; every latency, sorted. */
    private static Timings timed(List<String> queries, Call call) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        List<Future<long[]>> results = new ArrayList<>();
        AtomicLong clientCpu = new AtomicLong();
        for (int c = 0; c < CLIENTS; c++) {
            int offset = c;
            results.add(pool.submit(() -> {
                long cpu = THREADS.getCurrentThreadCpuTime();
                long[] nanos = new long[PER_CLIENT];
                for (int i = 0; i < PER_CLIENT; i++) {
                    long start = System.nanoTime();
                    call.run(queries.get((offset * 7 + i) % queries.size()));
                    nanos[i] = System.nanoTime() - start;
                }
                clientCpu.addAndGet(THREADS.getCurrentThreadCpuTime() - cpu);
                return nanos;
            }));
        }
        long[] all = new long[CLIENTS * PER_CLIENT];
        for (int c = 0; c < CLIENTS; c++) {
            System.arraycopy(results.get(c).get(), 0, all, c * PER_CLIENT, PER_CLIENT);
        }
        pool.shutdown();
        Arrays.sort(all);
        return new Timings(all, clientCpu.get());
    }

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /**
     * Every latency of a case, sorted, and the CPU its client threads used (the whole search,
     * when in process; the HTTP client's part, when over REST).
     */
    private record Timings(long[] latencies, long clientCpuNanos) {
    }

    private static void print(String format, Object... args) throws IOException {
        String text = String.format(format, args);
        System.out.print(text);
        Files.writeString(FIGURES, text, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    private static String load() throws Exception {
        return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
    }

    /** A search over REST: the response's body; fails unless it is a 200. */
    private String call(String token, String q, String extra) throws IOException {
        return get(token, "/api/v2/marketplace/items?q=" + URLEncoder.encode(q, StandardCharsets.UTF_8) + extra);
    }

    /**
     * The response's body; fails unless it is a 200. A plain keep-alive connection whose work is
     * all on the calling thread, so that the client's CPU is counted (the JDK's HttpClient hands
     * each exchange to threads of its own and costs the server's cores more).
     */
    private String get(String token, String pathAndQuery) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) URI.create("http://localhost:" + port + pathAndQuery)
                .toURL().openConnection();
        connection.setRequestProperty("Authorization", "Bearer " + token);
        int status = connection.getResponseCode();
        String body;
        try (InputStream in = status < 400 ? connection.getInputStream() : connection.getErrorStream()) {
            body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        if (status != 200) {
            throw new IllegalStateException("HTTP " + status + ": " + body);
        }
        return body;
    }

    private void insert() {
        jdbc.update("insert into app_user (username, password_hash, role, created_at)"
                + " select 'bench-author-' || g, 'unusable', 'USER', now() from generate_series(1, 500) g"
                + " on conflict do nothing");
        jdbc.update("insert into user_group (user_id, group_id) select u.id, g.id from app_user u, app_group g"
                + " where u.username like 'bench-author-%' and g.name = 'default' on conflict do nothing");
        String words = "array['" + String.join("','", WORDS) + "']";
        int n = WORDS.length;
        // 80% public and approved, 10% private, 10% group items; text made of the vocabulary.
        jdbc.update("insert into market_item (name, display_name, type, author_id, visibility, status, summary,"
                + " description, tags, categories, latest_version, published_version, star_number, use_number,"
                + " created_at, updated_at)"
                + " select 'bench-item-' || g,"
                + " initcap(w[1 + (g * 7) % " + n + "]) || ' ' || w[1 + (g * 11) % " + n + "] || ' ' || g,"
                + " (array['template','image','data','file','code','example','plugin'])[1 + g % 7],"
                + " (select id from app_user where username = 'bench-author-' || (1 + g % 500)),"
                + " case when g % 10 = 0 then 'private' when g % 10 = 1 then 'groups' else 'public' end,"
                + " 'approved',"
                + " w[1 + (g * 3) % " + n + "] || ' ' || w[1 + (g * 5) % " + n + "] || ' ' || w[1 + (g * 17) % " + n
                + "] || ' for ' || w[1 + (g * 19) % " + n + "],"
                + " (select string_agg(coalesce(w[1 + (g * k * 31 + k * 7) % " + VOCABULARY + "], 't'"
                + " || (1 + (g * k * 31 + k * 7) % " + VOCABULARY + ")), ' ') from generate_series(1, 40) k),"
                + " array[w[1 + (g * 23) % " + n + "], w[1 + (g * 29) % " + n + "]],"
                + " case when g % 50 = 0 then array['official'] else '{}' end,"
                + " 1, 1, g % 97, g % 89, now() - make_interval(secs => g), now()"
                + " from generate_series(1, " + ITEMS + ") g, (select " + words + " as w) v");
        jdbc.update("insert into market_item_group (item_id, group_id) select i.id, g.id from market_item i,"
                + " app_group g where i.visibility = 'groups' and g.name = 'default' on conflict do nothing");
    }
}
