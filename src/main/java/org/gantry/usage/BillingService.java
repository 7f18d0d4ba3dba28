package org.gantry.usage;

import java.math.BigInteger;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.gantry.job.SubmissionGate;
import org.gantry.security.CurrentUser;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Billing: the price table, monthly statements, budgets and their month-end forecast, and the
 * hard limit that refuses a submission. Administrators see and change everything; everyone
 * else sees their own statements and the budgets that apply to them. Months are UTC months.
 */
@Service
public class BillingService implements SubmissionGate {

    private static final Logger audit = LoggerFactory.getLogger("org.gantry.audit");
    private static final int MAX_ROWS = 1_000;

    private final BillingStore store;
    private final ChargeQuery charges;
    private final CurrentUser currentUser;
    private final Money money;
    private final Clock clock;

    BillingService(BillingStore store, ChargeQuery charges, CurrentUser currentUser, UsageProperties properties,
                   Clock clock) {
        this.store = store;
        this.charges = charges;
        this.currentUser = currentUser;
        this.money = new Money(properties.currency(), properties.currencyDigits());
        this.clock = clock;
    }

    public Money money() {
        return money;
    }

    /** The current month, {@code 2026-12}. */
    public YearMonth currentMonth() {
        return YearMonth.now(clock.withZone(ZoneOffset.UTC));
    }

    /** A month as {@code YYYY-MM}. */
    public static YearMonth month(String period) {
        try {
            return YearMonth.parse(period);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("Period " + period + " is not a month like 2026-12.");
        }
    }

    @Transactional(readOnly = true)
    public List<Price> prices() {
        return store.prices();
    }

    /** Replaces the whole price table (administrators only). */
    @Transactional
    public void replacePrices(List<Price> prices) {
        requireAdmin();
        if (prices.size() > MAX_ROWS) {
            throw new IllegalArgumentException("At most " + MAX_ROWS + " prices.");
        }
        Set<String> seen = new HashSet<>();
        for (Price p : prices) {
            if (p.virtualCluster() == null || p.virtualCluster().isBlank()
                    || p.virtualCluster().length() > Price.VIRTUAL_CLUSTER_MAX || p.effectiveFrom() == null) {
                throw new IllegalArgumentException("Every price needs a virtualCluster (1 to "
                        + Price.VIRTUAL_CLUSTER_MAX + " characters) and an effectiveFrom instant.");
            }
            if (p.cpuHourMinor() < 0 || p.gpuHourMinor() < 0 || p.memoryGbHourMinor() < 0) {
                throw new IllegalArgumentException("Price of " + p.virtualCluster() + " from " + p.effectiveFrom()
                        + " is negative.");
            }
            if (!seen.add(p.virtualCluster() + "@" + p.effectiveFrom())) {
                throw new IllegalArgumentException("Two prices of " + p.virtualCluster() + " take effect at "
                        + p.effectiveFrom() + ".");
            }
        }
        store.replacePrices(prices);
        audit.info("Price table replaced: {} prices", prices.size());
    }

    /**
     * The statement of {@code period} for {@code user}, {@code group} (administrators only), or
     * everyone (administrators); without either a non-administrator gets their own.
     */
    @Transactional(readOnly = true)
    public Statement statement(YearMonth period, Optional<String> user, Optional<String> group) {
        if (user.isPresent() && group.isPresent()) {
            throw new IllegalArgumentException("Ask for a user's or a group's statement, not both.");
        }
        ChargeQuery.Scope scope;
        String scopeName;
        String subject;
        if (group.isPresent()) {
            requireAdmin();
            if (!store.groupExists(group.get())) {
                throw new IllegalArgumentException("Group " + group.get() + " is not found.");
            }
            scope = ChargeQuery.Scope.group(group.get());
            scopeName = "group";
            subject = group.get();
        } else if (user.isPresent() || !currentUser.isAdmin()) {
            subject = user.orElseGet(currentUser::require);
            currentUser.checkIsSelfOrAdmin(subject);
            if (!store.userExists(subject)) {
                throw new IllegalArgumentException("User " + subject + " is not found.");
            }
            scope = ChargeQuery.Scope.user(subject);
            scopeName = "user";
        } else {
            scope = ChargeQuery.Scope.everyone();
            scopeName = "all";
            subject = "";
        }
        Instant now = clock.instant();
        List<Statement.Line> lines = charges.lines(scope, start(period), start(period.plusMonths(1)), now);
        long total = lines.stream().mapToLong(Statement.Line::chargeMinor).sum();
        return new Statement(period.toString(), scopeName, subject, money.currency(), now, lines, total);
    }

