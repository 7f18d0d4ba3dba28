package org.gantry.bench;

import static com.github.mvysny.kaributesting.v10.LocatorJ._find;

import com.github.mvysny.kaributesting.v10.MockVaadin;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.server.VaadinServlet;
import com.vaadin.flow.server.VaadinSession;
import com.vaadin.flow.server.communication.UidlWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.time.Instant;
import javax.management.ObjectName;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gantry.GantryApplication;
import org.gantry.job.JobRows;
import org.gantry.job.JobState;
import org.gantry.security.Role;
import org.gantry.testsupport.KaribuSupport;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The heap one signed-in browser session takes on the job list: Gantry's Spring context as
 * {@code main} builds it, then N sessions (Karibu's in-memory Vaadin, no browser) each signed
 * in and showing the job list with its first page of rows fetched as a browser would, all kept
 * open. Prints the heap in use after a full collection before and after, per session.
 * Used by {@code bench/startup.sh sessions [N]}; the context's own heap is the baseline.
 */
public final class UiSessionMemory {

    private static final int USERS = 50;
    private static final int JOBS_PER_USER = 60;
    /** Rows the browser's grid asks for on first show (its page size). */
    private static final int FIRST_PAGE = Integer.getInteger("bench.rows", 50);

    private UiSessionMemory() {
    }

    public static void main(String[] args) throws Exception {
        int sessions = args.length > 0 ? Integer.parseInt(args[0]) : 500;
        ConfigurableApplicationContext context = GantryApplication.application().run();
        try {
            JdbcTemplate jdbc = context.getBean(JdbcTemplate.class);
            JobRows rows = new JobRows(jdbc);
            Instant t0 = Instant.parse("2026-03-01T00:00:00Z");
            List<String> users = new ArrayList<>();
            for (int u = 0; u < USERS; u++) {
                String user = rows.user("session-" + u);
                users.add(user);
                for (int j = 0; j < JOBS_PER_USER; j++) {
                    JobState state = JobState.values()[j % JobState.values().length];
                    rows.job(user, "job-" + j, "default", state, t0.plusSeconds(j));
                }
            }
            VaadinServlet servlet = KaribuSupport.servlet(context);
            List<VaadinSession> open = new ArrayList<>();
            // one session first, closed again: classes, caches and the servlet exist before the baseline
            openJobList(context, servlet, users.get(0));
            if (Boolean.getBoolean("bench.tree")) {
                printTree(UI.getCurrent());
            }
            KaribuSupport.signOut();
            long before = heapAfterGc();
            Map<String, long[]> classesBefore = Boolean.getBoolean("bench.histogram") ? classes() : Map.of();
            for (int i = 0; i < sessions; i++) {
                open.add(openJobList(context, servlet, users.get(i % USERS)));
            }
            long after = heapAfterGc();
            System.out.printf("%s, %d signed-in sessions (%d users, %d jobs each, first %d rows fetched):%n",
                    System.getProperty("bench.route", "").isEmpty() ? "job list" : "/" + System.getProperty("bench.route"),
                    open.size(), USERS, JOBS_PER_USER, FIRST_PAGE);
            System.out.printf("heap after full GC: %.1f MB before the sessions, %.1f MB with them;"
                    + " %.1f kB per session%n", before / 1e6, after / 1e6, (after - before) / 1e3 / open.size());
            if (Boolean.getBoolean("bench.histogram")) {
                printGrowth(classesBefore, classes(), open.size());
            }
            if (Boolean.getBoolean("bench.owners")) {
                SessionOwners.print(open.get(open.size() - 1), context, servlet, servlet.getService());
            }
            KaribuSupport.signOut();
        } finally {
            context.close();
        }
        System.exit(0);
    }

    /** A new session signed in as {@code user} on the job list, its first page fetched. */
    private static VaadinSession openJobList(ConfigurableApplicationContext context, VaadinServlet servlet,
            String user) {
        KaribuSupport.signIn(context, servlet, user, Role.USER);
        UI.getCurrent().navigate(System.getProperty("bench.route", ""));
        for (Grid<?> grid : _find(Grid.class)) {
            grid.getDataCommunicator().setViewportRange(0, FIRST_PAGE);
        }
        MockVaadin.clientRoundtrip();
        // The response a browser would receive: writing it hands the state tree's pending changes
        // over and forgets them, as the server does after every request. Karibu writes none, so
        // without this every session kept the changes of its whole first page.
        new UidlWriter().createUidl(UI.getCurrent(), false);
        return VaadinSession.getCurrent();
    }

    /**
     * The session's Vaadin state per element tag: how many nodes, and the DOM event listeners they
     * carry by event type (each listener keeps its own settings in the session).
     */
    private static void printTree(UI ui) throws Exception {
        java.lang.reflect.Field listenersField = com.vaadin.flow.internal.nodefeature.ElementListenerMap.class
                .getDeclaredField("listeners");
        listenersField.setAccessible(true);
        Map<String, int[]> nodes = new java.util.TreeMap<>();
        Map<String, Map<String, Integer>> events = new java.util.TreeMap<>();
        ui.getElement().getNode().visitNodeTree(node -> {
            String tag = node.hasFeature(com.vaadin.flow.internal.nodefeature.ElementData.class)
                    ? String.valueOf(node.getFeature(com.vaadin.flow.internal.nodefeature.ElementData.class).getTag())
                    : "(no element)";
            nodes.computeIfAbsent(tag, t -> new int[1])[0]++;
            if (!node.hasFeature(com.vaadin.flow.internal.nodefeature.ElementListenerMap.class)) {
                return;
            }
            node.getFeatureIfInitialized(com.vaadin.flow.internal.nodefeature.ElementListenerMap.class).ifPresent(map -> {
                try {
                    Object listeners = listenersField.get(map);
                    if (listeners instanceof Map<?, ?> byType) {
                        byType.forEach((type, list) -> events.computeIfAbsent(tag, t -> new java.util.TreeMap<>())
                                .merge(String.valueOf(type), ((List<?>) list).size(), Integer::sum));
                    }
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            });
        });
        System.out.println("one session's state nodes by tag (count; DOM listeners by event):");
        nodes.forEach((tag, count) -> System.out.printf("%5d  %s  %s%n", count[0], tag,
                events.getOrDefault(tag, Map.of())));
    }

    /** Instances and bytes per class in the heap (jcmd GC.class_histogram, which collects first). */
    private static Map<String, long[]> classes() throws Exception {
        String histogram = (String) ManagementFactory.getPlatformMBeanServer().invoke(
                new ObjectName("com.sun.management:type=DiagnosticCommand"), "gcClassHistogram",
                new Object[] {new String[0]}, new String[] {String[].class.getName()});
        Map<String, long[]> classes = new HashMap<>();
        Matcher row = Pattern.compile("(?m)^\\s*\\d+:\\s+(\\d+)\\s+(\\d+)\\s+(\\S+)").matcher(histogram);
        while (row.find()) {
            classes.put(row.group(3), new long[] {Long.parseLong(row.group(1)), Long.parseLong(row.group(2))});
        }
        return classes;
    }

    /** The classes the sessions added most bytes of, per session: what a session holds. */
    private static void printGrowth(Map<String, long[]> before, Map<String, long[]> after, int sessions) {
        System.out.println("classes the sessions added most of, per session: instances, bytes");
        after.entrySet().stream()
                .map(e -> Map.entry(e.getKey(), new long[] {
                        e.getValue()[0] - before.getOrDefault(e.getKey(), new long[2])[0],
                        e.getValue()[1] - before.getOrDefault(e.getKey(), new long[2])[1]}))
                .sorted((a, b) -> Long.compare(b.getValue()[1], a.getValue()[1]))
                .limit(40)
                .forEach(e -> System.out.printf("%10.1f %10.0f  %s%n", e.getValue()[0] / (double) sessions,
                        e.getValue()[1] / (double) sessions, e.getKey()));
    }

    private static long heapAfterGc() throws InterruptedException {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            memory.gc();
            Thread.sleep(200);
            used = Math.min(used, memory.getHeapMemoryUsage().getUsed());
        }
        return used;
    }
}
