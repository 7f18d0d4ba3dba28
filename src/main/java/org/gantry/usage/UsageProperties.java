package org.gantry.usage;

import java.nio.file.Path;
import org.springframework.boot.context.properties.ConfigurationProperties;

/** Settings of usage history and billing, under {@code gantry.usage}. */
@ConfigurationProperties("gantry.usage")
public record UsageProperties(
        /** When the scheduled history export runs (Spring cron, six fields); "-" turns it off. */
        String exportCron,
        /** Period each scheduled export covers: DAY (the previous day) or WEEK (the previous Monday to Sunday). */
        ExportPeriod exportPeriod,
        /** Directory the exports are written under, until the storage feature takes them. */
        Path exportDirectory,
        /** ISO 4217 code of the currency all prices and budgets are in. */
        String currency,
        /** Digits after the decimal point of the currency's minor unit. */
        int currencyDigits) {

    public enum ExportPeriod { DAY, WEEK }

    public UsageProperties {
        exportCron = exportCron == null || exportCron.isBlank() ? "0 15 0 * * *" : exportCron;
        exportPeriod = exportPeriod == null ? ExportPeriod.DAY : exportPeriod;
        exportDirectory = exportDirectory == null ? Path.of(System.getProperty("user.home"), ".gantry", "exports")
                : exportDirectory;
        currency = currency == null || currency.isBlank() ? "EUR" : currency;
        currencyDigits = currencyDigits <= 0 ? 2 : currencyDigits;
    }
}
