package org.gantry.usage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.time.Clock;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.TemporalAdjusters;
import java.util.Optional;
import org.gantry.security.CurrentUser;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Service;

/**
 * The job history: CSV for any period on demand (administrators see everyone, others only
 * themselves), and the scheduled export of the previous day or week to the export store as
 * {@code history/<first day>.csv}. Days are UTC days.
 */
@Service
public class HistoryService {

    /** The longest period one on-demand export may cover. */
    public static final Duration MAX_PERIOD = Duration.ofDays(366);

    private static final Logger audit = LoggerFactory.getLogger("org.gantry.audit");
    private static final Logger log = LoggerFactory.getLogger(HistoryService.class);

    private final HistoryQuery query;
    private final ExportStore store;
    private final CurrentUser currentUser;
    private final UsageProperties properties;
    private final Clock clock;

    HistoryService(HistoryQuery query, ExportStore store, CurrentUser currentUser, UsageProperties properties,
                   Clock clock) {
        this.query = query;
        this.store = store;
        this.currentUser = currentUser;
        this.properties = properties;
        this.clock = clock;
    }

    /**
     * Writes the CSV of attempts that ended in {@code [from, to)} as the caller may see them:
     * all for an administrator, the caller's own otherwise. Returns the number of rows.
     *
     * @throws IllegalArgumentException when the period is empty, reversed or too long
     */
    public long writeCsv(Instant from, Instant to, Writer out) {
        checkPeriod(from, to);
        Optional<String> only = currentUser.isAdmin() ? Optional.empty() : Optional.of(currentUser.require());
        HistoryCsv csv = new HistoryCsv(out);
        csv.header();
        long rows = query.stream(from, to, only, csv::row);
        audit.info("History exported for {} to {}: {} rows{}", from, to, rows, only.map(u -> " of " + u).orElse(""));
        return rows;
    }

    /** Runs at {@code gantry.usage.export-cron}: exports the period before today. */
    @Scheduled(cron = "${gantry.usage.export-cron:0 15 0 * * *}", zone = "UTC")
    public void scheduledExport() {
        try {
            exportPreviousPeriod();
        } catch (IOException | RuntimeException e) {
            log.error("Scheduled history export failed; it runs again at the next tick", e);
        }
    }

    /** Exports the previous day or week (by {@code gantry.usage.export-period}); returns its path. */
    public String exportPreviousPeriod() throws IOException {
        LocalDate today = LocalDate.now(clock.withZone(ZoneOffset.UTC));
        LocalDate first;
        LocalDate end;
        if (properties.exportPeriod() == UsageProperties.ExportPeriod.WEEK) {
            end = today.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
            first = end.minusWeeks(1);
        } else {
            end = today;
            first = today.minusDays(1);
        }
        return export(first, end);
    }

    /**
     * An administrator's export of the days {@code [first, end)} into the export store now, as
     * the schedule would write it; returns where it landed.
     *
     * @throws org.springframework.security.access.AccessDeniedException for anyone else
     * @throws IllegalArgumentException when the period is empty, reversed or too long
     */
    public String exportNow(LocalDate first, LocalDate end) throws IOException {
        if (!currentUser.isAdmin()) {
            throw new org.springframework.security.access.AccessDeniedException(
                    "Only administrators export everyone's history into the export store");
        }
        String where = export(first, end);
        audit.info("History {} to {} exported on demand by {}", first, end, currentUser.require());
        return where;
    }

    /** Where exports go, for the admin view: the storage and folder, or the directory. */
    public String exportTarget() {
        return properties.exportStorage().isEmpty() ? "directory " + properties.exportDirectory()
                : "storage " + properties.exportStorage() + (properties.exportStoragePath().isEmpty() ? ""
                : ", folder " + properties.exportStoragePath());
    }

    /** Exports the days {@code [first, end)} to {@code history/<first>.csv}. */
    public String export(LocalDate first, LocalDate end) throws IOException {
        Instant from = first.atStartOfDay(ZoneOffset.UTC).toInstant();
        Instant to = end.atStartOfDay(ZoneOffset.UTC).toInstant();
        checkPeriod(from, to);
        long[] rows = {0};
        String where = store.write("history/" + first + ".csv", out -> {
            HistoryCsv csv = new HistoryCsv(out);
            csv.header();
            try {
                rows[0] = query.stream(from, to, Optional.empty(), csv::row);
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
        });
        audit.info("History {} to {} exported to {}: {} rows", first, end, where, rows[0]);
        return where;
    }

    /** Refuses an empty, reversed or too long period with a message that says which. */
    public static void checkPeriod(Instant from, Instant to) {
        if (!from.isBefore(to)) {
            throw new IllegalArgumentException("The period is empty: from (" + from + ") must be before to (" + to + ").");
        }
        if (Duration.between(from, to).compareTo(MAX_PERIOD) > 0) {
            throw new IllegalArgumentException("The period is longer than " + MAX_PERIOD.toDays()
                    + " days; export it in parts.");
        }
    }
}
