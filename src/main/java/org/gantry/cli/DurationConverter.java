package org.gantry.cli;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** {@code 30s}, {@code 10m}, {@code 2h} (or ISO-8601's {@code PT10M}) as a Duration. */
class DurationConverter implements ITypeConverter<Duration> {

    @Override
    public Duration convert(String value) {
        String text = value.strip().toUpperCase(Locale.ROOT);
        try {
            if (text.matches("\\d+[SMH]")) {
                return Duration.parse("PT" + text);
            }
            return Duration.parse(text);
        } catch (DateTimeParseException e) {
            throw new TypeConversionException("`" + value + "` is not a duration such as 30s, 10m or 2h");
        }
    }
}
