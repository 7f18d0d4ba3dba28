package org.gantry.usage;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gantry.security.CurrentUser;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Usage over time, per day or month (UTC), from the task attempts that ended in a period,
 * filtered by user, group and virtual cluster (read through {@link UsageDays}). A job counts
 * once, in the bucket where its first attempt ended. Administrators see anyone's; everyone else
 * sees only their own, whatever they ask for.
 */
@Service
public class UsageService {

    public enum By { DAY, MONTH }

    /** What to count: {@code user}, {@code group} and {@code virtualCluster} narrow it when present. */
    public record Filter(Optional<String> user, Optional<String> group, Optional<String> virtualCluster) {

        public static final Filter ALL = new Filter(Optional.empty(), Optional.empty(), Optional.empty());
    }

    private final JdbcTemplate jdbc;
    private final UsageDays days;
    private final CurrentUser currentUser;

    UsageService(JdbcTemplate jdbc, UsageDays days, CurrentUser currentUser) {
        this.jdbc = jdbc;
        this.days = days;
        this.currentUser = currentUser;
    }

    /**
     * One virtual cluster's use of its cpu quota over a period: cpu-seconds requested by the
     * attempts that ended in it against {@code cpuQuota × period}; {@code percent} is empty
     * without a quota.
     */
    public record Utilization(String virtualCluster, long cpuSeconds, Optional<Integer> cpuQuota,
                              Optional<Long> percent) {
    }

    /** Every virtual cluster's cpu use against its quota in {@code [from, to)}; administrators only. */
    @Transactional(readOnly = true)
    public List<Utilization> utilization(Instant from, Instant to) {
        HistoryService.checkPeriod(from, to);
        if (!currentUser.isAdmin()) {
            throw new AccessDeniedException("Only administrators see every virtual cluster's utilization");
        }
        double seconds = java.time.Duration.between(from, to).toSeconds();
        Map<String, UsageDays.Sums> used = days.sums(from, to, UsageDays.Grouping.VIRTUAL_CLUSTER, String.class::cast,
                Optional.empty(), Optional.empty(), Optional.empty());
        return jdbc.query("select name, cpu_quota from virtual_cluster order by name", (rs, i) -> {
            String name = rs.getString("name");
            long cpuSeconds = Optional.ofNullable(used.get(name)).map(UsageDays.Sums::roundedCpuSeconds).orElse(0L);
            Optional<Integer> quota = Optional.ofNullable((Integer) rs.getObject("cpu_quota"));
            return new Utilization(name, cpuSeconds, quota,
                    quota.filter(q -> q > 0).map(q -> Math.round(cpuSeconds * 100.0 / (q * seconds))));
        });
    }

    /** Buckets of {@code [from, to)} that had any attempt end, oldest first. */
    @Transactional(readOnly = true)
    public List<UsageBucket> usage(Instant from, Instant to, By by, Filter filter) {
        HistoryService.checkPeriod(from, to);
        Optional<String> user = currentUser.isAdmin() ? filter.user() : Optional.of(currentUser.require());
        Map<Instant, UsageDays.Sums> buckets = days.sums(from, to, UsageDays.Grouping.byTime(by), UsageDays::utc,
                user, filter.group(), filter.virtualCluster());
        return buckets.entrySet().stream().map(e -> {
            UsageDays.Sums sums = e.getValue();
            return new UsageBucket(e.getKey(), sums.jobs(), sums.attempts(), sums.succeeded(), sums.failed(),
                    sums.roundedCpuSeconds(), sums.roundedGpuSeconds(), sums.meanWaitSeconds(), sums.usedCpuSeconds(),
                    sums.maxPeakMemoryMb());
        }).toList();
    }
}
