package org.gantry.usage;

import java.util.List;

/**
 * A monthly budget of a user or a group in minor units; warnings when the month's charges
 * reach each of {@code warnPercents}; with {@code hardLimit}, new submissions are refused
 * once the charges reach the amount.
 */
public record Budget(Scope scope, String subject, long amountMinor, List<Integer> warnPercents, boolean hardLimit) {

    public enum Scope { USER, GROUP }

    public Budget {
        warnPercents = warnPercents == null ? List.of(80) : List.copyOf(warnPercents);
    }

    /** How the budget stands this month. */
    public record Status(Budget budget, String period, long spentMinor, long forecastMinor, Level level,
                         Integer crossedPercent) {

        public enum Level { OK, WARNING, EXCEEDED }

        /** The portal's one-line summary for the budget's own user, amounts formatted by {@code money}. */
        public String describe(Money money) {
            return describe(money, budget.subject());
        }

        /** The one-line summary as {@code viewer} reads it ("Your budget" or "Budget of user …"). */
        public String describe(Money money, String viewer) {
            Budget b = budget;
            String who = b.scope() == Scope.GROUP ? "Budget of group " + b.subject()
                    : b.subject().equals(viewer) ? "Your budget" : "Budget of user " + b.subject();
            return switch (level) {
                case OK -> who + ": " + money.format(spentMinor) + " of " + money.format(b.amountMinor()) + " spent in "
                        + period + "; forecast " + money.format(forecastMinor) + ".";
                case WARNING -> who + " is " + crossedPercent + "% spent: " + money.format(spentMinor) + " of "
                        + money.format(b.amountMinor()) + " in " + period + "; month-end forecast "
                        + money.format(forecastMinor) + ".";
                case EXCEEDED -> who + " is spent: " + money.format(spentMinor) + " of " + money.format(b.amountMinor())
                        + " in " + period + (b.hardLimit() ? "; new jobs are refused until next month or until an"
                        + " administrator raises the budget." : ".");
            };
        }
    }
}
