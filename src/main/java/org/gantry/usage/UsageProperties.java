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
        /** Directory the exports are written under when no {@code exportStorage} is named. */
        Path exportDirectory,
        /**
         * A registered storage (by name) the exports are written into through the storage
         * feature; empty: {@code exportDirectory}.
         */
        String exportStorage,
        /** Folder inside {@code exportStorage} the {@code history/} files go under; empty: its root. */
        String exportStoragePath,
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
        exportStorage = exportStorage == null ? "" : exportStorage.strip();
        exportStoragePath = exportStoragePath == null ? "" : exportStoragePath.strip();
        currency = currency == null || currency.isBlank() ? "EUR" : currency;
        currencyDigits = currencyDigits <= 0 ? 2 : currencyDigits;
    }
}
