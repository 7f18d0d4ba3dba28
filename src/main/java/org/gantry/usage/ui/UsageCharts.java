package org.gantry.usage.ui;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.gantry.usage.Behaviour;
import org.gantry.usage.UsageBucket;
import org.gantry.usage.UsageService;

/** The usage views' charts. */
final class UsageCharts {

    private UsageCharts() {
    }

    /** Jobs per day as bars, GPU-hours as a line. */
    static UsageChart daily(List<UsageBucket> days) {
        List<Long> jobs = days.stream().map(UsageBucket::jobs).toList();
        List<BigDecimal> gpuHours = days.stream().map(b -> BigDecimal.valueOf(b.gpuSeconds())
                .divide(BigDecimal.valueOf(3600), 2, RoundingMode.HALF_UP)).toList();
        UsageChart chart = new UsageChart("Jobs and GPU-hours per day", labels(days), "Jobs", jobs, "GPU-hours",
                gpuHours);
        chart.setId("daily-chart");
        return chart;
    }

    /** Mean wait per day (minutes) as bars, the share of attempts that succeeded as a line. */
    static UsageChart outcomes(List<UsageBucket> days) {
        List<BigDecimal> waitMinutes = days.stream().map(b -> BigDecimal.valueOf(b.meanWaitSeconds())
                .divide(BigDecimal.valueOf(60), 1, RoundingMode.HALF_UP)).toList();
        List<Long> success = days.stream().map(b -> b.attempts() == 0 ? 0 : Math.round(b.succeeded() * 100.0
                / b.attempts())).toList();
        UsageChart chart = new UsageChart("Mean wait and success rate per day", labels(days), "Mean wait (min)",
                waitMinutes, "Succeeded (%)", success);
        chart.setId("outcome-chart");
        return chart;
    }

    /** How many jobs used each tool, most used first. */
    static UsageChart tools(Map<Behaviour.Tool, Long> tools) {
        List<Map.Entry<Behaviour.Tool, Long>> top = tools.entrySet().stream()
                .sorted(Map.Entry.<Behaviour.Tool, Long>comparingByValue().reversed()).toList();
        UsageChart chart = new UsageChart("Jobs per command", top.stream().map(e -> e.getKey().label()).toList(),
                "Jobs", top.stream().map(Map.Entry::getValue).toList(), null, List.of());
        chart.setId("tools-chart");
        return chart;
    }

    /** How many jobs used each image (the profile's top ten). */
    static UsageChart images(Map<String, Long> images) {
        UsageChart chart = new UsageChart("Jobs per image", List.copyOf(images.keySet()), "Jobs",
                List.copyOf(images.values()), null, List.of());
        chart.setId("images-chart");
        return chart;
    }

    /** Each virtual cluster's cpu use as a share of its quota (0 where it has none). */
    static UsageChart utilization(List<UsageService.Utilization> clusters) {
        UsageChart chart = new UsageChart("CPU use against quota this month",
                clusters.stream().map(UsageService.Utilization::virtualCluster).toList(), "% of cpu quota",
                clusters.stream().map(u -> u.percent().orElse(0L)).toList(), null, List.of());
        chart.setId("utilization-chart");
        return chart;
    }

    private static List<String> labels(List<UsageBucket> days) {
        return days.stream().map(b -> LocalDate.ofInstant(b.start(), ZoneOffset.UTC).toString()).toList();
    }
}
