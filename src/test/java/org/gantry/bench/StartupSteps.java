package org.gantry.bench;

import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.StreamSupport;
import org.gantry.GantryApplication;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.metrics.buffering.BufferingApplicationStartup;
import org.springframework.boot.context.metrics.buffering.StartupTimeline.TimelineEvent;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.metrics.StartupStep;

/**
 * Starts Gantry as {@code main} does, with Spring's startup steps recorded, and prints where
 * the start went: the steps with the most time of their own (their time minus their
 * children's), and the total per kind of step. Used by {@code bench/startup.sh steps}.
 */
public final class StartupSteps {

    public static void main(String[] args) {
        SpringApplication application = GantryApplication.application();
        BufferingApplicationStartup startup = new BufferingApplicationStartup(200_000);
        application.setApplicationStartup(startup);
        long started = System.nanoTime();
        ConfigurableApplicationContext context = application.run(args);
        Duration total = Duration.ofNanos(System.nanoTime() - started);
        List<TimelineEvent> events = startup.getBufferedTimeline().getEvents();
        Map<Long, Duration> childTime = new HashMap<>();
        for (TimelineEvent event : events) {
            Long parent = event.getStartupStep().getParentId();
            if (parent != null) {
                childTime.merge(parent, event.getDuration(), Duration::plus);
            }
        }
        Map<String, Duration> byName = new TreeMap<>();
        record Own(String label, Duration own) { }
        List<Own> own = events.stream().map(event -> {
            StartupStep step = event.getStartupStep();
            Duration self = event.getDuration().minus(childTime.getOrDefault(step.getId(), Duration.ZERO));
            byName.merge(step.getName(), self, Duration::plus);
            return new Own(step.getName() + " " + tags(step), self);
        }).sorted(Comparator.comparing(Own::own).reversed()).limit(30).toList();
        System.out.printf("%nrun() returned after %,d ms (JVM up %,d ms); %d steps recorded%n", total.toMillis(),
                java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime(), events.size());
        System.out.println("\nSteps with the most time of their own (ms):");
        own.forEach(o -> System.out.printf("%8d  %s%n", o.own().toMillis(), o.label()));
        System.out.println("\nOwn time per kind of step (ms):");
        byName.entrySet().stream().sorted(Map.Entry.<String, Duration>comparingByValue().reversed())
                .forEach(e -> System.out.printf("%8d  %s%n", e.getValue().toMillis(), e.getKey()));
        context.close();
    }

    private static String tags(StartupStep step) {
        return StreamSupport.stream(step.getTags().spliterator(), false)
                .filter(tag -> !tag.getKey().equals("beanType"))
                .map(tag -> tag.getKey() + "=" + abbreviate(tag.getValue()))
                .reduce((a, b) -> a + " " + b).orElse("");
    }

    private static String abbreviate(String value) {
        return value.length() > 90 ? value.substring(0, 87) + "..." : value;
    }
}