    @Transactional(readOnly = true)
    public List<Budget> budgets() {
        List<Budget> all = store.budgets();
        if (currentUser.isAdmin()) {
            return all;
        }
        String me = currentUser.require();
        List<String> groups = store.groupsOf(me);
        return all.stream().filter(b -> b.scope() == Budget.Scope.USER ? b.subject().equals(me)
                : groups.contains(b.subject())).toList();
    }

    /** Replaces every budget (administrators only). */
    @Transactional
    public void replaceBudgets(List<Budget> budgets) {
        requireAdmin();
        if (budgets.size() > MAX_ROWS) {
            throw new IllegalArgumentException("At most " + MAX_ROWS + " budgets.");
        }
        Set<String> seen = new HashSet<>();
        for (Budget b : budgets) {
            if (b.scope() == null || b.subject() == null || b.subject().isBlank() || b.amountMinor() <= 0) {
                throw new IllegalArgumentException("Every budget needs a scope (USER or GROUP), a subject and an"
                        + " amountMinor above 0.");
            }
            if (b.warnPercents().stream().anyMatch(p -> p == null || p < 1 || p > 1000) || b.warnPercents().size() > 8) {
                throw new IllegalArgumentException("Budget of " + b.subject() + ": warnPercents are at most 8 numbers"
                        + " from 1 to 1000.");
            }
            boolean exists = b.scope() == Budget.Scope.USER ? store.userExists(b.subject()) : store.groupExists(b.subject());
            if (!exists) {
                throw new IllegalArgumentException("Budget names " + b.scope().name().toLowerCase() + " " + b.subject()
                        + ", which is not found.");
            }
            if (!seen.add(b.scope() + "/" + b.subject())) {
                throw new IllegalArgumentException("Two budgets for " + b.scope().name().toLowerCase() + " "
                        + b.subject() + ".");
            }
        }
        store.replaceBudgets(budgets);
        audit.info("Budgets replaced: {} budgets", budgets.size());
    }

    /** How each budget the caller may see stands this month. */
    @Transactional(readOnly = true)
    public List<Budget.Status> budgetStatuses() {
        return budgets().stream().map(this::status).toList();
    }

    /** The budgets that apply to {@code username} (theirs and their groups'), as they stand this month. */
    @Transactional(readOnly = true)
    public List<Budget.Status> statusesFor(String username) {
        currentUser.checkIsSelfOrAdmin(username);
        List<String> groups = store.groupsOf(username);
        return store.budgets().stream().filter(b -> b.scope() == Budget.Scope.USER ? b.subject().equals(username)
                : groups.contains(b.subject())).map(this::status).toList();
    }

