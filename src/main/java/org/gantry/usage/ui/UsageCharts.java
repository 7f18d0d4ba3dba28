package org.gantry.usage.ui;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import org.gantry.usage.UsageBucket;

/** The usage views' charts. */
final class UsageCharts {

    private UsageCharts() {
    }

    /** Jobs per day as bars, GPU-hours as a line. */
    static UsageChart daily(List<UsageBucket> days) {
        List<String> labels = days.stream().map(b -> LocalDate.ofInstant(b.start(), ZoneOffset.UTC).toString()).toList();
        List<Long> jobs = days.stream().map(UsageBucket::jobs).toList();
        List<BigDecimal> gpuHours = days.stream().map(b -> BigDecimal.valueOf(b.gpuSeconds())
                .divide(BigDecimal.valueOf(3600), 2, RoundingMode.HALF_UP)).toList();
        UsageChart chart = new UsageChart("Jobs and GPU-hours per day", labels, "Jobs", jobs, "GPU-hours", gpuHours);
        chart.setId("daily-chart");
        return chart;
    }
}
