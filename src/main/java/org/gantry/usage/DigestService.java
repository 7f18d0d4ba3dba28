package org.gantry.usage;

import java.time.Clock;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.gantry.security.CurrentUser;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The monthly digest of the signed-in user's own usage: for each of the last {@link #MONTHS}
 * complete months (UTC) in which an attempt of theirs ended, the jobs, how many attempts
 * succeeded, the CPU- and GPU-hours and charges, the diagnoses their failed jobs got most and
 * the advice drawn from that month's jobs. Nobody sees another user's digest, administrators
 * included: it has no user to ask for.
 */
@Service
public class DigestService {

    /** How many complete months a digest looks back. */
    public static final int MONTHS = 12;
    static final int TOP_DIAGNOSES = 3;

    /** One month's digest; resource use in resource-seconds, charges in minor units. */
    public record Month(YearMonth month, long jobs, long attempts, long succeeded, long failed, long cpuSeconds,
                        long gpuSeconds, long chargeMinor, List<BehaviourService.DiagnosisCount> topDiagnoses,
                        List<Recommendation> recommendations) {

        /** When the month ended: its entry's update time in the feed. */
        public Instant end() {
            return month.plusMonths(1).atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant();
        }

        /** Succeeded attempts in whole percent of the attempts that ended, rounded down. */
        public long successPercent() {
            return attempts == 0 ? 0 : succeeded * 100 / attempts;
        }
    }

    private final UsageService usage;
    private final BillingService billing;
    private final BehaviourService behaviour;
    private final CurrentUser currentUser;
    private final Clock clock;

    DigestService(UsageService usage, BillingService billing, BehaviourService behaviour, CurrentUser currentUser,
                  Clock clock) {
        this.usage = usage;
        this.billing = billing;
        this.behaviour = behaviour;
        this.currentUser = currentUser;
        this.clock = clock;
    }

    /** The caller's digest, newest month first; months without an ended attempt are left out. */
    @Transactional(readOnly = true)
    public List<Month> mine() {
        String me = currentUser.require();
        YearMonth current = YearMonth.now(clock.withZone(ZoneOffset.UTC));
        Instant from = start(current.minusMonths(MONTHS));
        Instant to = start(current);
        List<UsageBucket> buckets = usage.usage(from, to, UsageService.By.MONTH,
                new UsageService.Filter(Optional.of(me), Optional.empty(), Optional.empty()));
        List<Month> months = new ArrayList<>();
        for (int i = buckets.size() - 1; i >= 0; i--) {
            UsageBucket b = buckets.get(i);
            YearMonth month = YearMonth.from(b.start().atZone(ZoneOffset.UTC));
            Instant first = start(month);
            Instant end = start(month.plusMonths(1));
            long charge = billing.statement(month, Optional.of(me), Optional.empty()).totalMinor();
            months.add(new Month(month, b.jobs(), b.attempts(), b.succeeded(), b.failed(), b.cpuSeconds(),
                    b.gpuSeconds(), charge, behaviour.diagnoses(me, first, end, TOP_DIAGNOSES),
                    behaviour.profile(me, first, end).recommendations()));
        }
        return months;
    }

    public Money money() {
        return billing.money();
    }

    private static Instant start(YearMonth month) {
        return month.atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant();
    }
}
