package org.gantry.usage;

/** Advice drawn from a user's jobs: what was seen, in how many jobs, and what to do instead. */
public record Recommendation(String code, String title, String advice, long jobs) {
}