    @Override
    @Transactional(readOnly = true)
    public Optional<String> refusal(String username, String virtualCluster) {
        List<Budget> budgets = store.budgets();
        // the user's groups are read only when a group has a hard limit: most submissions pay one query
        List<String> groups = budgets.stream().anyMatch(b -> b.hardLimit() && b.scope() == Budget.Scope.GROUP)
                ? store.groupsOf(username) : List.of();
        for (Budget b : budgets) {
            boolean applies = b.scope() == Budget.Scope.USER ? b.subject().equals(username) : groups.contains(b.subject());
            if (b.hardLimit() && applies) {
                Budget.Status status = status(b);
                if (status.level() == Budget.Status.Level.EXCEEDED) {
                    String whose = b.scope() == Budget.Scope.USER ? "user " + b.subject() : "group " + b.subject();
                    return Optional.of("The budget of " + whose + " for " + status.period() + " is spent ("
                            + money.format(status.spentMinor()) + " of " + money.format(b.amountMinor())
                            + "), and it has a hard limit: ask an administrator to raise it, or wait for next month.");
                }
            }
        }
        return Optional.empty();
    }

    Budget.Status status(Budget budget) {
        YearMonth month = currentMonth();
        ChargeQuery.Scope scope = budget.scope() == Budget.Scope.USER ? ChargeQuery.Scope.user(budget.subject())
                : ChargeQuery.Scope.group(budget.subject());
        Instant from = start(month);
        Instant to = start(month.plusMonths(1));
        Instant now = clock.instant();
        long spent = charges.lines(scope, from, to, now).stream().mapToLong(Statement.Line::chargeMinor).sum();
        long forecast = forecast(spent, Duration.between(from, now), Duration.between(from, to));
        Budget.Status.Level level = Budget.Status.Level.OK;
        Integer crossed = null;
        for (int percent : budget.warnPercents()) {
            // spent / amount ≥ percent / 100, in integers
            if (BigInteger.valueOf(spent).multiply(BigInteger.valueOf(100))
                    .compareTo(BigInteger.valueOf(budget.amountMinor()).multiply(BigInteger.valueOf(percent))) >= 0
                    && (crossed == null || percent > crossed)) {
                crossed = percent;
                level = Budget.Status.Level.WARNING;
            }
        }
        if (spent >= budget.amountMinor()) {
            level = Budget.Status.Level.EXCEEDED;
        }
        return new Budget.Status(budget, month.toString(), spent, forecast, level, crossed);
    }

    /** The month's charges if the rate so far holds to its end: {@code spent × month / elapsed}, rounded down. */
    static long forecast(long spent, Duration elapsed, Duration month) {
        long elapsedSeconds = elapsed.toSeconds();
        if (elapsedSeconds <= 0) {
            return spent;
        }
        if (elapsed.compareTo(month) >= 0) {
            return spent;
        }
        return BigInteger.valueOf(spent).multiply(BigInteger.valueOf(month.toSeconds()))
                .divide(BigInteger.valueOf(elapsedSeconds)).longValueExact();
    }

    static Instant start(YearMonth month) {
        return month.atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant();
    }

    private void requireAdmin() {
        if (!currentUser.isAdmin()) {
            throw new AccessDeniedException("Only administrators may do this");
        }
    }

    /** Statement CSV: one line per user and virtual cluster, then the total. */
    public static String csv(Statement s, Money money) {
        StringBuilder out = new StringBuilder("period,user,virtual_cluster,attempts,cpu_seconds,gpu_seconds,"
                + "memory_mb_seconds,charge," + "currency\r\n");
        List<String> fields = new ArrayList<>();
        for (Statement.Line l : s.lines()) {
            fields.clear();
            fields.add(s.period());
            fields.add(HistoryCsv.escape(l.user()));
            fields.add(HistoryCsv.escape(l.virtualCluster()));
            fields.add(Long.toString(l.attempts()));
            fields.add(Long.toString(l.cpuSeconds()));
            fields.add(Long.toString(l.gpuSeconds()));
            fields.add(Long.toString(l.memoryMbSeconds()));
            fields.add(money.plain(l.chargeMinor()));
            fields.add(s.currency());
            out.append(String.join(",", fields)).append("\r\n");
        }
        out.append(s.period()).append(",total,,,,,,").append(money.plain(s.totalMinor())).append(',')
                .append(s.currency()).append("\r\n");
        return out.toString();
    }
}
