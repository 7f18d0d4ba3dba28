package org.gantry.job.tips;

/**
 * Advice drawn from a user's own recent jobs. {@code key} is stable for as long as the
 * advice is the same, so a dismissed tip stays dismissed.
 */
public record Tip(String key, String title, String text) {
}
